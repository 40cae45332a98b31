import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ProbeResult } from "../lib/auth-probe";
import { fixed, median, ms } from "../lib/format";
import type { Section } from "../lib/section";
import { findFreePort, startNextApp, tail } from "../lib/server";
import { measureThroughput, type ThroughputResult } from "../lib/throughput";

/**
 * What knowing the caller costs. In-process (bench/lib/auth-probe.ts, a child process): resolving
 * the caller of one request with lib/auth/caller.ts, from a bearer token and from the session cookie,
 * in microseconds (median of many). Over HTTP: requests per second of the same page with and
 * without proxy.ts's guard in front of it, on a second `next start` of the main build that has one
 * signed-in member in its own embedded database.
 *
 * "The same page": the app's not-found page, once at /no-such-page (no proxy) and once at
 * /my-account/no-such-page with a member's session cookie (the guard decodes the cookie, runs the jwt
 * callback with its revocation check, lets the request through, and the same not-found page
 * renders). The difference is the guard and nothing else. /my-account itself is measured too: the
 * real members' page (guard, the page's own auth(), the account-security lookup, rendering).
 */
type Target = { key: string; label: string; path: string; signedIn: boolean; expectStatus: number };

const targets: Target[] = [
  {
    key: "unguarded",
    label: "/no-such-page (not-found, no guard)",
    path: "/no-such-page",
    signedIn: false,
    expectStatus: 404,
  },
  {
    key: "guarded",
    label: "/my-account/no-such-page (same page behind the guard, signed in)",
    path: "/my-account/no-such-page",
    signedIn: true,
    expectStatus: 404,
  },
  {
    key: "members-page",
    label: "/my-account (members' page, signed in)",
    path: "/my-account",
    signedIn: true,
    expectStatus: 200,
  },
];

function runProbe(rootDir: string, env: Record<string, string>, logFile: string): Promise<ProbeResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(rootDir, "node_modules", ".bin", "tsx"),
      ["--conditions=react-server", "bench/lib/auth-probe.ts"],
      {
        cwd: rootDir,
        env: { ...process.env, ...env },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const guard = setTimeout(() => child.kill("SIGTERM"), 5 * 60_000);
    child.once("exit", (code) => {
      clearTimeout(guard);
      // The embedded mail outbox echoes to stdout in development: the result is the last line.
      const line = stdout.trim().split("\n").at(-1) ?? "";
      if (code === 0 && line.startsWith("{")) resolve(JSON.parse(line) as ProbeResult);
      else
        reject(
          new Error(
            `auth probe failed (exit ${code}; log ${logFile}): ${stderr.trim().split("\n").slice(-5).join(" | ")}`,
          ),
        );
    });
    child.once("error", reject);
  });
}

export const authSection: Section = {
  name: "auth",
  title: "Resolving the caller: per-request cost, and a guarded page against the same page unguarded",
  async run({ options, main, baseline, log }) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "happr-bench-auth-"));
    const port = await findFreePort(options.baselinePort + 1, [main.port, baseline.port]);
    const env = {
      DATA_DIR: dataDir,
      SITE_URL: `http://${options.host}:${port}`,
      AUTH_SECRET: randomBytes(33).toString("base64"),
    };
    try {
      log("auth: seeding a member and timing resolveCaller in-process");
      const probe = await runProbe(options.rootDir, env, path.join(options.resultsDir, "auth-probe.log"));

      log(`auth: next start of the main build on port ${port} (its own database, one signed-in member)`);
      const app = await startNextApp({
        name: "auth",
        rootDir: options.rootDir,
        appDir: options.mainDir,
        host: options.host,
        port,
        logFile: path.join(options.resultsDir, "auth-server.log"),
        timeoutMs: 120_000,
        env,
      });
      try {
        const cookie = `${probe.sessionCookie.name}=${probe.sessionCookie.value}`;
        const headersFor = (target: Target) => (target.signedIn ? { cookie } : undefined);
        // Each target must answer as intended, or the figures would compare the wrong things.
        for (const target of targets) {
          const response = await fetch(`${app.baseUrl}${target.path}`, {
            headers: headersFor(target),
            redirect: "manual",
          });
          const body = await response.text();
          if (
            response.status !== target.expectStatus ||
            (target.key === "members-page" && !body.includes(probe.member.email))
          ) {
            throw new Error(
              `${target.path} answered ${response.status} (expected ${target.expectStatus}${target.key === "members-page" ? " with the member's email" : ""}); server log: ${tail(app.logFile, 5)}`,
            );
          }
        }
        const signedOut = await fetch(`${app.baseUrl}/my-account/no-such-page`, { redirect: "manual" });
        if (signedOut.status < 300 || signedOut.status >= 400)
          throw new Error(`the guard let a signed-out request through (${signedOut.status})`);

        const { connections, durationSeconds, warmupSeconds, throughputRounds } = options;
        const runs: Record<string, ThroughputResult[]> = Object.fromEntries(targets.map((target) => [target.key, []]));
        for (let round = 1; round <= throughputRounds; round += 1) {
          const order = round % 2 === 1 ? targets : [...targets].reverse();
          for (const target of order) {
            log(`auth: ${target.path} round ${round}/${throughputRounds}`);
            runs[target.key]!.push(
              await measureThroughput({
                url: `${app.baseUrl}${target.path}`,
                connections,
                durationSeconds,
                warmupSeconds,
                request: { headers: headersFor(target) },
              }),
            );
          }
        }
        const summary = (results: ThroughputResult[]) => ({
          requestsPerSecond: median(results.map((r) => r.requestsPerSecond)),
          latencyP50Ms: median(results.map((r) => r.latencyP50Ms)),
          latencyP99Ms: median(results.map((r) => r.latencyP99Ms)),
          errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
        });
        const summaries = Object.fromEntries(targets.map((target) => [target.key, summary(runs[target.key]!)]));
        const ratio = summaries.guarded!.requestsPerSecond / summaries.unguarded!.requestsPerSecond;

        const rows: string[][] = [
          ...probe.timings.map((timing) => [
            `in-process: ${timing.what}`,
            `${fixed(timing.medianUs, 1)} µs`,
            `p95 ${fixed(timing.p95Us, 1)} µs`,
            "",
            "",
            "",
          ]),
          ...targets.map((target) => {
            const s = summaries[target.key]!;
            return [
              `HTTP: ${target.label}`,
              `${fixed(s.requestsPerSecond, 1)} req/s`,
              `p50 ${ms(s.latencyP50Ms)}`,
              `p99 ${ms(s.latencyP99Ms)}`,
              String(s.errors),
              runs[target.key]!.map((r) => r.requestsPerSecond.toFixed(0)).join(" / "),
            ];
          }),
          ["HTTP: guarded / unguarded (same page)", ratio.toFixed(2), "", "", "", ""],
        ];
        return {
          table: { head: ["measure", "median", "", "", "errors", "req/s per round"], rows },
          notes: [
            `in-process: ${probe.timings[0]?.iterations ?? 0} timed calls each after a warm-up, median and 95th percentile; "+ database" rows read the embedded PGlite in the same process`,
            "HTTP: the session cookie is the one Auth.js writes at sign-in, minted with the server's AUTH_SECRET for a member created in its database",
            `HTTP: ${connections} connections, ${warmupSeconds} s warm-up + ${durationSeconds} s, ${throughputRounds} round(s) in alternating order, median`,
          ],
          data: {
            timings: probe.timings,
            http: summaries,
            runs,
            ratioGuardedToUnguarded: ratio,
            connections,
            durationSeconds,
            warmupSeconds,
            rounds: throughputRounds,
          },
        };
      } finally {
        await app.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
