import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { scratchDatabase } from "../../e2e/support/app-instances";
import { fixed, ms } from "../lib/format";
import { subscribedMemberCookie } from "../lib/member";
import { sizeMatchedBaseline, sizeMatchedRows } from "../lib/page-rounds";
import { seedToday } from "../lib/today-seed";
import type { BenchContext, Section } from "../lib/section";
import { findFreePort, startNextApp, tail, type RunningApp } from "../lib/server";
import {
  measureThroughput,
  summariseRounds as summarise,
  type RoundsSummary as Summary,
  type ThroughputResult,
} from "../lib/throughput";

/**
 * The members' pages, signed in, against a bare Next.js page that reads the same Auth.js session (the
 * baseline app's /session: next-auth's auth() decoding the member's cookie with the same secret, a few
 * lines rendered), all in the same rounds; and proxy.ts's guard: the app's not-found page behind it
 * (/my-account/no-such-page, signed in) against the same page outside it (/no-such-page), as a member's
 * browser sends it (holding the cookie that skips the guard while the session is fresh,
 * lib/auth/sign-out.ts) and without that cookie (the guard running, as it does once an hour per
 * browser and for every visitor), beside what Next.js's proxy costs by itself (the bare app's
 * not-found page behind a proxy.ts that only passes the request on, against the same page outside it). On the
 * embedded PGlite (the run's main server) and, with BENCH_DATABASE_URL, on a second `next start` of
 * the same build on a scratch PostgreSQL database.
 */

const MEMBERS_PAGES = ["/today", "/my-account", "/pricing", "/manage-subscription"] as const;
/** Issue 44's goal for Today (20 habits, a month of events, a circle of six: bench/lib/today-seed.ts), per database. */
const PAGE_GOALS: Partial<Record<(typeof MEMBERS_PAGES)[number], Partial<Record<"pglite" | "postgres", number>>>> = {
  "/today": { postgres: 0.6 },
};
/** Measured in the same rounds, without a goal: the security centre, a page of its own that /my-account links to. */
const REPORTED_PAGES = ["/my-account/security"] as const;
/** Issue 19's goals: a members' page / the session baseline, and its p95, per database. */
const GOALS = {
  pglite: { ratio: 0.3, p95Ms: undefined },
  postgres: { ratio: 0.5, p95Ms: 60 },
} as const;
const GUARD_GOAL = 0.85;
/** Issue 43 point 3: the app server's peak RSS after these rounds, against the bare session app's. */
const RSS_GOAL = 2;

type Database = keyof typeof GOALS;
type Target = {
  key: string;
  label: string;
  url: string;
  signedIn: boolean;
  /** Sent without the cookie that lets a fresh session skip the guard. */
  guardRuns?: true;
  expect: number;
  mustShow?: string;
};
// lib/auth/sign-out.ts's FRESH_SESSION_COOKIE (that module is server-only, so spelt out here).
const FRESH_SESSION_COOKIE = "happr-session-fresh";

