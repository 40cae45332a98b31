/**
 * Live updates (issue 42, point 7): what one instance pays per idle live stream, and how long an
 * event takes from publish to arrival at 200 listeners, in process and across two port instances
 * (two app instances) through Redis and through PostgreSQL LISTEN/NOTIFY. Reported, not asserted.
 *
 *   node --expose-gc --import tsx bench/live-fanout.ts [idle streams=2000] [events=100]
 *
 * Redis: BENCH_REDIS_URL (default redis://127.0.0.1:6379; "off" skips it), under a key prefix of its
 * own, removed afterwards. PostgreSQL: BENCH_DATABASE_URL (a scratch database on that server, dropped
 * afterwards; skipped when unset).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import { performance } from "node:perf_hooks";
import { Client } from "pg";
import { createClient } from "redis";
import { openDatabase } from "../lib/db/open";
import { createInProcessLivePort } from "../lib/live/in-process";
import type { LivePort } from "../lib/live/port";
import { createPostgresLivePort } from "../lib/live/postgres/adapter";
import { createRedisLivePort } from "../lib/live/redis/adapter";

const IDLE = Number(process.argv[2] ?? 2000);
const EVENTS = Number(process.argv[3] ?? 100);
const LISTENERS = 200;
const WARM_UP = 20;
const STREAMS_PER_TABLE = 10;

const gc = (globalThis as { gc?: () => void }).gc;

async function settle() {
  for (let round = 0; round < 3; round += 1) {
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} kB`;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Idle streams as the Lounge holds them: one per member's open table page, each waiting for its next event. */
async function idleMemory(port: LivePort) {
  const session = new AbortController();
  setMaxListeners(IDLE + 1, session.signal);
  await settle();
  const before = process.memoryUsage();
  const pending: Promise<unknown>[] = [];
  const tables = Array.from({ length: Math.ceil(IDLE / STREAMS_PER_TABLE) }, () => `lounge-table:${randomUUID()}`);
  const subscriptions = [];
  for (let index = 0; index < IDLE; index += 1) {
    const controller = new AbortController();
    session.signal.addEventListener("abort", () => controller.abort(), { once: true });
    const subscription = port.subscribe(tables[index % tables.length]!, { signal: controller.signal });
    subscriptions.push(subscription);
    pending.push(subscription[Symbol.asyncIterator]().next());
  }
  await Promise.all(subscriptions.map((subscription) => subscription.ready));
  await settle();
  const after = process.memoryUsage();
  const streams = port.subscriberCount();
  session.abort();
  await Promise.all(pending);
  // What is left once the streams are gone and nothing here holds them: what the port kept.
  pending.length = 0;
  subscriptions.length = 0;
  await settle();
  const released = process.memoryUsage();
  return {
    streams,
    heapPerStream: (after.heapUsed - before.heapUsed) / IDLE,
    rssPerStream: (after.rss - before.rss) / IDLE,
    heapLeftAfterAbort: released.heapUsed - before.heapUsed,
    subscribersAfterAbort: port.subscriberCount(),
  };
}

/** 200 listeners on `listen`, events published on `publish`; latency of every arrival, and of each event's last one. */
async function fanout(publish: LivePort, listen: LivePort) {
  const channel = `lounge-table:${randomUUID()}`;
  const session = new AbortController();
  setMaxListeners(LISTENERS + 1, session.signal);
  const sentAt = new Map<string, number>();
  const arrivals: number[] = [];
  const lastArrivals: number[] = [];
  let arrived = 0;
  let allArrived: (() => void) | undefined;
  let recording = false;
  let lastOfEvent = 0;

  const subscriptions = Array.from({ length: LISTENERS }, () => listen.subscribe(channel, { signal: session.signal }));
  await Promise.all(subscriptions.map((subscription) => subscription.ready));
  const loops = subscriptions.map(async (subscription) => {
    for await (const delivery of subscription) {
      if (delivery.type !== "event") throw new Error("a listener missed events");
      const latency = performance.now() - sentAt.get(delivery.event.ids.postId!)!;
      if (recording) arrivals.push(latency);
      lastOfEvent = Math.max(lastOfEvent, latency);
      arrived += 1;
      if (arrived === LISTENERS) allArrived?.();
    }
  });

  for (let index = 0; index < WARM_UP + EVENTS; index += 1) {
    recording = index >= WARM_UP;
    const postId = `p${index}`;
    arrived = 0;
    lastOfEvent = 0;
    const done = new Promise<void>((resolve) => (allArrived = resolve));
    sentAt.set(postId, performance.now());
    await publish.publish(channel, { kind: "post.published", ids: { postId } });
    await done;
    if (recording) lastArrivals.push(lastOfEvent);
  }
  session.abort();
  await Promise.all(loops);
  arrivals.sort((a, b) => a - b);
  lastArrivals.sort((a, b) => a - b);
  return {
    p50: percentile(arrivals, 50),
    p95: percentile(arrivals, 95),
    lastP50: percentile(lastArrivals, 50),
    lastP95: percentile(lastArrivals, 95),
  };
}

type Row = {
  backend: string;
  memory: Awaited<ReturnType<typeof idleMemory>>;
  latency: Awaited<ReturnType<typeof fanout>>;
};

async function measure(backend: string, open: () => LivePort): Promise<Row> {
  const a = open();
  const b = open();
  try {
    const memory = await idleMemory(b);
    const latency = await fanout(a, backend === "in process" ? a : b);
    return { backend, memory, latency };
  } finally {
    await a.close();
    if (b !== a) await b.close();
  }
}

async function main() {
  if (!gc) console.log("(run with node --expose-gc for steadier memory figures)");
  const rows: Row[] = [];
  rows.push(await measure("in process", () => createInProcessLivePort()));

  const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
  if (redisUrl !== "off") {
    const keyPrefix = `happr-bench:live:${randomUUID()}:`;
    try {
      rows.push(await measure("Redis, two instances", () => createRedisLivePort({ url: redisUrl, keyPrefix })));
    } finally {
      const admin = createClient({ url: redisUrl });
      await admin.connect();
      const keys = await admin.keys(`${keyPrefix}*`);
      if (keys.length > 0) await admin.del(keys);
      await admin.close();
    }
  }

  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) {
    const name = `happr_bench_${randomBytes(6).toString("hex")}`;
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
      await (await openDatabase({ kind: "postgres", url })).close();
      rows.push(await measure("PostgreSQL, two instances", () => createPostgresLivePort({ url })));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }

  const ms = (value: number) => `${value.toFixed(2)} ms`;
  console.log(
    `live fan-out: ${IDLE} idle streams (${STREAMS_PER_TABLE} per channel); ${EVENTS} events to ${LISTENERS} listeners`,
  );
  console.table(
    rows.map(({ backend, memory, latency }) => ({
      backend,
      "heap / idle stream": kb(memory.heapPerStream),
      "RSS / idle stream": kb(memory.rssPerStream),
      "heap left after abort": kb(memory.heapLeftAfterAbort),
      "arrival p50": ms(latency.p50),
      "arrival p95": ms(latency.p95),
      "200th arrival p50": ms(latency.lastP50),
      "200th arrival p95": ms(latency.lastP95),
    })),
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
