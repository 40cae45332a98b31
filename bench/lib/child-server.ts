import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { tail } from "./server";

export type ChildServer<T> = { ready: T; stop(): Promise<void> };

/**
 * Starts bench/servers/<script> under tsx with the react-server condition (lib/ is server-only) and
 * resolves with the JSON line it prints once it listens. Its stderr goes to `logFile`.
 */
export async function startChildServer<T>(opts: {
  rootDir: string;
  script: string;
  args?: string[];
  env?: Record<string, string>;
  logFile: string;
  timeoutMs?: number;
}): Promise<ChildServer<T>> {
  const tsx = path.join(opts.rootDir, "node_modules", "tsx", "dist", "cli.mjs");
  const child = spawn(
    process.execPath,
    [
      tsx,
      "--conditions=react-server",
      // BENCH_PROFILE_DIR: each server writes a CPU profile there when it stops (bench/README.md).
      ...(process.env.BENCH_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : []),
      path.join(opts.rootDir, "bench", "servers", opts.script),
      ...(opts.args ?? []),
    ],
    {
      cwd: opts.rootDir,
      // Production settings, as `next start` runs; a throwaway session secret like the apps get.
      env: {
        ...process.env,
        NODE_ENV: "production",
        BILLING: "sandbox",
        MAIL: "outbox",
        SITE_URL: process.env.SITE_URL ?? "http://localhost:3000",
        AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(33).toString("base64"),
        ...opts.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const log = createWriteStream(opts.logFile, { flags: "w" });
  child.stderr.pipe(log);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    if (child.exitCode === null) child.kill("SIGKILL");
  };
  const ready = await new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new Error(`${opts.script} did not start within ${(opts.timeoutMs ?? 120_000) / 1000} s; log ${opts.logFile}`),
        ),
      opts.timeoutMs ?? 120_000,
    );
    createInterface({ input: child.stdout }).once("line", (line) => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(line) as T);
      } catch {
        reject(new Error(`${opts.script} printed ${line.slice(0, 200)} instead of its JSON ready line`));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(
        new Error(
          `${opts.script} stopped (exit ${code}) before it was ready; log ${opts.logFile}:\n${tail(opts.logFile)}`,
        ),
      );
    });
  });
  return { ready, stop };
}
