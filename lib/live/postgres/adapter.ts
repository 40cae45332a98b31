import { Client, Pool, type Notification } from "pg";
import { z } from "zod";
import { liveEventSchema, parseLiveChannel, parseLiveEvent } from "../events";
import { LiveHub, type LiveBackend, type LiveRecord } from "../hub";
import type { LivePort } from "../port";
import { logError } from "../../log";

export type PostgresLiveOptions = {
  /** The app's database (migrated: the `*_live_events` migration makes live_events and live_publish). */
  url: string;
  /** Events kept per channel for catch-up. */
  retainPerChannel?: number;
  /** Events older than this are pruned (every hundredth publish). */
  retainSeconds?: number;
  /** application_name of its connections (pg_stat_activity shows whose they are). */
  applicationName?: string;
};

/** The one NOTIFY channel: every instance listens to it and hands each event to its own subscribers. */
export const NOTIFY_CHANNEL = "happr_live";

const notificationSchema = z.object({
  id: z.string().regex(/^\d{1,19}$/),
  channel: z.string(),
  event: liveEventSchema,
});
const BIGSERIAL = /^\d{1,19}$/;

function compareBigserial(a: string, b: string): number | undefined {
  if (!BIGSERIAL.test(a) || !BIGSERIAL.test(b)) return undefined;
  const difference = BigInt(a) - BigInt(b);
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
}

/**
 * PostgreSQL LISTEN/NOTIFY, for deployments with DATABASE_URL and no Redis. live_publish (migration
 * `*_live_events`) appends the event to live_events, prunes the channel and notifies `happr_live` with the event
 * in one call. An instance holds one listening connection whatever its subscriber count, and a pool
 * of at most two for publishing and catch-up reads.
 */
export function createPostgresLivePort(options: PostgresLiveOptions): LivePort {
  const retain = options.retainPerChannel ?? 500;
  const retainSeconds = options.retainSeconds ?? 24 * 3600;
  const applicationName = options.applicationName ?? "happr-live";
  const pool = new Pool({ connectionString: options.url, max: 2, application_name: applicationName });
  pool.on("error", (error) => logError("Live updates: PostgreSQL idle connection error:", error.message));

  let listener: Promise<Client> | undefined;
  let closed = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const onNotification = (message: Notification) => {
    if (message.channel !== NOTIFY_CHANNEL || !message.payload) return;
    let parsed;
    try {
      parsed = notificationSchema.safeParse(JSON.parse(message.payload));
    } catch {
      return;
    }
    if (parsed.success && hub.hasSubscribers(parsed.data.channel))
      hub.dispatch(parsed.data.channel, { id: parsed.data.id, event: parsed.data.event });
  };

  /** The listening connection, opened on first use; when lost, opened again and every subscriber told it missed events. */
  const listen = (): Promise<Client> => {
    listener ??= (async () => {
      const client = new Client({ connectionString: options.url, application_name: applicationName });
      let lost = false;
      const onLost = (error?: Error) => {
        if (lost) return;
        lost = true;
        if (error) logError("Live updates: PostgreSQL listening connection lost:", error.message);
        client.removeAllListeners("notification");
        void client.end().catch(() => {});
        listener = undefined;
        if (closed || hub.subscriberCount() === 0) return;
        // Notifications sent meanwhile are lost: listen again, then the subscribers refetch.
        const retry = (delay: number) => {
          retryTimer = setTimeout(() => {
            retryTimer = undefined;
            if (closed) return;
            listen().then(
              () => hub.missedAll(),
              () => retry(Math.min(delay * 2, 5000)),
            );
          }, delay);
          retryTimer.unref?.();
        };
        retry(100);
      };
      client.on("error", onLost);
      client.on("end", () => onLost());
      client.on("notification", onNotification);
      try {
        await client.connect();
        await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
      } catch (error) {
        lost = true;
        listener = undefined;
        client.removeAllListeners();
        await client.end().catch(() => {});
        throw error;
      }
      return client;
    })();
    return listener;
  };

  const backend: LiveBackend = {
    attach: async () => {
      await listen();
    },
    detach: async () => {},
    async readSince(channel, lastEventId) {
      if (!BIGSERIAL.test(lastEventId)) return { records: [], missed: true };
      const [events, trimmed] = await Promise.all([
        pool.query<{ id: string; event: unknown }>(
          `select id::text as id, event from live_events where channel = $1 and id > $2 order by id limit $3`,
          [channel, lastEventId, retain * 2],
        ),
        pool.query<{ trimmed: string }>(
          `select trimmed_through::text as trimmed from live_channels where channel = $1`,
          [channel],
        ),
      ]);
      const records: LiveRecord[] = [];
      for (const row of events.rows) {
        const event = liveEventSchema.safeParse(row.event);
        if (event.success) records.push({ id: row.id, event: event.data });
      }
      const through = trimmed.rows[0]?.trimmed;
      return { records, missed: through !== undefined && (compareBigserial(lastEventId, through) ?? -1) < 0 };
    },
    compare: compareBigserial,
  };
  const hub = new LiveHub(backend);

  return {
    kind: "postgres",
    async publish(channelInput, eventInput) {
      const channel = parseLiveChannel(channelInput);
      const event = parseLiveEvent(eventInput);
      const result = await pool.query<{ id: string }>(
        `select live_publish($1, $2::jsonb, $3, make_interval(secs => $4))::text as id`,
        [channel, JSON.stringify(event), retain, retainSeconds],
      );
      return result.rows[0]!.id;
    },
    subscribe: (channel, subscribeOptions) => hub.subscribe(channel, subscribeOptions),
    subscriberCount: () => hub.subscriberCount(),
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await hub.close();
      const client = await listener?.catch(() => undefined);
      listener = undefined;
      if (client) {
        client.removeAllListeners();
        client.on("error", () => {});
        await client.end().catch(() => {});
      }
      await pool.end();
    },
  };
}
