/**
 * Next's cache handler (next.config.ts `cacheHandler`, used when REDIS_URL is set): rendered pages,
 * fetched data and the times tags were expired live in Redis, so a webhook received by one instance
 * refreshes every instance. Plain JavaScript: Next loads this file at run time, outside its bundles.
 *
 * Keys (under REDIS_KEY_PREFIX, default "happr:cache:"):
 *   build:<build id>:entry:<cache key>  the entry as JSON (Buffers and Maps encoded), expiring after
 *                                       its lifetime
 *   tags                                a hash: tag -> when it was expired (ms since the epoch)
 * An entry is a miss when any of its tags was expired after the entry was written.
 *
 * Entries are per build (Next's build id, .next/BUILD_ID): during a rolling deploy, or with two
 * deployments sharing one Redis, a build never serves another's pages, whose HTML names scripts and
 * styles it does not have. Tags are shared by every build: an expired tag means the content changed,
 * which is as true for the old build's pages as for the new one's.
 *
 * Every Redis call is bounded by a timeout; while Redis does not answer, this instance keeps pages
 * in its own memory (logged once when Redis goes away and once when it is back).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { createClient } from "redis";

const TIMEOUT_MS = Number(process.env.REDIS_CACHE_TIMEOUT_MS ?? 500);
const PREFIX = process.env.REDIS_KEY_PREFIX ?? "happr:cache:";
// Entries outlive their revalidation time so a stale page can still be served while it re-renders,
// but not forever: a URL asked once (even a 404) does not stay in Redis for good.
const MIN_TTL_SECONDS = 3600;
const MAX_TTL_SECONDS = 7 * 24 * 3600;
const TAGS_HEADER = "x-next-cache-tags";
const LOCAL_MAX_ENTRIES = 500;

/** @typedef {{ lastModified: number, value: unknown, cacheControl?: { revalidate?: number | false, expire?: number }, tags?: string[] }} Entry */

/** @type {ReturnType<typeof createClient> | undefined} */
let client;
/** @type {Promise<unknown> | undefined} */
let connecting;
let redisDown = false;

/** Falls back here while Redis does not answer. @type {Map<string, Entry>} */
const localEntries = new Map();
/** @type {Map<string, number>} */
const localTags = new Map();

function log(message) {
  console.warn(`[cache] ${message}`);
}

function markDown(error) {
  if (!redisDown)
    log(
      `Redis is not answering (${error instanceof Error ? error.message : String(error)}): using this instance's memory until it is back`,
    );
  redisDown = true;
}

function markUp() {
  if (redisDown) log("Redis answers again: pages and tags are shared across instances");
  redisDown = false;
}

function getClient() {
  if (!client) {
    client = createClient({
      url: process.env.REDIS_URL,
      socket: { connectTimeout: TIMEOUT_MS, reconnectStrategy: (retries) => Math.min(200 * 2 ** retries, 5000) },
      // A command waits for the connection at most as long as the timeout below.
      disableOfflineQueue: true,
    });
    client.on("error", markDown);
    client.on("ready", markUp);
    connecting = client.connect().catch(markDown);
  }
  return client;
}

/** Runs a Redis call, giving up after TIMEOUT_MS. */
async function withRedis(run) {
  const redis = getClient();
  let timer;
  try {
    await Promise.race([connecting, new Promise((resolve) => (timer = setTimeout(resolve, TIMEOUT_MS)))]);
    if (!redis.isReady) throw new Error("not connected");
    const result = await Promise.race([
      run(redis),
      new Promise(
        (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS)),
      ),
    ]);
    markUp();
    return { ok: true, result };
  } catch (error) {
    markDown(error);
    return { ok: false };
  } finally {
    clearTimeout(timer);
  }
}

/** JSON that keeps Buffers (RSC payloads, route bodies) and Maps (segment data). */
export function encodeEntry(entry) {
  return JSON.stringify(entry, function replace(key, value) {
    const raw = this[key];
    if (Buffer.isBuffer(raw)) return { $buffer: raw.toString("base64") };
    if (raw instanceof Map) return { $map: [...raw.entries()] };
    return value;
  });
}

export function decodeEntry(text) {
  return JSON.parse(text, (_key, value) => {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      if (typeof value.$buffer === "string" && Object.keys(value).length === 1)
        return Buffer.from(value.$buffer, "base64");
      if (Array.isArray(value.$map) && Object.keys(value).length === 1) return new Map(value.$map);
    }
    return value;
  });
}

