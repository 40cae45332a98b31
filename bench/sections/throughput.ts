import { fixed, median, ms } from "../lib/format";
import type { Section } from "../lib/section";
import { measureThroughput, type ThroughputResult } from "../lib/throughput";

const GOAL_RATIO = 0.9;

/** Requests per second of `/` on the main app vs the baseline, one app at a time. */
export const throughputSection: Section = {
  name: "throughput",
  title: "Throughput of / (autocannon)",
  async run({ options, main, baseline, log }) {
    const { connections, durationSeconds, warmupSeconds, throughputRounds } = options;
    const runs: Record<"main" | "baseline", ThroughputResult[]> = { main: [], baseline: [] };
    for (let round = 1; round <= throughputRounds; round += 1) {
      // Alternate the order so neither app always runs on a warmer machine.
      const order = round % 2 === 1 ? ([["main", main], ["baseline", baseline]] as const) : ([["baseline", baseline], ["main", main]] as const);
      for (const [key, app] of order) {
        log(`throughput: ${key} round ${round}/${throughputRounds} (${warmupSeconds} s warm-up + ${durationSeconds} s, ${connections} connections)`);
        runs[key].push(await measureThroughput({ url: `${app.baseUrl}/`, connections, durationSeconds, warmupSeconds }));
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
    const belowGoal: string[] = [];
    if (ratio < GOAL_RATIO) belowGoal.push(`throughput: main/baseline = ${ratio.toFixed(2)} (goal >= ${GOAL_RATIO})`);
    const notes: string[] = [];
    if (m.non2xx > 0 || b.non2xx > 0) notes.push(`non-2xx answers (main ${m.non2xx}, baseline ${b.non2xx}): the figures are not comparable until / answers 200`);
    if (throughputRounds > 1) notes.push(`median of ${throughputRounds} rounds (order alternates); a wide spread means other load on the machine`);
    return {
      table: {
        head: ["app", "req/s", "p50", "p99", "non-2xx", "errors", "req/s per round"],
        rows: [row("main", m, runs.main), row("baseline", b, runs.baseline), [`ratio main/baseline (goal >= ${GOAL_RATIO})`, ratio.toFixed(2), "", "", "", "", ""]],
      },
      notes,
      belowGoal,
      data: { connections, durationSeconds, warmupSeconds, rounds: throughputRounds, goalRatio: GOAL_RATIO, ratio, main: m, baseline: b, runs },
    };
  },
};