/** One database: every target in alternating rounds, each checked first to answer as intended. */
async function measure(
  ctx: BenchContext,
  database: Database,
  app: RunningApp,
  outboxFile?: string,
  databaseUrl?: string,
) {
  const { options, baseline, log } = ctx;
  const cookie = await subscribedMemberCookie(app.baseUrl, options, log, outboxFile);
  await seedToday(app.baseUrl, cookie, { databaseUrl, log });
  const cookies = cookie.split("; ");
  if (!cookies.some((c) => c.startsWith(`${FRESH_SESSION_COOKIE}=`)))
    throw new Error(`${database}: the member's browser holds no ${FRESH_SESSION_COOKIE} cookie from the guard`);
  const cookieWithoutMarker = cookies.filter((c) => !c.startsWith(`${FRESH_SESSION_COOKIE}=`)).join("; ");
  const email = /bench\.\d+@example\.com/;
  const targets: Target[] = [
    {
      key: "baseline",
      label: "baseline /session (auth(), a few lines)",
      url: `${baseline.baseUrl}/session`,
      signedIn: true,
      expect: 200,
      mustShow: "Signed in as",
    },
    ...[...MEMBERS_PAGES, ...REPORTED_PAGES].map((page) => ({
      key: page,
      label: page,
      url: `${app.baseUrl}${page}`,
      signedIn: true,
      expect: 200,
      // Today does not show the member's email: its seeded habits tell it is theirs. Habit 19 is a
      // daily one (bench/lib/today-seed.ts), listed every day; Habit 20 (Mondays, Wednesdays and
      // Fridays) is only counted as not due on the other days.
      ...(page === "/today" ? { mustShow: "Habit 19" } : {}),
    })),
    {
      key: "unguarded",
      label: "/no-such-page (not-found, no guard)",
      url: `${app.baseUrl}/no-such-page`,
      signedIn: false,
      expect: 404,
    },
    {
      key: "guarded",
      label: "/my-account/no-such-page (behind proxy.ts)",
      url: `${app.baseUrl}/my-account/no-such-page`,
      signedIn: true,
      expect: 404,
    },
    {
      key: "guardRuns",
      label: "/my-account/no-such-page (behind proxy.ts, the guard running)",
      url: `${app.baseUrl}/my-account/no-such-page`,
      signedIn: true,
      guardRuns: true,
      expect: 404,
    },
    // The ceiling Next.js itself sets on any proxy: the bare app's not-found page, outside and behind
    // a proxy.ts that only passes the request on.
    {
      key: "bareUnproxied",
      label: "bare app /no-such-page",
      url: `${baseline.baseUrl}/no-such-page`,
      signedIn: true,
      expect: 404,
    },
    {
      key: "bareProxied",
      label: "bare app /proxied/no-such-page (an empty proxy.ts)",
      url: `${baseline.baseUrl}/proxied/no-such-page`,
      signedIn: true,
      expect: 404,
    },
  ];
  // What any members' page pays before its own work: /session behind an empty proxy.ts.
  targets.push({
    key: "sessionProxied",
    label: "baseline /proxied/session (an empty proxy.ts)",
    url: `${baseline.baseUrl}/proxied/session`,
    signedIn: true,
    expect: 200,
    mustShow: "Signed in as",
  });
  // What Next.js alone costs for a page as big as Today (bench/lib/page-rounds.ts).
  const todaySized = await sizeMatchedBaseline(baseline.baseUrl, `${app.baseUrl}/today`, cookie);
  targets.push({ ...todaySized, key: "todaySized", signedIn: true, expect: 200 });
  const headersFor = (target: Target) =>
    target.signedIn ? { cookie: target.guardRuns ? cookieWithoutMarker : cookie } : undefined;
  for (const target of targets) {
    const response = await fetch(target.url, { headers: headersFor(target), redirect: "manual" });
    const body = await response.text();
    const shows = target.mustShow ? body.includes(target.mustShow) : target.expect !== 200 || email.test(body);
    if (response.status !== target.expect || !shows)
      throw new Error(
        `${database}: ${target.url} answered ${response.status} (expected ${target.expect}${target.expect === 200 ? ", showing the member" : ""})`,
      );
  }
  const { connections, durationSeconds, warmupSeconds, throughputRounds } = options;
  const runs: Record<string, ThroughputResult[]> = Object.fromEntries(targets.map((t) => [t.key, []]));
  for (let round = 1; round <= throughputRounds; round += 1) {
    for (const target of round % 2 === 1 ? targets : [...targets].reverse()) {
      log(`members-pages (${database}): ${target.url} round ${round}/${throughputRounds}`);
      runs[target.key]!.push(
        await measureThroughput({
          url: target.url,
          connections,
          durationSeconds,
          warmupSeconds,
          request: { headers: headersFor(target) },
        }),
      );
    }
  }
  const summaries = Object.fromEntries(targets.map((t) => [t.key, summarise(runs[t.key]!)]));
  return { targets, runs, summaries, peakRssMb: app.peakRssMb() };
}

