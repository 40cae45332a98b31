/**
 * `npm run bench`: builds and starts the main app and a bare one-page Next.js baseline with
 * `next start`, runs the measurement sections below against both, prints a table per section and
 * writes bench/results/latest.json. Figures are reported, not asserted: the exit code is 0 when every
 * section ran, 1 when a section could not measure, 2 when the apps could not be built or started.
 *
 * Settings (environment): BENCH_SKIP_BUILD=1 (reuse existing .next builds), BENCH_SECTIONS=a,b,
 * BENCH_PORT / BENCH_BASELINE_PORT (3100 / 3101, next free port if taken), BENCH_HOST (localhost),
 * BENCH_CONNECTIONS (10), BENCH_DURATION (10 s), BENCH_WARMUP (2 s), BENCH_TP_ROUNDS (3, alternating order, median),
 * BENCH_LH_RUNS (1; 3 = median of 3), BENCH_LH_PATHS (comma list; "sitemap" = every page of /sitemap.xml, the default; "newest-post" = first post on /blog),
 * CHROME_PATH (/usr/bin/chromium), BENCH_DATA_DIR (the main app's DATA_DIR, .data/bench), BENCH_MAIN_DIR (measure another built app as "main", for trying the script).
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeBaselineApp } from "./lib/baseline";
import { formatTable } from "./lib/format";
import { parseOptions, type BenchOptions } from "./lib/options";
import type { BenchContext, Section, SectionOutput } from "./lib/section";
import { buildNextApp, findFreePort, startNextApp, stopAll, type RunningApp } from "./lib/server";
import { firstLoadJsSection } from "./sections/first-load-js";
import { graphqlApiSection } from "./sections/graphql-api";
import { habitsApiSection } from "./sections/habits-api";
import { lighthouseSection } from "./sections/lighthouse";
import { manageSubscriptionSection } from "./sections/manage-subscription";
import { memberFiles } from "./lib/member";
import { throughputSection } from "./sections/throughput";
import { webhooksSection } from "./sections/webhooks";
import { authSection } from "./sections/auth";
import { calendarAgendaSection } from "./sections/calendar-agenda";
import { membersPagesSection } from "./sections/members-pages";
import { camSection } from "./sections/cam";
import { visionBoardPageSection } from "./sections/vision-board-page";
import { visionBoardApiSection } from "./sections/vision-board-api";
import { loungeApiSection } from "./sections/lounge-api";
import { loungePageSection } from "./sections/lounge-page";
import { circlesApiSection } from "./sections/circles-api";
import { momentsApiSection } from "./sections/moments-api";

/** The measurements, in order. Later issues add theirs here (a `Section` in bench/sections/). */
const sections: Section[] = [
  throughputSection,
  firstLoadJsSection,
  lighthouseSection,
  authSection,
  membersPagesSection,
  camSection,
  visionBoardPageSection,
  loungePageSection,
  graphqlApiSection,
  calendarAgendaSection,
  habitsApiSection,
  visionBoardApiSection,
  loungeApiSection,
  circlesApiSection,
  momentsApiSection,
  webhooksSection,
  manageSubscriptionSection,
];

const started = Date.now();
const log = (message: string) =>
  process.stderr.write(`[bench +${((Date.now() - started) / 1000).toFixed(0)}s] ${message}\n`);

type SectionRecord = { title: string; ok: boolean; seconds: number; error?: string } & Partial<SectionOutput>;

