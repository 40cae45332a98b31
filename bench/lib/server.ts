import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

/** A Next.js app started by the benchmark. */
export type RunningApp = {
  name: string;
  baseUrl: string;
  port: number;
  /** The server's process id, which is also its process group's (for /proc). */
  pid: number;
  logFile: string;
  /** Why the server stopped ("exit 1", "SIGTERM"), or undefined while it runs. */
  exited(): string | undefined;
  /** The server's peak resident memory so far, in MB (see peakRssMb), or undefined off Linux. */
  peakRssMb(): number | undefined;
  stop(): Promise<void>;
};

/**
 * The peak resident set (VmHWM) of every process in the process group `pgid`, summed, in MB: `next
 * start` and any worker it spawned. Linux only (/proc); undefined elsewhere or once they are gone.
 */
export function peakRssMb(pgid: number): number | undefined {
  let totalKb = 0;
  let found = false;
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  for (const pid of entries) {
    try {
      // The process group is the 5th field, after the command in parentheses (which may hold spaces).
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) !== pgid) continue;
      const peak = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      if (peak) {
        totalKb += Number(peak[1]);
        found = true;
      }
    } catch {
      // Exited meanwhile.
    }
  }
  return found ? totalKb / 1024 : undefined;
}

const cleanups = new Set<() => Promise<void>>();

/** Stops every child process still running; safe to call more than once. */
export async function stopAll(): Promise<void> {
  const pending = [...cleanups];
  cleanups.clear();
  await Promise.allSettled(pending.map((cleanup) => cleanup()));
}

function nextBin(rootDir: string): string {
  const bin = path.join(rootDir, "node_modules", "next", "dist", "bin", "next");
  if (!existsSync(bin)) throw new Error(`next is not installed: ${bin} is missing (run npm install)`);
  return bin;
}

export function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

/** Spawns `node next <args>` in its own process group so the whole tree can be stopped. */
function spawnNext(
  rootDir: string,
  args: string[],
  cwd: string,
  logFile: string,
  env: NodeJS.ProcessEnv,
): ChildProcess {
  const log = createWriteStream(logFile, { flags: "w" });
  // BENCH_NODE_ARGS: V8 flags for the servers that NODE_OPTIONS does not accept (--heap-growing-percent=50).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, nextBin(rootDir), ...args], {
    cwd,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  child.once("close", () => log.end());
  return child;
}

/** SIGTERM the process group, SIGKILL it if it is still there after `graceMs`. */
async function killGroup(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      // Already gone.
    }
  };
  signal("SIGTERM");
  const timer = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), graceMs).unref());
  if ((await Promise.race([exited, timer])) === "timeout") {
    signal("SIGKILL");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
  }
}

/** Runs `next build <dir>` and resolves with the time it took, or rejects with the log's tail. */
export async function buildNextApp(opts: {
  name: string;
  rootDir: string;
  appDir: string;
  logFile: string;
  timeoutMs: number;
  env?: Record<string, string>;
}): Promise<number> {
  const started = Date.now();
  // The embedded billing and mail, chosen on purpose as production asks (lib/config.ts).
  const env = {
    BILLING: "sandbox",
    MAIL: "outbox",
    ...process.env,
    ...opts.env,
    NODE_ENV: "production" as const,
    NEXT_TELEMETRY_DISABLED: "1",
  };
  const child = spawnNext(opts.rootDir, ["build", opts.appDir], opts.appDir, opts.logFile, env);
  const cleanup = () => killGroup(child);
  cleanups.add(cleanup);
  try {
    const outcome = await new Promise<number | "timeout">((resolve, reject) => {
      const timer = setTimeout(() => resolve("timeout"), opts.timeoutMs);
      child.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        resolve(code ?? 1);
      });
    });
    if (outcome === "timeout") {
      throw new Error(
        `${opts.name}: next build timed out after ${opts.timeoutMs / 1000} s; log ${opts.logFile}:\n${tail(opts.logFile)}`,
      );
    }
    if (outcome !== 0) {
      throw new Error(`${opts.name}: next build failed (exit ${outcome}); log ${opts.logFile}:\n${tail(opts.logFile)}`);
    }
    return (Date.now() - started) / 1000;
  } finally {
    await cleanup();
    cleanups.delete(cleanup);
  }
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    // No host: the same dual-stack wildcard `next start` listens on.
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/** The preferred port if free, otherwise the next free one above it. */
export async function findFreePort(preferred: number, avoid: number[] = []): Promise<number> {
  for (let port = preferred; port < preferred + 100 && port <= 65535; port += 1) {
    if (!avoid.includes(port) && (await isPortFree(port))) return port;
  }
  throw new Error(`no free port in ${preferred}-${preferred + 99}`);
}

/** Starts `next start` and resolves once `/` answers with any HTTP status. */
export async function startNextApp(opts: {
  name: string;
  rootDir: string;
  appDir: string;
  host: string;
  port: number;
  logFile: string;
  timeoutMs: number;
  /** Extra environment for this app (wins over the inherited one). */
  env?: Record<string, string>;
  /** More arguments for `next start` (`--experimental-cpu-prof`). */
  args?: string[];
}): Promise<RunningApp> {
  if (!existsSync(path.join(opts.appDir, ".next", "BUILD_ID"))) {
    throw new Error(
      `${opts.name}: no production build in ${path.join(opts.appDir, ".next")} (run without BENCH_SKIP_BUILD)`,
    );
  }
  const env = {
    BILLING: "sandbox",
    MAIL: "outbox",
    ...process.env,
    ...opts.env,
    NODE_ENV: "production" as const,
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(opts.port),
  };
  const child = spawnNext(
    opts.rootDir,
    // Idle connections kept as `npm start` keeps them (package.json), for the main app and the baseline alike.
    ["start", opts.appDir, "-p", String(opts.port), "--keepAliveTimeout", "65000", ...(opts.args ?? [])],
    opts.appDir,
    opts.logFile,
    env,
  );
  const stop = () => killGroup(child);
  cleanups.add(stop);
  const baseUrl = `http://${opts.host}:${opts.port}`;

  let exitInfo: string | undefined;
  child.once("exit", (code, signal) => {
    exitInfo = `exit ${code ?? signal}`;
  });
  child.once("error", (error) => {
    exitInfo = error.message;
  });

  const deadline = Date.now() + opts.timeoutMs;
  while (Date.now() < deadline) {
    if (exitInfo !== undefined) {
      cleanups.delete(stop);
      throw new Error(`${opts.name}: next start stopped (${exitInfo}); log ${opts.logFile}:\n${tail(opts.logFile)}`);
    }
    try {
      const response = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(5000), redirect: "manual" });
      await response.arrayBuffer();
      return {
        name: opts.name,
        baseUrl,
        port: opts.port,
        pid: child.pid!,
        logFile: opts.logFile,
        exited: () => exitInfo,
        peakRssMb: () => (exitInfo === undefined ? peakRssMb(child.pid!) : undefined),
        stop: async () => {
          await stop();
          cleanups.delete(stop);
        },
      };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
  await stop();
  cleanups.delete(stop);
  throw new Error(
    `${opts.name}: ${baseUrl}/ did not answer within ${opts.timeoutMs / 1000} s; log ${opts.logFile}:\n${tail(opts.logFile)}`,
  );
}