export const membersPagesSection: Section = {
  name: "members-pages",
  title: "Members' pages signed in, against a bare Next.js page reading the same Auth.js session",
  async run(ctx) {
    const { options, main, baseline, log } = ctx;
    const results: Partial<Record<Database, Awaited<ReturnType<typeof measure>>>> = {};
    results.pglite = await measure(ctx, "pglite", main);

    const notes: string[] = [];
    if (options.databaseUrl) {
      const scratch = await scratchDatabase(options.databaseUrl);
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "happr-bench-members-"));
      const port = await findFreePort(options.baselinePort + 2, [main.port, baseline.port]);
      const outboxFile = path.join(dataDir, "outbox.ndjson");
      try {
        log(`members-pages: next start of the main build on PostgreSQL (port ${port})`);
        const app = await startNextApp({
          name: "members-postgres",
          rootDir: options.rootDir,
          appDir: options.mainDir,
          host: options.host,
          port,
          logFile: path.join(options.resultsDir, "members-postgres-server.log"),
          timeoutMs: 120_000,
          env: {
            DATABASE_URL: scratch.url,
            DATA_DIR: dataDir,
            OUTBOX_FILE: outboxFile,
            SITE_URL: `http://${options.host}:${port}`,
          },
        });
        try {
          results.postgres = await measure(ctx, "postgres", app, outboxFile, scratch.url);
        } catch (error) {
          throw new Error(`${(error as Error).message}; server log: ${tail(app.logFile, 5)}`);
        } finally {
          await app.stop();
        }
      } finally {
        await scratch.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    } else notes.push("set BENCH_DATABASE_URL to a PostgreSQL server to measure the members' pages on it too");

    const rows: string[][] = [];
    const belowGoal: string[] = [];
    const baselineRss = baseline.peakRssMb();
    for (const database of ["pglite", "postgres"] as const) {
      const result = results[database];
      if (!result) continue;
      const goal = GOALS[database];
      const { summaries } = result;
      const base = summaries.baseline!;
      const row = (label: string, s: Summary, ratio: string, goalText: string) => [
        `${database}: ${label}`,
        fixed(s.requestsPerSecond, 1),
        ms(s.p50Ms),
        ms(s.p95Ms),
        ms(s.p99Ms),
        String(s.non2xx),
        ratio,
        goalText,
      ];
      rows.push(row("baseline /session", base, "1.00", ""));
      const proxied = summaries.sessionProxied!;
      rows.push(
        row(
          "baseline /proxied/session (an empty proxy.ts)",
          proxied,
          (proxied.requestsPerSecond / base.requestsPerSecond).toFixed(2),
          "(any page behind a proxy)",
        ),
      );
      for (const page of MEMBERS_PAGES) {
        const s = summaries[page]!;
        const ratio = s.requestsPerSecond / base.requestsPerSecond;
        const goalRatio = PAGE_GOALS[page]?.[database] ?? goal.ratio;
        rows.push(row(page, s, ratio.toFixed(2), `≥ ${goalRatio}${goal.p95Ms ? `, p95 ≤ ${goal.p95Ms} ms` : ""}`));
        if (ratio < goalRatio)
          belowGoal.push(`${database} ${page}: ${ratio.toFixed(2)} of the session baseline (goal ≥ ${goalRatio})`);
        if (goal.p95Ms && s.p95Ms > goal.p95Ms)
          belowGoal.push(
            `${database} ${page}: p95 ${ms(s.p95Ms)} (goal ≤ ${goal.p95Ms} ms; the baseline's own p95 in the same rounds: ${ms(base.p95Ms)})`,
          );
      }
      rows.push(
        ...sizeMatchedRows(
          database,
          "/today",
          result.targets.find((t) => t.key === "todaySized")!.label,
          { page: summaries["/today"]!, sized: summaries.todaySized!, baseline: base },
          row,
        ).rows,
      );
      for (const page of REPORTED_PAGES) {
        const s = summaries[page]!;
        rows.push(row(page, s, (s.requestsPerSecond / base.requestsPerSecond).toFixed(2), "(reported)"));
      }
      const guardRatio = summaries.guarded!.requestsPerSecond / summaries.unguarded!.requestsPerSecond;
      const guardRunsRatio = summaries.guardRuns!.requestsPerSecond / summaries.unguarded!.requestsPerSecond;
      const emptyProxyRatio = summaries.bareProxied!.requestsPerSecond / summaries.bareUnproxied!.requestsPerSecond;
      rows.push(row("/no-such-page (no guard)", summaries.unguarded!, "1.00", ""));
      rows.push(
        row("/my-account/no-such-page (guarded)", summaries.guarded!, guardRatio.toFixed(2), `≥ ${GUARD_GOAL}`),
      );
      rows.push(
        row("the same, the guard running (hourly)", summaries.guardRuns!, guardRunsRatio.toFixed(2), "(reported)"),
      );
      rows.push(row("bare app /no-such-page", summaries.bareUnproxied!, "1.00", ""));
      rows.push(
        row("bare app, behind an empty proxy.ts", summaries.bareProxied!, emptyProxyRatio.toFixed(2), "(the ceiling)"),
      );
      if (guardRatio < GUARD_GOAL)
        belowGoal.push(
          `${database} guard: ${guardRatio.toFixed(2)} of the same page unguarded (goal ≥ ${GUARD_GOAL}; a proxy.ts that does nothing: ${emptyProxyRatio.toFixed(2)})`,
        );
      // Issue 43 point 3: on PostgreSQL, at most twice the bare app's (PGlite's own memory is reported).
      const rssRatio = result.peakRssMb && baselineRss ? result.peakRssMb / baselineRss : undefined;
      const rssGoal = database === "postgres" ? `≤ ${RSS_GOAL}x the baseline app's` : "(reported)";
      rows.push([
        `${database}: peak RSS, app server`,
        result.peakRssMb ? `${result.peakRssMb.toFixed(0)} MB` : "n/a",
        "",
        "",
        "",
        "",
        rssRatio ? `${rssRatio.toFixed(2)}x` : "n/a",
        rssGoal,
      ]);
      if (database === "postgres" && rssRatio && rssRatio > RSS_GOAL)
        belowGoal.push(
          `${database} peak RSS: ${result.peakRssMb!.toFixed(0)} MB, ${rssRatio.toFixed(2)}x the baseline app's ${baselineRss!.toFixed(0)} MB (goal ≤ ${RSS_GOAL}x)`,
        );
    }
    rows.push(["baseline app: peak RSS", baselineRss ? `${baselineRss.toFixed(0)} MB` : "n/a", "", "", "", "", "", ""]);
    notes.push(
      `${options.connections} connections, ${options.warmupSeconds} s warm-up + ${options.durationSeconds} s, ${options.throughputRounds} round(s) in alternating order over every row of a database, median; ratios are against the baseline (or the unguarded page) of the same rounds`,
      "the member signed up and subscribed through the app's pages (Chromium, sandbox checkout); the baseline decodes that member's own cookie",
      "peak RSS: VmHWM summed over the server's process group, at the end of its measurements",
    );
    return {
      table: { head: ["page (signed in)", "req/s", "p50", "p95", "p99", "non-2xx", "ratio", "goal"], rows },
      notes,
      belowGoal,
      data: {
        ...results,
        baselinePeakRssMb: baselineRss,
        goals: { ...GOALS, guard: GUARD_GOAL, pages: PAGE_GOALS, peakRssOfBaseline: RSS_GOAL },
      },
    };
  },
};
