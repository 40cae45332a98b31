import type { LiveDelivery, LiveEvent } from "./events";

export type SubscribeOptions = {
  /** The stream's lifetime (the session's): when it fires the iteration ends and everything is released. */
  signal: AbortSignal;
  /** The id of the last event this client received: the events after it that the log still holds come first. */
  lastEventId?: string;
};

/** One subscriber's stream. Iterate it once. */
export interface LiveSubscription extends AsyncIterable<LiveDelivery> {
  /**
   * Settles once the subscription listens (and the catch-up is queued): every event published after
   * it resolves is delivered. Rejects when the backend cannot be reached; the iteration then throws too.
   */
  readonly ready: Promise<void>;
}

/** The pub/sub port for live updates (lib/live/README.md). */
export interface LivePort {
  readonly kind: "in-process" | "redis" | "postgres";
  /** Publishes an id-only event on a channel; resolves with its id once every instance can receive it. */
  publish(channel: string, event: LiveEvent): Promise<string>;
  subscribe(channel: string, options: SubscribeOptions): LiveSubscription;
  /** Active subscriptions on this instance (all channels). */
  subscriberCount(): number;
  /** Ends every subscription and closes the connections this port opened. */
  close(): Promise<void>;
}
