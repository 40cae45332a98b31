import { writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];
export type Scores = Record<Category, number | null>;

/** The goals from the issue: performance >= 95, everything else 100. */
export const GOALS: Record<Category, number> = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };

const METRICS = {
  fcpMs: "first-contentful-paint",
  lcpMs: "largest-contentful-paint",
  tbtMs: "total-blocking-time",
  cls: "cumulative-layout-shift",
  speedIndexMs: "speed-index",
} as const;
export type Metrics = Record<keyof typeof METRICS, number | null>;

export type LighthouseRun = {
  scores: Scores;
  metrics: Metrics;
  /** Per category below 100: the audits that cost points ("id: title (score)"). */
  failingAudits: Partial<Record<Category, string[]>>;
  warnings: string[];
  benchmarkIndex: number | null;
  userAgent: string;
};

export type LighthouseReport = {
  url: string;
  runs: LighthouseRun[];
  /** Median per category / metric over the runs. */
  scores: Scores;
  metrics: Metrics;
  failingAudits: Partial<Record<Category, string[]>>;
};

export const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

function median(values: Array<number | null>): number | null {
  const numbers = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (numbers.length === 0) return null;
  const mid = Math.floor(numbers.length / 2);
  return numbers.length % 2 === 1 ? numbers[mid]! : (numbers[mid - 1]! + numbers[mid]!) / 2;
}

/** Up to three offending items of an audit (console message, element, URL), to say what to fix. */
function describeItems(details: unknown): string[] {
  const items = (details as { items?: unknown } | undefined)?.items;
  if (!Array.isArray(items)) return [];
  return items.slice(0, 3).map((item: Record<string, unknown>) => {
    const node = item.node as { snippet?: string; selector?: string } | undefined;
    const where = (item.sourceLocation as { url?: string } | undefined)?.url;
    const text = item.description ?? node?.snippet ?? item.url ?? item.source ?? JSON.stringify(item);
    return `${String(text).replace(/\s+/g, " ").slice(0, 160)}${where ? ` (${where})` : ""}`;
  });
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

export function summarise(lhr: Lhr): LighthouseRun {
  const scores = {} as Scores;
  const failingAudits: Partial<Record<Category, string[]>> = {};
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    scores[id] = category?.score == null ? null : Math.round(category.score * 100);
    if (!category || scores[id] === 100) continue;
    const failing: string[] = [];
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || ref.weight === 0) continue;
      // Metrics are scored on a curve; 0.9 and up counts as good.
      const threshold = id === "performance" ? 0.9 : 1;
      if (audit.score >= threshold) continue;
      const value = audit.displayValue ? ` ${audit.displayValue}` : "";
      const examples = id === "performance" ? [] : describeItems(audit.details);
      failing.push(
        `${ref.id}:${value} (${audit.score.toFixed(2)}) ${audit.title}${examples.map((e) => `\n        - ${e}`).join("")}`,
      );
    }
    if (id === "performance" && failing.length > 0) {
      // Where the main-thread time went: the usual cause of a poor TBT.
      const bootup =
        (lhr.audits["bootup-time"]?.details as { items?: Array<{ url: string; total: number }> } | undefined)?.items ??
        [];
      const top = bootup
        .slice(0, 3)
        .map(
          (item) => `${URL.canParse(item.url) ? new URL(item.url).pathname : item.url} ${Math.round(item.total)} ms`,
        );
      if (top.length > 0) failing.push(`bootup-time (top scripts): ${top.join(", ")}`);
    }
    failingAudits[id] = failing;
  }
  const metrics = {} as Metrics;
  for (const [key, auditId] of Object.entries(METRICS) as Array<[keyof Metrics, string]>) {
    metrics[key] = lhr.audits[auditId]?.numericValue ?? null;
  }
  return {
    scores,
    metrics,
    failingAudits,
    warnings: lhr.runWarnings,
    benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
    userAgent: lhr.environment.hostUserAgent,
  };
}