async function prepare(
  options: BenchOptions,
): Promise<{ main: RunningApp; baseline: RunningApp; builds: Record<string, number | "skipped"> }> {
  const apps = [
    { name: "baseline", dir: options.baselineDir, timeoutMs: 5 * 60_000 },
    { name: "main", dir: options.mainDir, timeoutMs: 20 * 60_000 },
  ];
  if (!existsSync(path.join(options.mainDir, "package.json")))
    throw new Error(`main app: no package.json in ${options.mainDir}`);
  writeBaselineApp(options.rootDir, options.baselineDir);
  const mainPort = await findFreePort(options.mainPort);
  const baselinePort = await findFreePort(options.baselinePort, [mainPort]);
  // Production refuses to start without AUTH_SECRET, so a throwaway one is made up for this local
  // run when none is set; every server of the run inherits it (the baseline's session page and the
  // members' section's PostgreSQL server decode the main app's session cookies with it).
  process.env.AUTH_SECRET ||= randomBytes(33).toString("base64");
  // Like the e2e set-up: its own embedded database and the URL it is served on (build and start).
  const mainEnv: Record<string, string> = {
    DATA_DIR: process.env.BENCH_DATA_DIR ?? ".data/bench",
    SITE_URL: `http://${options.host}:${mainPort}`,
    // The members' section reads sign-up codes and counts payment-provider calls in these files.
    OUTBOX_FILE: memberFiles(options).outboxFile,
    BILLING_CALL_LOG: memberFiles(options).billingCallLog,
  };
  const builds: Record<string, number | "skipped"> = {};
  // One build at a time: they compete for the same cores.
  for (const app of apps) {
    if (apps.some((other) => other !== app && other.dir === app.dir && builds[other.name] !== undefined)) {
      builds[app.name] = builds[apps.find((other) => other.dir === app.dir)!.name]!;
      continue;
    }
    if (options.skipBuild && existsSync(path.join(app.dir, ".next", "BUILD_ID"))) {
      log(`${app.name}: BENCH_SKIP_BUILD=1, reusing ${path.join(app.dir, ".next")}`);
      builds[app.name] = "skipped";
      continue;
    }
    const logFile = path.join(options.resultsDir, `${app.name}-build.log`);
    log(`${app.name}: next build in ${app.dir} (log ${logFile})`);
    builds[app.name] = await buildNextApp({
      name: app.name,
      rootDir: options.rootDir,
      appDir: app.dir,
      logFile,
      timeoutMs: app.timeoutMs,
      env: app.name === "main" ? mainEnv : undefined,
    });
    log(`${app.name}: built in ${(builds[app.name] as number).toFixed(0)} s`);
  }
  const start = (name: string, appDir: string, port: number, env?: Record<string, string>) => {
    log(`${name}: next start on port ${port}`);
    return startNextApp({
      name,
      rootDir: options.rootDir,
      appDir,
      host: options.host,
      port,
      logFile: path.join(options.resultsDir, `${name}-server.log`),
      // The first request may run migrations on a cold embedded database.
      timeoutMs: 120_000,
      env,
    });
  };
  const main = await start("main", options.mainDir, mainPort, mainEnv);
  const baseline = await start("baseline", options.baselineDir, baselinePort);
  return { main, baseline, builds };
}

function printSection(section: Section, record: SectionRecord): void {
  console.log(`\n## ${section.title}  [${section.name}, ${record.seconds.toFixed(0)} s]\n`);
  if (!record.ok) {
    console.log(`  could not measure: ${record.error}`);
    return;
  }
  if (record.table) console.log(formatTable(record.table));
  for (const note of record.notes ?? []) console.log(`  - ${note}`);
}

function nextVersion(rootDir: string): string {
  try {
    return (
      JSON.parse(readFileSync(path.join(rootDir, "node_modules", "next", "package.json"), "utf8")) as {
        version: string;
      }
    ).version;
  } catch {
    return "unknown";
  }
}

