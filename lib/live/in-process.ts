import { parseLiveChannel, parseLiveEvent, type LiveEvent } from "./events";
import { LiveHub, type LiveBackend, type LiveRecord } from "./hub";
import type { LivePort } from "./port";

export type InProcessOptions = {
  /** Events kept per channel for catch-up (a ring buffer). */
  retainPerChannel?: number;
  /** Channels whose log is kept; the least recently published is forgotten past it. */
  maxChannels?: number;
};

type ChannelLog = { records: LiveRecord[]; start: number; trimmedThrough: number };

/**
 * The embedded default: one instance, nothing shared. Ids are "<epoch>.<sequence>": the epoch is
 * this port's start, so a client holding an id from before a restart is told it missed events
 * instead of waiting for a sequence that starts again at 1.
 */
export function createInProcessLivePort(options: InProcessOptions = {}): LivePort {
  const retain = options.retainPerChannel ?? 500;
  const maxChannels = options.maxChannels ?? 10_000;
  const epoch = Date.now().toString(36);
  let sequence = 0;
  /** The newest sequence of a channel forgotten whole (maxChannels): a resume from before it missed events. */
  let forgottenThrough = 0;
  const logs = new Map<string, ChannelLog>();

  const sequenceOf = (id: string): number | undefined => {
    const [idEpoch, seq, ...rest] = id.split(".");
    if (idEpoch !== epoch || rest.length > 0 || !/^[1-9]\d{0,15}$/.test(seq ?? "")) return undefined;
    return Number(seq);
  };

  const backend: LiveBackend = {
    attach: async () => {},
    detach: async () => {},
    async readSince(channel, lastEventId) {
      const after = sequenceOf(lastEventId);
      const log = logs.get(channel);
      if (after === undefined) return { records: [], missed: true };
      if (!log) return { records: [], missed: after < forgottenThrough };
      const records = log.records.slice(log.start).filter((record) => sequenceOf(record.id)! > after);
      return { records, missed: after < log.trimmedThrough };
    },
    compare(a, b) {
      const x = sequenceOf(a);
      const y = sequenceOf(b);
      return x === undefined || y === undefined ? undefined : x - y;
    },
  };
  const hub = new LiveHub(backend);

  return {
    kind: "in-process",
    async publish(channelInput: string, eventInput: LiveEvent) {
      const channel = parseLiveChannel(channelInput);
      const event = parseLiveEvent(eventInput);
      sequence += 1;
      const record: LiveRecord = { id: `${epoch}.${sequence}`, event };
      let log = logs.get(channel);
      if (log) logs.delete(channel);
      else log = { records: [], start: 0, trimmedThrough: 0 };
      logs.set(channel, log); // the most recently published channel is last
      log.records.push(record);
      if (log.records.length - log.start > retain) {
        log.trimmedThrough = sequenceOf(log.records[log.start]!.id)!;
        log.start += 1;
        // Compact now and then rather than shifting the array on every publish.
        if (log.start >= retain) {
          log.records = log.records.slice(log.start);
          log.start = 0;
        }
      }
      if (logs.size > maxChannels) {
        const [oldest, oldestLog] = logs.entries().next().value!;
        logs.delete(oldest);
        forgottenThrough = Math.max(forgottenThrough, sequenceOf(oldestLog.records.at(-1)!.id)!);
      }
      hub.dispatch(channel, record);
      return record.id;
    },
    subscribe: (channel, options) => hub.subscribe(channel, options),
    subscriberCount: () => hub.subscriberCount(),
    close: () => hub.close(),
  };
}
