import { parseLiveChannel, type LiveDelivery, type LiveEvent } from "./events";
import type { LiveSubscription, SubscribeOptions } from "./port";

/** An event as a backend's log holds it. */
export type LiveRecord = { id: string; event: LiveEvent };

/** What an adapter provides to the hub: where the log is, and how live deliveries start and stop. */
export interface LiveBackend {
  /** Starts live deliveries of a channel to this instance (hub.dispatch); called for its first local subscriber. */
  attach(channel: string): Promise<void>;
  /** Stops them; called when the channel's last local subscriber leaves. */
  detach(channel: string): Promise<void>;
  /** The logged events after `lastEventId`, oldest first, and whether some after it are no longer logged. */
  readSince(channel: string, lastEventId: string): Promise<{ records: LiveRecord[]; missed: boolean }>;
  /** Orders two ids of this backend (negative: a is older); undefined when either is not one of its ids. */
  compare(a: string, b: string): number | undefined;
}

/**
 * A subscriber that does not read keeps at most this many deliveries; past it they are dropped and it
 * receives one "missed" instead (then refetches), so a stuck client cannot grow the server's memory.
 */
export const MAX_QUEUED_PER_SUBSCRIBER = 256;

type Subscriber = {
  channel: string;
  queue: LiveDelivery[];
  /** Live deliveries wait here while the catch-up is read. */
  catchingUp: LiveDelivery[] | undefined;
  /** The newest id queued: anything not newer was delivered already (the catch-up and live may overlap). */
  floor: string | undefined;
  wake: (() => void) | undefined;
  closed: boolean;
  /** Ends this subscription: removes its abort listener and leaves the channel. */
  release: () => void;
};

/**
 * The part every adapter shares: this instance's subscribers by channel, each with its own bounded
 * queue, the catch-up from a last event id merged with what arrives meanwhile, and the clean-up when a
 * signal fires. An adapter feeds it with dispatch() and tells it with missedAll() when it lost events.
 */
export class LiveHub {
  private readonly channels = new Map<string, Set<Subscriber>>();
  /** Per channel, the attach (or detach) in flight, so joins and leaves apply in order. */
  private readonly transitions = new Map<string, Promise<void>>();
  private closed = false;

  constructor(private readonly backend: LiveBackend) {}

  hasSubscribers(channel: string): boolean {
    return (this.channels.get(channel)?.size ?? 0) > 0;
  }

  subscriberCount(): number {
    let count = 0;
    for (const set of this.channels.values()) count += set.size;
    return count;
  }

  activeChannels(): string[] {
    return [...this.channels.keys()];
  }

  /** Hands a published event to this instance's subscribers of its channel. */
  dispatch(channel: string, record: LiveRecord) {
    const set = this.channels.get(channel);
    if (!set) return;
    for (const subscriber of set)
      deliver(subscriber, { type: "event", id: record.id, channel, event: record.event }, this.backend);
  }

  /** Every subscriber may have lost events (a connection was lost): each receives "missed". */
  missedAll() {
    for (const [channel, set] of this.channels)
      for (const subscriber of set) deliver(subscriber, { type: "missed", channel }, this.backend);
  }

