/**
 * The Redis cache handler against the Redis on 127.0.0.1:6379 (REDIS_TEST_URL to use another):
 * two handlers stand for two app instances; a tag expired through one is a miss on the other.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const url = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";
process.env.REDIS_URL = url;
process.env.REDIS_KEY_PREFIX = `happr-test:${randomUUID()}:`;

const { default: RedisCacheHandler, decodeEntry, encodeEntry } = await import("./redis-cache-handler.mjs");
const { createClient } = await import("redis");

const redis = createClient({ url });
beforeAll(async () => {
  await redis.connect();
});
afterAll(async () => {
  const keys = await redis.keys(`${process.env.REDIS_KEY_PREFIX}*`);
  if (keys.length > 0) await redis.del(keys);
  await redis.quit();
});

const page = (html: string, tags: string) => ({
  kind: "APP_PAGE",
  html,
  rscData: Buffer.from(`rsc:${html}`),
  segmentData: new Map([["/_tree", Buffer.from("tree")]]),
  headers: { "x-next-cache-tags": tags },
  status: 200,
});

describe("redis cache handler", () => {
  it("keeps Buffers and Maps through Redis", () => {
    const value = page("<p>hi</p>", "a");
    const decoded = decodeEntry(encodeEntry({ lastModified: 1, value })) as { value: typeof value };
    expect(decoded.value.rscData).toEqual(Buffer.from("rsc:<p>hi</p>"));
    expect(decoded.value.segmentData.get("/_tree")).toEqual(Buffer.from("tree"));
  });

  it("a page written by one instance is served by another, until a tag it read is expired on either", async () => {
    const a = new RedisCacheHandler({});
    const b = new RedisCacheHandler({});
    await a.set("/blog", page("list v1", "_N_T_/blog,post"), { cacheControl: { revalidate: 3600 } });
    const seen = await b.get("/blog", { kind: "APP_PAGE" });
    expect(seen?.value).toMatchObject({ html: "list v1" });
    expect(seen?.cacheControl).toEqual({ revalidate: 3600 });

    await new Promise((resolve) => setTimeout(resolve, 5));
    await a.revalidateTag(["post", "post:new-one"], { expire: 0 });
    expect(await b.get("/blog", { kind: "APP_PAGE" })).toBeNull();
    expect(await a.get("/blog", { kind: "APP_PAGE" })).toBeNull();

    // Written again after the expiry: fresh again.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await b.set("/blog", page("list v2", "_N_T_/blog,post"), {});
    expect((await a.get("/blog", { kind: "APP_PAGE" }))?.value).toMatchObject({ html: "list v2" });
  });

  it("a fetch entry is a miss once one of its tags is expired; others stay", async () => {
    const a = new RedisCacheHandler({});
    const b = new RedisCacheHandler({});
    const fetched = { kind: "FETCH", data: { headers: {}, body: "{}", status: 200, url: "" }, revalidate: 3600 };
    await a.set("k1", fetched, { fetchCache: true, tags: ["siteSettings"], revalidate: 3600 });
    await a.set("k2", fetched, { fetchCache: true, tags: ["faqEntry"], revalidate: 3600 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await b.revalidateTag("siteSettings");
    expect(await a.get("k1", { kind: "FETCH", tags: ["siteSettings"] })).toBeNull();
    expect(await a.get("k2", { kind: "FETCH", tags: ["faqEntry"] })).not.toBeNull();
  });

  it("entries expire from Redis after twice their revalidation time (at least an hour)", async () => {
    const a = new RedisCacheHandler({});
    await a.set("/ttl", page("x", "t"), { cacheControl: { revalidate: 3600 } });
    const ttl = await redis.ttl(`${process.env.REDIS_KEY_PREFIX}build:development:entry:/ttl`);
    expect(ttl).toBeGreaterThan(7000);
    expect(ttl).toBeLessThanOrEqual(7200);
  });
});

describe("two builds sharing one Redis", () => {
  /** The server folder of a build whose .next/BUILD_ID is `id`, as Next passes it to the handler. */
  function serverDistDirOf(id: string) {
    const dist = mkdtempSync(path.join(tmpdir(), "next-build-"));
    writeFileSync(path.join(dist, "BUILD_ID"), id);
    mkdirSync(path.join(dist, "server"));
    return path.join(dist, "server");
  }
  const oldBuild = serverDistDirOf(`old-${randomUUID()}`);
  const newBuild = serverDistDirOf(`new-${randomUUID()}`);

  it("never serve each other's pages; instances of one build share theirs; a tag expired by either reaches both", async () => {
    const old1 = new RedisCacheHandler({ serverDistDir: oldBuild });
    const old2 = new RedisCacheHandler({ serverDistDir: oldBuild });
    const new1 = new RedisCacheHandler({ serverDistDir: newBuild });
    await old1.set("/about", page("old build's page", "_N_T_/about,page"), { cacheControl: { revalidate: 3600 } });
    // The new build's HTML would name the old build's scripts: it renders its own instead.
    expect(await new1.get("/about", { kind: "APP_PAGE" })).toBeNull();
    await new1.set("/about", page("new build's page", "_N_T_/about,page"), { cacheControl: { revalidate: 3600 } });
    expect((await old2.get("/about", { kind: "APP_PAGE" }))?.value).toMatchObject({ html: "old build's page" });
    expect((await new1.get("/about", { kind: "APP_PAGE" }))?.value).toMatchObject({ html: "new build's page" });

    // Content changed: a webhook reaching an instance of either build expires the pages of both.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await new1.revalidateTag("page", { expire: 0 });
    expect(await old2.get("/about", { kind: "APP_PAGE" })).toBeNull();
    expect(await new1.get("/about", { kind: "APP_PAGE" })).toBeNull();
  });
});

describe("redis cache handler without Redis", () => {
  it("falls back to this instance's memory, says so once, and still honours expired tags", async () => {
    vi.resetModules();
    process.env.REDIS_URL = "redis://127.0.0.1:1";
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { default: Handler } = await import("./redis-cache-handler.mjs");
    const handler = new Handler({});
    const started = Date.now();
    await handler.set("/x", page("local", "_N_T_/x"), {});
    expect((await handler.get("/x", { kind: "APP_PAGE" }))?.value).toMatchObject({ html: "local" });
    expect(Date.now() - started).toBeLessThan(3000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await handler.revalidateTag("_N_T_/x");
    expect(await handler.get("/x", { kind: "APP_PAGE" })).toBeNull();
    const messages = warn.mock.calls.map((call) => String(call[0])).filter((m) => m.includes("Redis is not answering"));
    expect(messages).toHaveLength(1);
    warn.mockRestore();
    process.env.REDIS_URL = url;
  });
});
