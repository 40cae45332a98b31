import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { scratchDatabase } from "../../e2e/support/app-instances";
import { fixed, ms } from "../lib/format";
import { seedLoungeTableOn } from "../lib/lounge-seed";
import { subscribedMemberCookie } from "../lib/member";
import { measurePagesInRounds, sizeMatchedBaseline, sizeMatchedRows, type PageTarget } from "../lib/page-rounds";
import type { Section } from "../lib/section";
import { findFreePort, startNextApp, tail, type RunningApp } from "../lib/server";
import type { RoundsSummary } from "../lib/throughput";

/**
 * Happr Lounge (issue 42): the member's table page `/lounge/<room>` signed in, at a table of ten with
 * 50 posts among 200 other tables of the room (bench/lib/lounge-seed.ts, the `lounge-api` section's
 * data), against the baseline app's `/session` (a bare page reading the same session) in the same
 * rounds, on a `next start` of the main build of its own on a scratch PostgreSQL database. PostgreSQL
 * only: the table is written straight into the database while the server runs, which the embedded
 * database (its files held by the server) does not allow.
 */

/** Issue 42's goal: the table page / the session baseline on PostgreSQL. */
const PAGE_GOAL = 0.5;

export const loungePageSection: Section = {
  name: "lounge-page",
  title: "Happr Lounge: the table page (50 posts) signed in, against the session baseline",
  async run(ctx) {
    const { options, baseline, log } = ctx;
    if (!options.databaseUrl)
      return {
        table: { head: ["measurement"], rows: [["skipped: set BENCH_DATABASE_URL (PostgreSQL only)"]] },
        notes: [],
        belowGoal: [],
        data: { skipped: true },
      };
    const scratch = await scratchDatabase(options.databaseUrl);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "happr-bench-lounge-"));
    const outboxFile = path.join(dataDir, "outbox.ndjson");
    let app: RunningApp | undefined;
    try {
      const port = await findFreePort(options.baselinePort + 6, [baseline.port]);
      log(`lounge-page: next start of the main build on postgres (port ${port})`);
      app = await startNextApp({
        name: "lounge-page",
        rootDir: options.rootDir,
        appDir: options.mainDir,
        host: options.host,
        port,
        logFile: path.join(options.resultsDir, "lounge-page-server.log"),
        timeoutMs: 120_000,
        env: {
          DATABASE_URL: scratch.url,
          DATA_DIR: dataDir,
          OUTBOX_FILE: outboxFile,
          SITE_URL: `http://${options.host}:${port}`,
        },
      });
      const cookie = await subscribedMemberCookie(app.baseUrl, options, log, outboxFile);
      log("lounge-page: seeding the table (50 posts, 200 other tables)");
      const roomId = seedLoungeTableOn(scratch.url);
      const targets: PageTarget[] = [
        { key: "baseline", label: "baseline /session", url: `${baseline.baseUrl}/session`, mustShow: "Signed in as" },
        {
          key: "table",
          label: "/lounge/<room> (50 posts)",
          url: `${app.baseUrl}/lounge/${roomId}`,
          mustShow: "number 49, about the small things",
        },
      ];
      targets.push(await sizeMatchedBaseline(baseline.baseUrl, targets[1]!.url, cookie));
      const { summaries: s, runs } = await measurePagesInRounds("lounge-page", targets, cookie, options, log);
      const ratio = s.table!.requestsPerSecond / s.baseline!.requestsPerSecond;
      const row = (label: string, summary: RoundsSummary, shown: string, goal: string) => [
        `postgres: ${label}`,
        fixed(summary.requestsPerSecond, 1),
        ms(summary.p50Ms),
        ms(summary.p95Ms),
        ms(summary.p99Ms),
        String(summary.non2xx),
        shown,
        goal,
      ];
      const { connections, durationSeconds, warmupSeconds, throughputRounds } = options;
      const sized = sizeMatchedRows(
        "postgres",
        targets[1]!.label,
        targets[2]!.label,
        { page: s.table!, sized: s.sized!, baseline: s.baseline! },
        row,
      );
      return {
        table: {
          head: ["measurement", "req/s", "p50", "p95", "p99", "non-2xx", "ratio", "goal"],
          rows: [
            row(targets[0]!.label, s.baseline!, "1.00", ""),
            row(targets[1]!.label, s.table!, ratio.toFixed(2), `≥ ${PAGE_GOAL}`),
            ...sized.rows,
          ],
        },
        notes: [
          `${connections} connections, ${warmupSeconds} s warm-up + ${durationSeconds} s, ${throughputRounds} round(s) in alternating order, median; the ratio against the baseline of the same rounds`,
        ],
        belowGoal:
          ratio < PAGE_GOAL
            ? [`postgres /lounge/<room>: ${ratio.toFixed(2)} of the session baseline (goal ≥ ${PAGE_GOAL})`]
            : [],
        data: {
          database: "postgres",
          summaries: s,
          runs,
          ratio,
          sizedRatio: sized.sizedRatio,
          ofItsSize: sized.ofItsSize,
        },
      };
    } catch (error) {
      throw new Error(`${(error as Error).message}${app ? `; server log: ${tail(app.logFile, 5)}` : ""}`);
    } finally {
      await app?.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await scratch.drop();
    }
  },
};