async function main(): Promise<number> {
  let options: BenchOptions;
  try {
    options = parseOptions(process.env, import.meta.dirname);
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const unknown = options.sections.filter((name) => !sections.some((s) => s.name === name));
  if (unknown.length > 0) {
    console.error(
      `BENCH_SECTIONS: unknown section(s) ${unknown.join(", ")} (known: ${sections.map((s) => s.name).join(", ")})`,
    );
    return 2;
  }
  const selected = options.sections.length === 0 ? sections : sections.filter((s) => options.sections.includes(s.name));
  mkdirSync(options.resultsDir, { recursive: true });

  const report = {
    startedAt: new Date(started).toISOString(),
    finishedAt: "",
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? "unknown",
      // Other work on the machine skews every figure: keep the load next to them.
      loadAverageAtStart: os.loadavg().map((n) => Number(n.toFixed(2))),
      node: process.version,
      next: nextVersion(options.rootDir),
    },
    settings: { ...options },
    apps: {} as Record<string, { url: string; buildSeconds: number | "skipped" }>,
    setupError: undefined as string | undefined,
    sections: {} as Record<string, SectionRecord>,
    belowGoal: [] as string[],
  };
  const writeReport = () => {
    report.finishedAt = new Date().toISOString();
    const json = JSON.stringify(report, null, 2) + "\n";
    writeFileSync(path.join(options.resultsDir, "latest.json"), json);
    writeFileSync(path.join(options.resultsDir, `${report.startedAt.replace(/[:.]/g, "-")}.json`), json);
  };

  let exitCode = 0;
  try {
    // Sections that start their own servers do not need the two Next.js apps built and running.
    let apps: Awaited<ReturnType<typeof prepare>> | undefined;
    if (selected.some((section) => !section.standalone)) {
      try {
        apps = await prepare(options);
      } catch (error) {
        report.setupError = (error as Error).message;
        console.error(`\nbench: could not set up the apps: ${report.setupError}`);
        return 2;
      }
      report.apps = {
        main: { url: apps.main.baseUrl, buildSeconds: apps.builds.main ?? "skipped" },
        baseline: { url: apps.baseline.baseUrl, buildSeconds: apps.builds.baseline ?? "skipped" },
      };
    }
    console.log(
      `# Happr benchmarks  ${report.startedAt}  (next ${report.machine.next}, node ${process.version}, ${report.machine.cpus} CPUs, load ${report.machine.loadAverageAtStart.join(" ")})`,
    );
    if (apps) console.log(`main ${apps.main.baseUrl}  baseline ${apps.baseline.baseUrl}`);

    for (const section of selected) {
      const sectionStart = Date.now();
      let record: SectionRecord;
      try {
        const output = section.standalone
          ? await section.run({ options, log })
          : await section.run({ options, main: apps!.main, baseline: apps!.baseline, log } satisfies BenchContext);
        record = { title: section.title, ok: true, seconds: (Date.now() - sectionStart) / 1000, ...output };
        report.belowGoal.push(...(output.belowGoal ?? []));
      } catch (error) {
        // A server that died (or was killed) explains most failures: say so.
        const dead = (apps ? [apps.main, apps.baseline] : [])
          .filter((app) => app.exited() !== undefined)
          .map((app) => `; the ${app.name} server stopped (${app.exited()}), log ${app.logFile}`);
        record = {
          title: section.title,
          ok: false,
          seconds: (Date.now() - sectionStart) / 1000,
          error: `${(error as Error).message}${dead.join("")}`,
        };
        exitCode = 1;
      }
      report.sections[section.name] = record;
      printSection(section, record);
      writeReport();
    }

    console.log("\n## Goals");
    if (report.belowGoal.length === 0) console.log("  all measured figures meet their goals");
    for (const line of report.belowGoal) console.log(`  BELOW GOAL  ${line}`);
    const failed = Object.entries(report.sections)
      .filter(([, r]) => !r.ok)
      .map(([name]) => name);
    if (failed.length > 0) console.log(`  NOT MEASURED  ${failed.join(", ")}`);
    return exitCode;
  } finally {
    log("stopping the apps");
    await stopAll();
    writeReport();
    console.log(`\nresults: ${path.relative(process.cwd(), path.join(options.resultsDir, "latest.json"))}`);
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping the apps`);
    void stopAll().finally(() => process.exit(130));
  });
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error("bench: unexpected failure:", error);
    await stopAll();
    process.exit(2);
  },
);
