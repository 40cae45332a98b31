/**
 * Two app instances on one backend (issue 42, "Done when"): a post published through one instance's
 * live port reaches a member of its table listening through another's, on Redis (REDIS_TEST_URL) and on
 * PostgreSQL LISTEN/NOTIFY (a scratch database on TEST_DATABASE_URL's server); each skipped without
 * its server. lib/live's contract suite checks the ports themselves; this checks the Lounge's channel
 * and event through them, and that a member at another table hears nothing.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/open";
import { useTestDatabase } from "../db/testing";
import type { LiveDelivery, LivePort } from "../live";
import { createPostgresLivePort } from "../live/postgres/adapter";
import { createRedisLivePort } from "../live/redis/adapter";
import { getLoungeTable, joinLounge, loungeTableChannel, postToLounge } from "./store";
import { LOUNGE_RULES_VERSION } from "./model";
import { LOUNGE_TABLES, roomId } from "./testing";

const database = useTestDatabase(LOUNGE_TABLES);
const noon = new Date("2026-03-11T12:00:00Z");
const redisUrl = process.env.REDIS_TEST_URL;
const pgServer = process.env.TEST_DATABASE_URL;

/** The next delivery of a subscription, or null when none comes within `ms`. */
function nextOf(iterator: AsyncIterator<LiveDelivery>, ms: number): Promise<LiveDelivery | null> {
  return Promise.race([
    iterator.next().then((result) => (result.done ? null : result.value)),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), ms)),
  ]);
}

async function postReachesTheOtherInstance(a: LivePort, b: LivePort) {
  const db = database.db;
  const options = (publish?: LivePort["publish"]) => ({
    db,
    now: noon,
    ...(publish ? { publish: publish.bind(a) } : {}),
  });
  const room = await roomId(db, "family-life");
  const seated = ["ada", "ben", ...Array.from({ length: 8 }, (_, n) => `seat-${n}`)];
  for (const [n, person] of seated.entries()) {
    await joinLounge(
      { memberId: person, name: null },
      { loungeName: `Two Inst ${"abcdefghij"[n]}x`, rulesVersion: LOUNGE_RULES_VERSION },
      options(),
    );
    await getLoungeTable(person, { roomId: room }, options());
  }
  await joinLounge(
    { memberId: "eve", name: null },
    { loungeName: "Far Table", rulesVersion: LOUNGE_RULES_VERSION },
    options(),
  );
  const lifetime = new AbortController();
  try {
    // Ben and Eve listen through instance B, each on the channel their own table's check gives them.
    const onBen = b.subscribe(await loungeTableChannel("ben", room, options()), { signal: lifetime.signal });
    const onEve = b.subscribe(await loungeTableChannel("eve", room, options()), { signal: lifetime.signal });
    await Promise.all([onBen.ready, onEve.ready]);
    const ben = onBen[Symbol.asyncIterator]();
    const eve = onEve[Symbol.asyncIterator]();
    // Ada posts through instance A.
    const post = await postToLounge("ada", { roomId: room, text: "Hello from the other instance" }, options(a.publish));
    const delivery = await nextOf(ben, 5_000);
    expect(delivery).toMatchObject({ type: "event", event: { kind: "post.published", ids: { postId: post.id } } });
    // The event carries the id only: Ben refetches through the checked query and reads it there.
    expect(JSON.stringify(delivery)).not.toContain("Hello");
    expect((await getLoungeTable("ben", { roomId: room }, options())).posts[0]).toMatchObject({ id: post.id });
    expect(await nextOf(eve, 500)).toBeNull();
  } finally {
    lifetime.abort();
  }
}

describe.skipIf(!redisUrl)("two instances on one Redis", () => {
  const keyPrefix = `happr-test:lounge:${randomUUID()}:`;
  it("a post published through one reaches its table's listener on the other", async () => {
    const [a, b] = [
      createRedisLivePort({ url: redisUrl!, keyPrefix }),
      createRedisLivePort({ url: redisUrl!, keyPrefix }),
    ];
    try {
      await postReachesTheOtherInstance(a, b);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe.skipIf(!pgServer)("two instances on one PostgreSQL (LISTEN/NOTIFY)", () => {
  const name = `happr_test_${randomBytes(6).toString("hex")}`;
  const url = pgServer ? Object.assign(new URL(pgServer), { pathname: `/${name}` }).toString() : "";
  const admin = new Client({ connectionString: pgServer });
  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database ${name}`);
    await (await openDatabase({ kind: "postgres", url })).close(); // the migrations make live_events
  });
  afterAll(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  it("a post published through one reaches its table's listener on the other", async () => {
    const [a, b] = [createPostgresLivePort({ url }), createPostgresLivePort({ url })];
    try {
      await postReachesTheOtherInstance(a, b);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
