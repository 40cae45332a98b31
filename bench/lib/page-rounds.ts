import type { BenchOptions } from "./options";
import { measureThroughput, summariseRounds, type RoundsSummary, type ThroughputResult } from "./throughput";

/** A page measured signed in: `mustShow` proves the page rendered what the run seeded, not an error. */
export type PageTarget = { key: string; label: string; url: string; mustShow: string };

/**
 * Each target signed in with `cookie`, first checked once (200 and its `mustShow`), then measured in
 * `throughputRounds` rounds whose order alternates, so a slow spell of the machine does not land on
 * one page only. The medians per target, and every round.
 */
export async function measurePagesInRounds(
  name: string,
  targets: readonly PageTarget[],
  cookie: string,
  options: Pick<BenchOptions, "connections" | "durationSeconds" | "warmupSeconds" | "throughputRounds">,
  log: (message: string) => void,
): Promise<{ summaries: Record<string, RoundsSummary>; runs: Record<string, ThroughputResult[]> }> {
  for (const target of targets) {
    const response = await fetch(target.url, { headers: { cookie }, redirect: "manual" });
    const body = await response.text();
    if (response.status !== 200 || !body.includes(target.mustShow))
      throw new Error(`${name}: ${target.url} answered ${response.status} without "${target.mustShow}"`);
  }
  const { connections, durationSeconds, warmupSeconds, throughputRounds } = options;
  const runs: Record<string, ThroughputResult[]> = Object.fromEntries(targets.map((t) => [t.key, []]));
  for (let round = 1; round <= throughputRounds; round += 1) {
    for (const target of round % 2 === 1 ? targets : [...targets].reverse()) {
      log(`${name}: ${target.url} round ${round}/${throughputRounds}`);
      runs[target.key]!.push(
        await measureThroughput({
          url: target.url,
          connections,
          durationSeconds,
          warmupSeconds,
          request: { headers: { cookie } },
        }),
      );
    }
  }
  return { summaries: Object.fromEntries(targets.map((t) => [t.key, summariseRounds(runs[t.key]!)])), runs };
}
