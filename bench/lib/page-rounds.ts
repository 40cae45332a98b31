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

/**
 * The baseline's `/proxied/session-sized` (bench/lib/baseline.ts) with as many rows as make it as long as
 * the page at `pageUrl` signed in: the page against it is the page against what Next.js alone costs for
 * that many bytes behind a proxy.ts. Its size at 0 and 200 rows gives the bytes per row; the target says the size it reached.
 */
export async function sizeMatchedBaseline(baselineUrl: string, pageUrl: string, cookie: string): Promise<PageTarget> {
  const bytesOf = async (url: string) => {
    const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
    const body = await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    return body.byteLength;
  };
  const sized = (rows: number) => `${baselineUrl}/proxied/session-sized?rows=${rows}`;
  const [page, empty, twoHundred] = await Promise.all([bytesOf(pageUrl), bytesOf(sized(0)), bytesOf(sized(200))]);
  const rows = Math.max(0, Math.round(((page - empty) * 200) / (twoHundred - empty)));
  const reached = await bytesOf(sized(rows));
  return {
    key: "sized",
    label: `baseline /proxied/session-sized (${(reached / 1024).toFixed(1)} kB; the page ${(page / 1024).toFixed(1)} kB)`,
    url: sized(rows),
    mustShow: "Signed in as",
  };
}

/**
 * The two rows a section prints beside its page: the size-matched bare page against `/session` (what
 * Next.js alone allows at that size) and the page against it (what our own code costs on top). `row`
 * is the section's own row format.
 */
export function sizeMatchedRows(
  database: string,
  pageLabel: string,
  sizedLabel: string,
  s: { page: RoundsSummary; sized: RoundsSummary; baseline: RoundsSummary },
  row: (label: string, summary: RoundsSummary, ratio: string, goal: string) => string[],
): { rows: string[][]; sizedRatio: number; ofItsSize: number } {
  const sizedRatio = s.sized.requestsPerSecond / s.baseline.requestsPerSecond;
  const ofItsSize = s.page.requestsPerSecond / s.sized.requestsPerSecond;
  const ofItsSizeRow = [`${database}: ${pageLabel} / the bare page of its size`, "", "", "", "", ""];
  return {
    rows: [
      row(sizedLabel, s.sized, sizedRatio.toFixed(2), "(Next.js alone, the page's size)"),
      [...ofItsSizeRow, ofItsSize.toFixed(2), "(reported)"],
    ],
    sizedRatio,
    ofItsSize,
  };
}