  subscribe(channelInput: string, options: SubscribeOptions): LiveSubscription {
    const channel = parseLiveChannel(channelInput);
    const { signal, lastEventId } = options;
    const subscriber: Subscriber = {
      channel,
      queue: [],
      catchingUp: lastEventId === undefined ? undefined : [],
      floor: undefined,
      wake: undefined,
      closed: false,
      release: () => leave(),
    };
    let failure: unknown;
    let joined = false;

    const wake = () => wakeUp(subscriber);
    const leave = () => {
      if (subscriber.closed) return;
      subscriber.closed = true;
      subscriber.queue.length = 0;
      signal.removeEventListener("abort", leave);
      wake();
      if (joined) void this.leave(subscriber).catch(() => {});
    };

    const start = async () => {
      if (signal.aborted || this.closed) return leave();
      signal.addEventListener("abort", leave, { once: true });
      await this.join(subscriber);
      joined = true;
      if (subscriber.closed) return void (await this.leave(subscriber).catch(() => {}));
      if (lastEventId === undefined) return;
      const { records, missed } = await this.backend.readSince(channel, lastEventId);
      if (subscriber.closed) return;
      const waiting = subscriber.catchingUp ?? [];
      subscriber.catchingUp = undefined;
      // The client's own last id is the floor: nothing at or before it is sent again.
      if (this.backend.compare(lastEventId, lastEventId) === 0) subscriber.floor = lastEventId;
      if (missed) deliver(subscriber, { type: "missed", channel }, this.backend);
      for (const record of records)
        deliver(subscriber, { type: "event", id: record.id, channel, event: record.event }, this.backend);
      for (const delivery of waiting) deliver(subscriber, delivery, this.backend);
      wake();
    };
    const ready = start().catch((error: unknown) => {
      failure = error;
      leave();
      throw error;
    });
    // Nobody may await ready; a failure then surfaces through the iteration.
    ready.catch(() => {});

    let iterating = false;
    const iterator: AsyncIterator<LiveDelivery> = {
      next: async () => {
        while (true) {
          if (failure !== undefined) throw failure;
          if (subscriber.closed) return { done: true, value: undefined };
          const delivery = subscriber.queue.shift();
          if (delivery) return { done: false, value: delivery };
          await new Promise<void>((resolve) => (subscriber.wake = resolve));
        }
      },
      return: async () => {
        leave();
        return { done: true, value: undefined };
      },
    };
    return {
      ready,
      [Symbol.asyncIterator]() {
        if (iterating) throw new Error("a live subscription is iterated once");
        iterating = true;
        return iterator;
      },
    };
  }

  /** Ends every subscription (each iteration finishes) and refuses new ones. */
  async close() {
    this.closed = true;
    for (const set of [...this.channels.values()]) for (const subscriber of [...set]) subscriber.release();
    await Promise.allSettled(this.transitions.values());
  }

  private async join(subscriber: Subscriber) {
    let set = this.channels.get(subscriber.channel);
    const first = !set;
    if (!set) this.channels.set(subscriber.channel, (set = new Set()));
    set.add(subscriber);
    try {
      if (first) await this.transition(subscriber.channel, () => this.backend.attach(subscriber.channel));
      else await this.transitions.get(subscriber.channel);
    } catch (error) {
      // Not listening: this subscriber leaves without a detach (the failed attach holds nothing).
      set.delete(subscriber);
      if (set.size === 0 && this.channels.get(subscriber.channel) === set) this.channels.delete(subscriber.channel);
      throw error;
    }
  }

  private async leave(subscriber: Subscriber) {
    const set = this.channels.get(subscriber.channel);
    if (!set || !set.delete(subscriber) || set.size > 0) return;
    this.channels.delete(subscriber.channel);
    await this.transition(subscriber.channel, () => this.backend.detach(subscriber.channel));
  }

  /** Runs attach/detach for a channel after the one before it, so a quick leave and join keep order. */
  private transition(channel: string, run: () => Promise<void>): Promise<void> {
    const previous = this.transitions.get(channel) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(run);
    this.transitions.set(channel, next);
    const forget = () => {
      if (this.transitions.get(channel) === next) this.transitions.delete(channel);
    };
    next.then(forget, forget);
    return next;
  }
}

function wakeUp(subscriber: Subscriber) {
  const resolve = subscriber.wake;
  subscriber.wake = undefined;
  resolve?.();
}

const isMissed = (delivery: LiveDelivery | undefined) => delivery?.type === "missed";

/** Queues one delivery for a subscriber: in order, once, within its bound. */
function deliver(subscriber: Subscriber, delivery: LiveDelivery, backend: LiveBackend) {
  if (subscriber.closed) return;
  const missed: LiveDelivery = { type: "missed", channel: subscriber.channel };
  if (subscriber.catchingUp) {
    if (subscriber.catchingUp.length >= MAX_QUEUED_PER_SUBSCRIBER) subscriber.catchingUp = [missed];
    else subscriber.catchingUp.push(delivery);
    return;
  }
  if (delivery.type === "event" && subscriber.floor !== undefined) {
    const order = backend.compare(delivery.id, subscriber.floor);
    if (order !== undefined && order <= 0) return;
  }
  if (subscriber.queue.length >= MAX_QUEUED_PER_SUBSCRIBER) subscriber.queue = [missed];
  if (delivery.type === "event") {
    subscriber.floor = delivery.id;
    subscriber.queue.push(delivery);
  } else if (!isMissed(subscriber.queue.at(-1))) subscriber.queue.push(delivery);
  wakeUp(subscriber);
}
