import { getConfig, type Config } from "../config";
import { createInProcessLivePort } from "./in-process";
import type { LivePort } from "./port";

export type { LivePort, LiveSubscription, SubscribeOptions } from "./port";
export {
  liveEventSchema,
  liveChannelSchema,
  parseLiveEvent,
  parseLiveChannel,
  LiveValidationError,
  type LiveEvent,
  type LiveDelivery,
} from "./events";

/** Opens the port the configuration names. The Redis and PostgreSQL clients load only when chosen. */
export async function openLivePort(live: Config["live"]): Promise<LivePort> {
  if (live.kind === "redis") {
    const { createRedisLivePort } = await import("./redis/adapter");
    return createRedisLivePort({ url: live.url, keyPrefix: live.keyPrefix });
  }
  if (live.kind === "postgres") {
    // live_events and live_publish come with the migrations the database applies when it opens.
    const { getDb } = await import("../db/client");
    await getDb();
    const { createPostgresLivePort } = await import("./postgres/adapter");
    return createPostgresLivePort({ url: live.url });
  }
  return createInProcessLivePort();
}

/**
 * The process's live port, chosen once from the configuration (REDIS_URL -> Redis, else
 * DATABASE_URL -> PostgreSQL, else in process). Kept on globalThis so hot reloads in development
 * keep the one port (and its subscribers) instead of opening another.
 */
const holder = globalThis as unknown as { __happrLive?: Promise<LivePort> };

export function getLivePort(): Promise<LivePort> {
  holder.__happrLive ??= openLivePort(getConfig().live).catch((error: unknown) => {
    holder.__happrLive = undefined;
    throw error;
  });
  return holder.__happrLive;
}
