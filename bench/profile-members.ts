/**
 * `npx tsx bench/profile-members.ts [path ...]`: where a signed-in members' page spends its CPU.
 * Starts `next start --experimental-cpu-prof` (V8's CPU profiler) of the existing build (`npm run build` first) with
 * its own embedded database, signs a member up and subscribes them (bench/lib/member.ts), loads each
 * path (default /my-account) with autocannon at BENCH_CONNECTIONS for BENCH_DURATION seconds, stops
 * the server (which writes the profile to .next-profiles/) and prints the heaviest functions (self and total time) and
 * packages. /today is seeded as members-pages seeds it (bench/lib/today-seed.ts); with BENCH_DATABASE_URL the
 * server runs on a scratch database there (dropped afterwards), with Today's circle of six; "/lounge" there is
 * the Lounge table page with the lounge-page section's table (bench/lib/lounge-seed.ts).
 * Settings: PROFILE_PORT (3190), the bench's BENCH_* and CHROME_PATH.
 */
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { subscribedMemberCookie } from "./lib/member";
import { seedToday } from "./lib/today-seed";
import { seedLoungeTableOn } from "./lib/lounge-seed";
import { startProbeServer } from "./lib/probe-server";
import { parseOptions } from "./lib/options";
import { measureThroughput } from "./lib/throughput";

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
};
type Profile = { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

const where = (frame: Node["callFrame"]) => {
  const url = frame.url.replace(/^file:\/\//, "");
  const inModules = url.lastIndexOf("node_modules/");
  const short = inModules >= 0 ? url.slice(inModules + "node_modules/".length) : path.relative(process.cwd(), url);
  return `${frame.functionName || "(anonymous)"} ${short || "(native)"}:${frame.lineNumber + 1}`;
};
const packageOf = (url: string) => {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url.replace(/.*\.next\/server\/chunks\/.*/, ""));
  if (match) return match[1]!;
  if (url.includes(".next/server")) return "(app bundle)";
  if (url.startsWith("node:") || url === "") return "(node / native)";
  return "(other)";
};

/** Top functions by self and by total time, and packages by self time, in ms and % of the samples. */
export function summariseProfile(profile: Profile, top = 25): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totalHits = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
  const msPerHit = (profile.endTime - profile.startTime) / 1000 / Math.max(totalHits, 1);
  const self = new Map<string, number>();
  const packages = new Map<string, number>();
  for (const node of profile.nodes) {
    const key = where(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + (node.hitCount ?? 0));
    const pkg = packageOf(node.callFrame.url);
    packages.set(pkg, (packages.get(pkg) ?? 0) + (node.hitCount ?? 0));
  }
  // Total: every sample counted once per distinct function on its stack.
  const total = new Map<string, number>();
  const walk = (id: number, onStack: Set<string>) => {
    const node = byId.get(id)!;
    const key = where(node.callFrame);
    const added = !onStack.has(key);
    if (added) onStack.add(key);
    let hits = node.hitCount ?? 0;
    for (const child of node.children ?? []) hits += walk(child, onStack);
    if (added) {
      total.set(key, (total.get(key) ?? 0) + hits);
      onStack.delete(key);
    }
    return hits;
  };
  walk(profile.nodes[0]!.id, new Set());
  const list = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(
        ([key, hits]) =>
          `  ${((hits / totalHits) * 100).toFixed(1).padStart(5)}%  ${(hits * msPerHit).toFixed(0).padStart(6)} ms  ${key}`,
      )
      .join("\n");
  return [
    `samples: ${totalHits} over ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s`,
    "self time, by function:",
    list(self, top),
    "total time (self + callees), by function:",
    list(total, top),
    "self time, by package:",
    list(packages, 15),
  ].join("\n");
}

async function main() {
  const options = parseOptions(process.env, import.meta.dirname);
  const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["/my-account"];
  // Where next start --experimental-cpu-prof writes (it makes the folder, with a .gitignore).
  const profileDir = path.join(options.rootDir, ".next-profiles");
  mkdirSync(profileDir, { recursive: true });
  const before = new Set(readdirSync(profileDir));
  // `node --cpu-prof` cannot reach the server: next start passes node's flags on in NODE_OPTIONS, where
  // --cpu-prof is refused. Its own switch runs the same V8 profiler (inspector) in the server process.
  const server = await startProbeServer(options, {
    name: "profile",
    port: Number(process.env.PROFILE_PORT ?? 3190),
    args: ["--experimental-cpu-prof"],
    env: () => ({ NEXT_CPU_PROF: "1", NEXT_CPU_PROF_DIR: profileDir }),
  });
  const { baseUrl } = server.app;
  try {
    const cookie = await subscribedMemberCookie(baseUrl, options, console.error, server.outboxFile);
    // Today with the data members-pages measures it with (its circle only on PostgreSQL).
    if (paths.includes("/today"))
      await seedToday(baseUrl, cookie, { databaseUrl: server.databaseUrl ?? undefined, log: console.error });
    // "/lounge": the Lounge table page as lounge-page measures it (PostgreSQL only: seeded beside the server).
    if (paths.includes("/lounge")) {
      if (!server.databaseUrl) throw new Error("/lounge: set BENCH_DATABASE_URL (the table is seeded on PostgreSQL)");
      const roomId = seedLoungeTableOn(server.databaseUrl);
      paths.splice(paths.indexOf("/lounge"), 1, `/lounge/${roomId}`);
    }
    for (const page of paths) {
      const result = await measureThroughput({
        url: `${baseUrl}${page}`,
        connections: options.connections,
        durationSeconds: options.durationSeconds,
        warmupSeconds: options.warmupSeconds,
        request: { headers: { cookie } },
      });
      console.log(
        `${page}: ${result.requestsPerSecond.toFixed(1)} req/s, p50 ${result.latencyP50Ms} ms, p99 ${result.latencyP99Ms} ms, non-2xx ${result.non2xx}`,
      );
    }
  } finally {
    // Stopped, the server writes its profile.
    await server.close();
  }
  const written = readdirSync(profileDir).filter((name) => name.endsWith(".cpuprofile") && !before.has(name));
  for (const name of written) {
    const file = path.join(profileDir, name);
    const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
    if (profile.endTime - profile.startTime < 5e6) continue; // a short-lived helper process
    console.log(`\n# ${path.relative(process.cwd(), file)}\n${summariseProfile(profile)}`);
  }
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
