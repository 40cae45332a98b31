import { writeFileSync } from "node:fs";
import path from "node:path";
import { startChildServer } from "../lib/child-server";
import { fixed, median, ms } from "../lib/format";
import type { BenchOptions } from "../lib/options";
import { pageSizeCost } from "../lib/page-size-cost";
import type { BenchContext, Section } from "../lib/section";
import { measureThroughput, type ThroughputResult } from "../lib/throughput";

const GOAL_RATIO = 0.9;
// Issue 19 restates issue 2's goal, which the page's size alone made out of reach: / is to reach 0.95
// of the ratio its bytes allow (the size-matched ceiling below), and to weigh at most 40 kB.
const GOAL_CEILING_SHARE = 0.95;
const GOAL_MAX_BYTES = 40_000;

/** Requests per second of `/` on the main app vs the baseline, one app at a time. */
export const throughputSection: Section = {
  name: "throughput",
  title: "Throughput of / (autocannon)",
  async run({ options, main, baseline, log }) {
    const { connections, durationSeconds, warmupSeconds, throughputRounds } = options;
    const runs: Record<"main" | "baseline", ThroughputResult[]> = { main: [], baseline: [] };
    for (let round = 1; round <= throughputRounds; round += 1) {
      // Alternate the order so neither app always runs on a warmer machine.
      const order =
        round % 2 === 1
          ? ([
              ["main", main],
              ["baseline", baseline],
            ] as const)
          : ([
              ["baseline", baseline],
              ["main", main],
            ] as const);
      for (const [key, app] of order) {
        log(
          `throughput: ${key} round ${round}/${throughputRounds} (${warmupSeconds} s warm-up + ${durationSeconds} s, ${connections} connections)`,
        );
        runs[key].push(
          await measureThroughput({ url: `${app.baseUrl}/`, connections, durationSeconds, warmupSeconds }),
        );
      }
    }
    const summary = (results: ThroughputResult[]) => ({
      requestsPerSecond: median(results.map((r) => r.requestsPerSecond)),
      latencyP50Ms: median(results.map((r) => r.latencyP50Ms)),
      latencyP99Ms: median(results.map((r) => r.latencyP99Ms)),
      non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
      errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    });
    const m = summary(runs.main);
    const b = summary(runs.baseline);
    const ratio = m.requestsPerSecond / b.requestsPerSecond;

    const row = (label: string, s: typeof m, results: ThroughputResult[]) => [
      label,
      fixed(s.requestsPerSecond, 1),
      ms(s.latencyP50Ms),
      ms(s.latencyP99Ms),
      String(s.non2xx),
      String(s.errors),
      results.map((r) => r.requestsPerSecond.toFixed(0)).join(" / "),
    ];
    const bytes = await measurePageBytes({ options, main, baseline, log });
    const sizeCost = pageSizeCost({ ...bytes, baselineRps: b.requestsPerSecond, goal: GOAL_RATIO });
    const ceilingShare = ratio / sizeCost.ceilingRatio;
    const belowGoal: string[] = [];
    if (ceilingShare < GOAL_CEILING_SHARE)
      belowGoal.push(
        `throughput: / at ${ceilingShare.toFixed(2)} of its size-matched ceiling (goal >= ${GOAL_CEILING_SHARE})`,
      );
    if (bytes.mainBytes > GOAL_MAX_BYTES)
      belowGoal.push(`throughput: / is ${kb(bytes.mainBytes)} (goal <= ${kb(GOAL_MAX_BYTES)})`);
    const notes: string[] = [];
    if (m.non2xx > 0 || b.non2xx > 0)
      notes.push(
        `non-2xx answers (main ${m.non2xx}, baseline ${b.non2xx}): the figures are not comparable until / answers 200`,
      );
    if (throughputRounds > 1)
      notes.push(
        `median of ${throughputRounds} rounds (order alternates); a wide spread means other load on the machine`,
      );
    notes.push(
      `page size: / is ${kb(bytes.mainBytes)} on main and ${kb(bytes.baselineBytes)} on the baseline. Sending those bytes from a bare node:http server ` +
        `(as Next sends a prerendered page) costs ${fixed(bytes.mainCpuMicros, 0)} µs and ${fixed(bytes.baselineCpuMicros, 0)} µs of CPU a response: ` +
        `${fixed(sizeCost.microsPerKb, 2)} µs per extra kB, ${fixed(sizeCost.extraMicros, 0)} µs against the baseline's ${fixed(1e6 / b.requestsPerSecond, 0)} µs a request`,
      `so the size alone caps main/baseline at ${sizeCost.ceilingRatio.toFixed(2)}; ${GOAL_RATIO} needs / at most ${kb(sizeCost.maxBytesForGoal)} even if Next did nothing else more for main`,
    );
    return {
      table: {
        head: ["app", "req/s", "p50", "p99", "non-2xx", "errors", "req/s per round"],
        rows: [
          row("main", m, runs.main),
          row("baseline", b, runs.baseline),
          [`ratio main/baseline (issue 2's goal >= ${GOAL_RATIO})`, ratio.toFixed(2), "", "", "", "", ""],
          [
            `share of the size-matched ceiling (goal >= ${GOAL_CEILING_SHARE})`,
            ceilingShare.toFixed(2),
            "",
            "",
            "",
            "",
            "",
          ],
          [`size of / (goal <= ${kb(GOAL_MAX_BYTES)})`, kb(bytes.mainBytes), "", "", "", "", ""],
        ],
      },
      notes,
      belowGoal,
      data: {
        connections,
        durationSeconds,
        warmupSeconds,
        rounds: throughputRounds,
        goalRatio: GOAL_RATIO,
        ratio,
        goalCeilingShare: GOAL_CEILING_SHARE,
        ceilingShare,
        goalMaxBytes: GOAL_MAX_BYTES,
        main: m,
        baseline: b,
        runs,
        pageBytes: bytes,
        sizeCost,
      },
    };
  },
};

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

