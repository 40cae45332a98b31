/**
 * `npx tsx bench/api-cpu.ts <section> [...]`: the API server's CPU per request of each query of an
 * API comparison section (vision-board-api, lounge-api, habits-api, calendar-agenda, graphql-api, ...),
 * a steadier figure than the sections' req/s on a shared machine. Starts the section's server
 * (bench/servers/api-server.ts, seeded as the section seeds it; PostgreSQL with BENCH_DATABASE_URL,
 * else PGlite), then per query, in alternating rounds, API_CPU_REQUESTS (1000) requests with
 * API_CPU_CONCURRENCY (4) in flight after a warm-up of a fifth as many, and reads the server process's
 * CPU time (user + system, /proc/<pid>/stat) before and after. Prints the CPU per request and the
 * operation's share of the trivial query (the trivial query's CPU / the operation's: the ratio the
 * section would approach if the server's CPU were all that counted). On PostgreSQL it also prints the
 * CPU of every postgres process per request (the database's share, apart). API_CPU_PROFILE_DIR: the server profiles each query's first measured round
 * (bench/lib/profile-on-signal.mjs) and writes it there; summarised here.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startChildServer } from "./lib/child-server";
import type { RequestShape } from "./lib/throughput";
import { summariseProfile } from "./profile-members";
import { calendarAgendaSection } from "./sections/calendar-agenda";
import { graphqlApiSection } from "./sections/graphql-api";
import { habitsApiSection } from "./sections/habits-api";
import { loungeApiSection } from "./sections/lounge-api";
import { visionBoardApiSection } from "./sections/vision-board-api";
import { circlesApiSection } from "./sections/circles-api";
import { momentsApiSection } from "./sections/moments-api";

const sections = [
  graphqlApiSection,
  calendarAgendaSection,
  habitsApiSection,
  visionBoardApiSection,
  loungeApiSection,
  circlesApiSection,
  momentsApiSection,
];
const TICK_MS = 1000 / 100; // USER_HZ

function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime
}

/** The CPU of every PostgreSQL process on this machine (the server's backends serve the bench alone while it runs). */
function databaseCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() !== "postgres") continue;
      total += cpuMs(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

async function load(url: string, request: RequestShape, requests: number, concurrency: number) {
  let next = 0;
  const worker = async () => {
    while (next < requests) {
      next += 1;
      const response = await fetch(url, { ...request, method: request.method ?? "GET" });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

async function main() {
  const names = process.argv.slice(2);
  const requests = Number(process.env.API_CPU_REQUESTS ?? 1000);
  const concurrency = Number(process.env.API_CPU_CONCURRENCY ?? 4);
  const rounds = Number(process.env.API_CPU_ROUNDS ?? 2);
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const profileDir = process.env.API_CPU_PROFILE_DIR;
  const rootDir = path.resolve(import.meta.dirname, "..");
  for (const name of names) {
    const section = sections.find((s) => s.name === name);
    if (!section) throw new Error(`no API section ${name}: ${sections.map((s) => s.name).join(", ")}`);
    const { measurement } = section;
    const logFile = path.join(mkdtempSync(path.join(os.tmpdir(), "happr-api-cpu-")), "server.log");
    const server = await startChildServer<{ port: number; token: string; pid: number } & Record<string, unknown>>({
      rootDir,
      script: "api-server.ts",
      args: [measurement.mode],
      env: {
        ...(databaseUrl ? { BENCH_API_DATABASE_URL: databaseUrl } : {}),
        ...(profileDir
          ? {
              API_CPU_PROFILE_DIR: profileDir,
              NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${path.join(rootDir, "bench", "lib", "profile-on-signal.mjs")}`,
            }
          : {}),
      },
      logFile,
    });
    const spent: Record<string, number[]> = {};
    const databaseSpent: Record<string, number[]> = {};
    try {
      const url = `http://127.0.0.1:${server.ready.port}/graphql`;
      const queries = Object.entries(measurement.queries(server.ready.token, server.ready));
      await measurement.check(url, queries[0]![1]);
      for (let round = 0; round < rounds; round += 1) {
        for (const [query, request] of round % 2 ? [...queries].reverse() : queries) {
          await load(url, request, Math.ceil(requests / 5), concurrency);
          const profiled = profileDir && round === 0;
          if (profiled) process.kill(server.ready.pid, "SIGUSR2");
          const before = cpuMs(server.ready.pid);
          const databaseBefore = databaseUrl ? databaseCpuMs() : 0;
          const started = performance.now();
          await load(url, request, requests, concurrency);
          const wall = performance.now() - started;
          const used = cpuMs(server.ready.pid) - before;
          const databaseUsed = databaseUrl ? databaseCpuMs() - databaseBefore : 0;
          if (profiled) {
            process.kill(server.ready.pid, "SIGUSR2");
            await new Promise((resolve) => setTimeout(resolve, 1000));
          }
          (spent[query] ??= []).push(used / requests);
          (databaseSpent[query] ??= []).push(databaseUsed / requests);
          console.error(
            `${name} round ${round + 1}: ${query}: ${((used / requests) * 1000).toFixed(0)} µs CPU/request${databaseUrl ? ` (PostgreSQL ${((databaseUsed / requests) * 1000).toFixed(0)} µs)` : ""}, ${((requests / wall) * 1000).toFixed(0)} req/s at ${concurrency} in flight`,
          );
        }
      }
    } finally {
      await server.stop();
    }
    const best = Object.fromEntries(Object.entries(spent).map(([query, values]) => [query, Math.min(...values)]));
    const [operation, trivial] = Object.values(best) as [number, number];
    console.log(`${name} (${databaseUrl ? "PostgreSQL" : "PGlite"}, load average ${os.loadavg()[0]!.toFixed(2)}):`);
    for (const [query, value] of Object.entries(best))
      console.log(
        `  ${query}: ${(value * 1000).toFixed(0)} µs server CPU per request (lowest of ${rounds} rounds)${databaseUrl ? `, PostgreSQL ${(Math.min(...databaseSpent[query]!) * 1000).toFixed(0)} µs` : ""}`,
      );
    console.log(`  operation / trivial by server CPU: ${(trivial / operation).toFixed(2)}`);
    if (profileDir)
      for (const [n, query] of Object.keys(spent).entries()) {
        const file = path.join(profileDir, `api-${server.ready.pid}-${n + 1}.cpuprofile`);
        console.log(`\n# ${file}: ${query}, round 1\n${summariseProfile(JSON.parse(readFileSync(file, "utf8")), 45)}`);
      }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
