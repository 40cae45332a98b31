/**
 * Where a members' server's memory goes (issue 43): starts `next start` on the current build with the
 * V8 inspector, on a scratch PostgreSQL database (BENCH_DATABASE_URL, dropped afterwards), signs up a
 * subscribed member with Today's data (bench/lib/today-seed.ts), loads each path with autocannon
 * (10 connections, 10 s, 2 rounds) and after each round prints the process's resident set (VmRSS,
 * VmHWM) beside V8's own figures before and after a full garbage collection. What the JavaScript heap
 * does not explain is native memory (malloc: ICU, zlib, addons). At the end it takes a heap snapshot and
 * names what holds the objects in V8's large-object space (bench/lib/heap-snapshot.ts).
 *
 *   npm run build   # with SITE_URL and AUTH_SECRET set, as for next start
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/memory-breakdown.ts /today,/my-account
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import WebSocket from "ws";
import { scratchDatabase } from "../e2e/support/app-instances";
import { largestObjects, type HeapSnapshot } from "./lib/heap-snapshot";
import { subscribedMemberCookie } from "./lib/member";
import { parseOptions } from "./lib/options";
import { startNextApp, stopAll } from "./lib/server";
import { seedToday } from "./lib/today-seed";

const PORT = Number(process.env.BENCH_PORT ?? 3190);
const INSPECTOR_PORT = Number(process.env.BENCH_INSPECTOR_PORT ?? 9239);
const paths = (process.argv[2] ?? "/today,/my-account").split(",");
const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) throw new Error("Set BENCH_DATABASE_URL (a PostgreSQL server this script may create a database on)");

/** A V8 inspector session on the server: one call at a time, and the events it sends meanwhile. */
async function inspect() {
  const [target] = (await (await fetch(`http://127.0.0.1:${INSPECTOR_PORT}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve) => socket.once("open", resolve));
  let lastId = 0;
  const send = (method: string, params = {}, onEvent?: (method: string, params: Record<string, unknown>) => void) =>
    new Promise<{ result?: { result?: { value?: string } } }>((resolve) => {
      const id = ++lastId;
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(String(data));
        if (message.method) return onEvent?.(message.method, message.params);
        if (message.id !== id) return;
        socket.off("message", onMessage);
        resolve(message);
      };
      socket.on("message", onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  const evaluate = async (expression: string) =>
    String(
      (await send("Runtime.evaluate", { expression, returnByValue: true, includeCommandLineAPI: true })).result?.result
        ?.value,
    );
  return { send, evaluate, close: () => socket.close() };
}

/** The server's pid and process.memoryUsage() in MB, before and after a full collection. */
async function heapFigures(): Promise<{ pid: number; before: string; after: string; spaces: string; modules: string }> {
  const { send, evaluate, close } = await inspect();
  const usage = () =>
    evaluate(`Object.entries(process.memoryUsage()).map(([k, v]) => k + " " + Math.round(v / 1048576)).join(", ")`);
  const pid = Number(await evaluate("process.pid"));
  const before = await usage();
  await send("HeapProfiler.collectGarbage");
  const after = await usage();
  // What the live heap is made of (V8's spaces: large objects are big strings and arrays) and how many
  // CommonJS modules the server holds (Next's chunks and the packages they load).
  const spaces = await evaluate(
    `require("v8").getHeapSpaceStatistics().filter((s) => s.space_used_size > 1048576).map((s) => s.space_name + " " + Math.round(s.space_used_size / 1048576)).join(", ")`,
  );
  const modules = await evaluate(`Object.keys(require.cache).length + " CommonJS modules"`);
  close();
  return { pid, before, after, spaces, modules };
}

/** A heap snapshot (V8 collects garbage first): the objects in large-object space, by what holds them. */
async function largeObjectsReport(): Promise<string> {
  const { send, close } = await inspect();
  const chunks: string[] = [];
  await send("HeapProfiler.takeHeapSnapshot", { reportProgress: false }, (method, params) => {
    if (method === "HeapProfiler.addHeapSnapshotChunk") chunks.push(String(params.chunk));
  });
  close();
  const groups = largestObjects(JSON.parse(chunks.join("")) as HeapSnapshot, 128 * 1024, 3);
  const total = groups.reduce((sum, group) => sum + group.bytes, 0);
  const mb = (bytes: number) => (bytes / 1048576).toFixed(1);
  return [
    `  objects of 128 kB and more (large-object space): ${mb(total)} MB in ${groups.reduce((n, g) => n + g.count, 0)}`,
    ...groups
      .slice(0, 15)
      .map((group) => `    ${mb(group.bytes)} MB  ${group.count} x ${group.what}  <- ${group.heldBy}`),
  ].join("\n");
}

function residentMb(pid: number): string {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const mb = (field: string) => Math.round(Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)![1]) / 1024);
  return `VmRSS ${mb("VmRSS")} MB, VmHWM ${mb("VmHWM")} MB`;
}

const options = parseOptions(process.env, import.meta.dirname);
const scratch = await scratchDatabase(serverUrl);
const databaseUrl = scratch.url;
const dataDir = await mkdtemp(path.join(tmpdir(), "happr-memory-"));
try {
  const baseUrl = `http://localhost:${PORT}`;
  await startNextApp({
    name: "main",
    rootDir: options.mainDir,
    appDir: options.mainDir,
    host: "localhost",
    port: PORT,
    logFile: path.join(dataDir, "server.log"),
    timeoutMs: 120_000,
    env: {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      OUTBOX_FILE: path.join(dataDir, "outbox.ndjson"),
      SITE_URL: baseUrl,
      AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(33).toString("base64"),
      // BENCH_NODE_OPTIONS tries V8 flags on the server (say, --max-semi-space-size=64).
      NODE_OPTIONS: `--inspect=127.0.0.1:${INSPECTOR_PORT} ${process.env.BENCH_NODE_OPTIONS ?? ""}`.trim(),
    },
  });
  const log = (message: string) => console.log(message);
  const cookie = await subscribedMemberCookie(baseUrl, options, log, path.join(dataDir, "outbox.ndjson"));
  await seedToday(baseUrl, cookie, { databaseUrl, log });
  const report = async (label: string) => {
    const { pid, before, after, spaces, modules } = await heapFigures();
    console.log(
      `${label}\n  ${residentMb(pid)}\n  V8 before GC: ${before}\n  V8 after GC:  ${after}\n  spaces after GC (MB): ${spaces}; ${modules}`,
    );
  };
  await report("after sign-up and seeding");
  for (const target of paths)
    for (let round = 1; round <= 2; round += 1) {
      const result = await autocannon({ url: baseUrl + target, connections: 10, duration: 10, headers: { cookie } });
      await report(`${target} round ${round}: ${result.requests.average} req/s, ${result.non2xx} non-2xx`);
    }
  // Last: taking a snapshot needs a few hundred MB of native memory the process keeps (its RSS and the
  // throughput of rounds after it would no longer be the server's own).
  console.log(await largeObjectsReport());
} finally {
  await stopAll();
  await scratch.drop();
  await rm(dataDir, { recursive: true, force: true });
}