type Cpu = { cpuMicros: number; served: number };

/**
 * The CPU a plain node:http server spends per response on each app's `/` HTML (fetched from the
 * running apps), in alternating rounds with the throughput section's settings; medians.
 */
async function measurePageBytes({
  options,
  main,
  baseline,
  log,
}: Pick<BenchContext, "main" | "baseline" | "log"> & { options: BenchOptions }) {
  const pages = {
    main: await (await fetch(`${main.baseUrl}/`)).text(),
    baseline: await (await fetch(`${baseline.baseUrl}/`)).text(),
  };
  const files = Object.entries(pages).map(([name, html]) => {
    const file = path.join(options.resultsDir, `throughput-${name}.html`);
    writeFileSync(file, html);
    return `${name}=${file}`;
  });
  const server = await startChildServer<{ port: number }>({
    rootDir: options.rootDir,
    script: "page-bytes-server.ts",
    args: files,
    logFile: path.join(options.resultsDir, "page-bytes-server.log"),
  });
  try {
    const base = `http://127.0.0.1:${server.ready.port}`;
    const cpu = async () => (await (await fetch(`${base}/__cpu`)).json()) as Cpu;
    const perResponse: Record<"main" | "baseline", number[]> = { main: [], baseline: [] };
    for (let round = 1; round <= options.throughputRounds; round += 1) {
      const order = round % 2 === 1 ? (["main", "baseline"] as const) : (["baseline", "main"] as const);
      for (const name of order) {
        log(`throughput: ${name}'s / bytes from node:http, round ${round}/${options.throughputRounds}`);
        const before = await cpu();
        await measureThroughput({
          url: `${base}/${name}`,
          connections: options.connections,
          durationSeconds: options.durationSeconds,
          warmupSeconds: options.warmupSeconds,
        });
        const after = await cpu();
        perResponse[name].push((after.cpuMicros - before.cpuMicros) / (after.served - before.served));
      }
    }
    return {
      mainBytes: Buffer.byteLength(pages.main),
      baselineBytes: Buffer.byteLength(pages.baseline),
      mainCpuMicros: median(perResponse.main),
      baselineCpuMicros: median(perResponse.baseline),
    };
  } finally {
    await server.stop();
  }
}