/** The tags an entry depends on: a fetch's from its context, a page's from its tags header. */
function tagsOf(entry, ctx) {
  const tags = new Set(entry.tags ?? []);
  for (const tag of ctx?.tags ?? []) tags.add(tag);
  for (const tag of ctx?.softTags ?? []) tags.add(tag);
  const header = entry.value?.headers?.[TAGS_HEADER];
  if (typeof header === "string") for (const tag of header.split(",")) if (tag) tags.add(tag);
  return [...tags];
}

function ttlSeconds(entry, ctx) {
  const revalidate = entry.cacheControl?.revalidate ?? ctx?.revalidate;
  const seconds = typeof revalidate === "number" && revalidate > 0 ? revalidate * 2 : MAX_TTL_SECONDS;
  return Math.min(MAX_TTL_SECONDS, Math.max(MIN_TTL_SECONDS, Math.ceil(seconds)));
}

function isExpired(expiredAt, lastModified, now) {
  return typeof expiredAt === "number" && expiredAt <= now && expiredAt >= lastModified;
}

function remember(key, entry) {
  localEntries.delete(key);
  localEntries.set(key, entry);
  if (localEntries.size > LOCAL_MAX_ENTRIES) localEntries.delete(localEntries.keys().next().value);
}

/** Build ids by server folder, read once: Next makes a handler for every request. @type {Map<string, string>} */
const buildIds = new Map();

/**
 * The build this server runs: .next/BUILD_ID beside the server folder Next passes in
 * (`serverDistDir`). "development" where there is none (`next dev`).
 */
export function buildIdOf(ctx) {
  const serverDistDir = ctx?.serverDistDir;
  if (typeof serverDistDir !== "string") return "development";
  let id = buildIds.get(serverDistDir);
  if (id === undefined) {
    try {
      id = readFileSync(path.join(serverDistDir, "..", "BUILD_ID"), "utf8").trim() || "development";
    } catch {
      id = "development";
    }
    buildIds.set(serverDistDir, id);
  }
  return id;
}

export default class RedisCacheHandler {
  /** Where this build's entries live in Redis. */
  entryPrefix;

  constructor(ctx) {
    this.entryPrefix = `${PREFIX}build:${buildIdOf(ctx)}:entry:`;
  }

  async get(key, ctx) {
    const now = Date.now();
    const answer = await withRedis(async (redis) => {
      const text = await redis.get(this.entryPrefix + key);
      if (text === null) return null;
      const entry = decodeEntry(text);
      const tags = tagsOf(entry, ctx);
      const expiredAt = tags.length > 0 ? await redis.hmGet(PREFIX + "tags", tags) : [];
      return expiredAt.some((at) => at !== null && isExpired(Number(at), entry.lastModified, now)) ? null : entry;
    });
    let entry = answer.ok ? answer.result : (localEntries.get(key) ?? null);
    if (!answer.ok && entry && tagsOf(entry, ctx).some((tag) => isExpired(localTags.get(tag), entry.lastModified, now)))
      entry = null;
    if (!entry) return null;
    return {
      lastModified: entry.lastModified,
      value: entry.value,
      ...(entry.cacheControl ? { cacheControl: entry.cacheControl } : {}),
    };
  }

  async set(key, data, ctx) {
    /** @type {Entry} */
    const entry = {
      lastModified: Date.now(),
      value: data,
      ...(ctx?.cacheControl ? { cacheControl: ctx.cacheControl } : {}),
      ...(ctx?.tags ? { tags: ctx.tags } : {}),
    };
    remember(key, entry);
    await withRedis((redis) => redis.set(this.entryPrefix + key, encodeEntry(entry), { EX: ttlSeconds(entry, ctx) }));
  }

  async revalidateTag(tags, durations) {
    const list = (typeof tags === "string" ? [tags] : tags).filter(Boolean);
    if (list.length === 0) return;
    const at = Date.now() + (durations?.expire ?? 0) * 1000;
    for (const tag of list) localTags.set(tag, at);
    await withRedis((redis) => redis.hSet(PREFIX + "tags", Object.fromEntries(list.map((tag) => [tag, String(at)]))));
  }

  resetRequestCache() {}
}
