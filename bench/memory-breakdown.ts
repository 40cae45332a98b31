/**
 * Where a members' server's memory goes (issue 43): starts `next start` on the current build with the
 * V8 inspector, on a scratch PostgreSQL database (BENCH_DATABASE_URL, dropped afterwards), signs up a
 * subscribed member with Today's data (bench/lib/today-seed.ts), loads each path with autocannon
 * (10 connections, 10 s, 2 rounds) and after each round prints the process's resident set (VmRSS,
 * VmHWM) beside V8's own figures before and after a full garbage collection. What the JavaScript heap
 * does not explain is native memory (malloc: ICU, zlib, addons).
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
import { subscribedMemberCookie } from "./lib/member";
import { parseOptions } from "./lib/options";
import { startNextApp, stopAll } from "./lib/server";
import { seedToday } from "./lib/today-seed";

const PORT = Number(process.env.BENCH_PORT ?? 3190);
const INSPECTOR_PORT = Number(process.env.BENCH_INSPECTOR_PORT ?? 9239);
const paths = (process.argv[2] ?? "/today,/my-account").split(",");
const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) throw new Error("Set BENCH_DATABASE_URL (a PostgreSQL server this script may create a database on)");

/** One V8 inspector session: the server's pid and process.memoryUsage() in MB, before and after a full collection. */
async function heapFigures(): Promise<{ pid: number; before: string; after: string; spaces: string; modules: string }> {
  const [target] = (await (await fetch(`http://127.0.0.1:${INSPECTOR_PORT}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve) => socket.once("open", resolve));
  let lastId = 0;
  const send = (method: string, params = {}) =>
    new Promise<{ result?: { result?: { value?: string } } }>((resolve) => {
      const id = ++lastId;
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(String(data));
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
  socket.close();
  return { pid, before, after, spaces, modules };
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
      NODE_OPTIONS: `--inspect=127.0.0.1:${INSPECTOR_PORT}`,
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
} finally {
  await stopAll();
  await scratch.drop();
  await rm(dataDir, { recursive: true, force: true });
}