/** One Lighthouse run in a fresh headless Chromium (cold cache, clean profile). */
async function runOnce(
  url: string,
  chromePath: string,
  timeoutMs: number,
  saveAs?: string,
  extraFlags: string[] = [],
  extraHeaders?: Record<string, string>,
): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [...CHROME_FLAGS, ...extraFlags],
    logLevel: "silent",
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new Error(`Lighthouse on ${url} did not finish within ${timeoutMs / 1000} s`));
        chrome.kill();
      }, timeoutMs);
    });
    const result = await Promise.race([
      lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "silent",
        onlyCategories: [...CATEGORIES],
        ...(extraHeaders ? { extraHeaders } : {}),
      }),
      timeout,
    ]);
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { lhr } = result;
    // The full report opens in the Lighthouse viewer (googlechrome.github.io/lighthouse/viewer).
    if (saveAs && typeof result.report === "string") writeFileSync(saveAs, result.report);
    if (lhr.runtimeError) {
      const status = /status code: (\d+)/i.exec(lhr.runtimeError.message)?.[1];
      throw new Error(
        status ? `${lhr.runtimeError.code} (HTTP ${status})` : `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`,
      );
    }
    return summarise(lhr);
  } finally {
    clearTimeout(timer);
    chrome.kill();
  }
}

type RunOptions = {
  chromePath: string;
  timeoutMs?: number;
  /** Extra Chromium switches, e.g. --force-prefers-reduced-motion */ chromeFlags?: string[];
  /** Sent with every request, e.g. a signed-in member's Cookie */ extraHeaders?: Record<string, string>;
};

/**
 * Runs `run` again, once, when Lighthouse failed to record the page load's trace (NO_NAVSTART: its
 * message says to run it again). That happened to about one run in 40 here, at random; the page itself
 * had loaded. Any other failure stands.
 */
export async function againIfTraceFailed<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof Error && error.message.startsWith("NO_NAVSTART"))) throw error;
    return run();
  }
}

/** One Lighthouse run in a fresh Chromium; the full report is written to `saveAs` when given. */
export function runLighthouseOnce(url: string, opts: RunOptions & { saveAs?: string }): Promise<LighthouseRun> {
  return againIfTraceFailed(() =>
    runOnce(url, opts.chromePath, opts.timeoutMs ?? 120_000, opts.saveAs, opts.chromeFlags, opts.extraHeaders),
  );
}

/** The medians of several runs of one URL, with the audits that failed in any of them. */
export function combineRuns(url: string, runs: LighthouseRun[]): LighthouseReport {
  const scores = {} as Scores;
  for (const id of CATEGORIES) scores[id] = median(runs.map((run) => run.scores[id]));
  const metrics = {} as Metrics;
  for (const key of Object.keys(METRICS) as Array<keyof Metrics>)
    metrics[key] = median(runs.map((run) => run.metrics[key]));
  // Audits that failed in any run: a flaky failure is still worth a look.
  const failingAudits: Partial<Record<Category, string[]>> = {};
  for (const id of CATEGORIES) {
    if (scores[id] === 100) continue;
    const seen = new Map<string, string>();
    for (const run of runs) for (const line of run.failingAudits[id] ?? []) seen.set(line.split(":")[0]!, line);
    if (seen.size > 0) failingAudits[id] = [...seen.values()];
  }
  return { url, runs, scores, metrics, failingAudits };
}

/** `runs` runs of one URL in a row, combined. */
export async function runLighthouse(
  url: string,
  opts: RunOptions & {
    runs: number;
    /** e.g. results/lighthouse/main-blog: "-run1.json" is added */ savePrefix?: string;
  },
): Promise<LighthouseReport> {
  const runs: LighthouseRun[] = [];
  for (let i = 1; i <= opts.runs; i += 1) {
    runs.push(
      await runLighthouseOnce(url, {
        ...opts,
        saveAs: opts.savePrefix ? `${opts.savePrefix}-run${i}.json` : undefined,
      }),
    );
  }
  return combineRuns(url, runs);
}
