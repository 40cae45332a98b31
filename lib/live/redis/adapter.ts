import { createClient } from "redis";
import { parseLiveChannel, parseLiveEvent, liveEventSchema, type LiveEvent } from "../events";
import { LiveHub, type LiveBackend, type LiveRecord } from "../hub";
import type { LivePort } from "../port";
import { logError } from "../../log";

export type RedisLiveOptions = {
  url: string;
  /** Before every key and pub/sub channel this port uses ("happr:live:"). */
  keyPrefix: string;
  /**
   * Events kept per channel for catch-up: the stream's exact MAXLEN (not "~", which trims only whole
   * nodes of 100 entries, so a resume could not be told exactly whether it missed events; a few
   * hundred entries per channel keep the exact trim cheap).
   */
  retainPerChannel?: number;
  /** A channel's log expires after this long without a publish. */
  retainMs?: number;
  /** CLIENT SETNAME of both connections (CLIENT LIST shows whose they are). */
  connectionName?: string;
};

// One round trip, atomic: the event is appended to the channel's capped stream and published with
// the id the stream gave it, so the order on the stream and on pub/sub is the same. The newest id the
// cap removes is kept beside the stream (Redis 7's max-deleted-entry-id follows XDEL, not trimming).
const PUBLISH_SCRIPT = `
local keep = tonumber(ARGV[1])
local length = redis.call('XLEN', KEYS[1])
if length >= keep then
  local gone = redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', length - keep + 1)
  redis.call('SET', KEYS[2], gone[#gone][1], 'PX', ARGV[3])
end
local id = redis.call('XADD', KEYS[1], 'MAXLEN', keep, '*', 'e', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('PUBLISH', ARGV[4], id .. ' ' .. ARGV[2])
return id`;

const STREAM_ID = /^(\d{1,20})-(\d{1,20})$/;

function compareStreamIds(a: string, b: string): number | undefined {
  const x = STREAM_ID.exec(a);
  const y = STREAM_ID.exec(b);
  if (!x || !y) return undefined;
  const ms = BigInt(x[1]!) - BigInt(y[1]!);
  if (ms !== 0n) return ms < 0n ? -1 : 1;
  const seq = BigInt(x[2]!) - BigInt(y[2]!);
  return seq === 0n ? 0 : seq < 0n ? -1 : 1;
}

function decodeEvent(text: string): LiveEvent | undefined {
  try {
    const parsed = liveEventSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Redis (production): each channel's log is a stream `<prefix>stream:<channel>` capped at
 * retainPerChannel entries (the newest id the cap removed in `<prefix>trimmed:<channel>`), published on the pub/sub channel `<prefix><channel>` by one script.
 * An instance holds two connections whatever its subscriber count: one for commands, and one
 * subscriber connection shared by every stream (subscribed to a channel while it has a local subscriber).
 */
export function createRedisLivePort(options: RedisLiveOptions): LivePort {
  const retain = options.retainPerChannel ?? 500;
  const retainMs = options.retainMs ?? 7 * 24 * 3600 * 1000;
  const streamKey = (channel: string) => `${options.keyPrefix}stream:${channel}`;
  const trimmedKey = (channel: string) => `${options.keyPrefix}trimmed:${channel}`;
  const pubsubChannel = (channel: string) => `${options.keyPrefix}${channel}`;
  const reconnectStrategy = (retries: number) => Math.min(100 * 2 ** retries, 5000);

  const commands = createClient({
    url: options.url,
    name: options.connectionName ?? "happr-live",
    socket: { reconnectStrategy },
    // A publish while Redis is away fails at once instead of waiting in memory.
    disableOfflineQueue: true,
  });
  const subscriber = commands.duplicate();
  let lostSince: number | undefined;
  commands.on("error", (error: Error) => logError("Live updates: Redis command connection:", error.message));
  subscriber.on("error", (error: Error) => {
    lostSince ??= Date.now();
    logError("Live updates: Redis subscriber connection:", error.message);
  });
  subscriber.on("reconnecting", () => (lostSince ??= Date.now()));
  // Messages published while the subscriber was away are lost to it: its subscribers refetch.
  subscriber.on("ready", () => {
    if (lostSince !== undefined) hub.missedAll();
    lostSince = undefined;
  });
  let commandsReady: Promise<unknown> | undefined;
  let subscriberReady: Promise<unknown> | undefined;
  // Connected on first use; a failed first connection is tried again by the next call.
  const connectCommands = () =>
    (commandsReady ??= commands.connect().catch((error: unknown) => {
      commandsReady = undefined;
      throw error;
    }));
  const connectSubscriber = () =>
    (subscriberReady ??= subscriber.connect().catch((error: unknown) => {
      subscriberReady = undefined;
      throw error;
    }));

  const listeners = new Map<string, (message: string) => void>();

  const backend: LiveBackend = {
    async attach(channel) {
      await connectSubscriber();
      const listener = (message: string) => {
        const space = message.indexOf(" ");
        const id = message.slice(0, space);
        const event = decodeEvent(message.slice(space + 1));
        if (space > 0 && event) hub.dispatch(channel, { id, event });
      };
      listeners.set(channel, listener);
      await subscriber.subscribe(pubsubChannel(channel), listener);
    },
    async detach(channel) {
      const listener = listeners.get(channel);
      listeners.delete(channel);
      if (listener && subscriber.isOpen) await subscriber.unsubscribe(pubsubChannel(channel), listener);
    },
    async readSince(channel, lastEventId) {
      if (!STREAM_ID.test(lastEventId)) return { records: [], missed: true };
      await connectCommands();
      const key = streamKey(channel);
      const [entries, trimmed] = await Promise.all([
        commands.xRange(key, `(${lastEventId}`, "+", { COUNT: retain * 2 }),
        commands.get(trimmedKey(channel)),
      ]);
      const records: LiveRecord[] = [];
      for (const entry of entries) {
        const event = decodeEvent(String(entry.message.e));
        if (event) records.push({ id: entry.id, event });
      }
      // The cap removed events newer than the resume point: they were missed.
      const missed = trimmed !== null && (compareStreamIds(lastEventId, trimmed) ?? -1) < 0;
      return { records, missed };
    },
    compare: compareStreamIds,
  };
  const hub = new LiveHub(backend);

  return {
    kind: "redis",
    async publish(channelInput, eventInput) {
      const channel = parseLiveChannel(channelInput);
      const event = parseLiveEvent(eventInput);
      await connectCommands();
      const id = await commands.eval(PUBLISH_SCRIPT, {
        keys: [streamKey(channel), trimmedKey(channel)],
        arguments: [String(retain), JSON.stringify(event), String(retainMs), pubsubChannel(channel)],
      });
      return String(id);
    },
    subscribe: (channel, subscribeOptions) => hub.subscribe(channel, subscribeOptions),
    subscriberCount: () => hub.subscriberCount(),
    async close() {
      await hub.close();
      await Promise.allSettled([
        commandsReady && commands.isOpen ? commands.close() : undefined,
        subscriberReady && subscriber.isOpen ? subscriber.close() : undefined,
      ]);
    },
  };
}
