import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fixed, ms } from "../lib/format";
import {
  CATEGORIES,
  GOALS,
  combineRuns,
  runLighthouseOnce,
  type LighthouseReport,
  type LighthouseRun,
} from "../lib/lighthouse";
import { NEWEST_POST, SITEMAP } from "../lib/options";
import type { Section } from "../lib/section";

/** The first same-origin `/blog/<slug>` link in the HTML of /blog (the blog lists posts newest first). */
export function firstPostPath(html: string, baseUrl: string): string | undefined {
  const origin = new URL(baseUrl).origin;
  for (const match of html.matchAll(/<a\b[^>]*\shref\s*=\s*["']([^"']+)["']/gi)) {
    const url = new URL(match[1]!.replace(/&amp;/g, "&"), baseUrl);
    const slug = /^\/blog\/([^/]+)\/?$/.exec(url.pathname)?.[1];
    // One segment, not a file (feed.xml) or a listing page.
    if (
      url.origin === origin &&
      slug &&
      !slug.includes(".") &&
      !["feed", "rss", "page", "category", "tag"].includes(slug)
    )
      return url.pathname;
  }
  return undefined;
}

/** The path of every `<loc>` in a sitemap, in its order, once each (the host is the site's configured one). */
export function sitemapPaths(xml: string): string[] {
  const paths = [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  return [...new Set(paths)];
}

async function findSitemapPaths(baseUrl: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/sitemap.xml`, { signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new Error(`GET /sitemap.xml answered ${response.status}`);
  const paths = sitemapPaths(await response.text());
  if (paths.length === 0) throw new Error("no <loc> in /sitemap.xml");
  return paths;
}

async function findNewestPost(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/blog`, { signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new Error(`GET /blog answered ${response.status}`);
  const found = firstPostPath(await response.text(), baseUrl);
  if (!found) throw new Error("no /blog/<slug> link on /blog");
  return found;
}

const LABELS = { performance: "perf", accessibility: "a11y", "best-practices": "best-pr", seo: "seo" } as const;

/** Lighthouse 12, mobile preset (the default config), on the main app's pages and the baseline's `/`. */
export const lighthouseSection: Section = {
  name: "lighthouse",
  title: "Lighthouse 12 (mobile, headless Chromium)",
  async run({ options, main, baseline, log }) {
    const targets: Array<{
      app: "main" | "baseline";
      path: string;
      url: string;
      error?: string;
      label?: string;
      chromeFlags?: string[];
    }> = [];
    const errors: Array<{ app: string; path: string; error: string }> = [];
    for (const entry of options.lighthousePaths) {
      if (entry !== NEWEST_POST && entry !== SITEMAP) {
        targets.push({ app: "main", path: entry, url: `${main.baseUrl}${entry}` });
        continue;
      }
      try {
        const paths = entry === SITEMAP ? await findSitemapPaths(main.baseUrl) : [await findNewestPost(main.baseUrl)];
        for (const path of paths) targets.push({ app: "main", path, url: `${main.baseUrl}${path}` });
      } catch (error) {
        const finding = entry === SITEMAP ? "reading the sitemap" : "finding the newest post";
        targets.push({ app: "main", path: entry, url: "", error: `${finding}: ${(error as Error).message}` });
      }
    }
    // The preloader is CSS-only and skipped under prefers-reduced-motion: the same build measured
    // with that preference forced shows what the preloader costs.
    targets.push({
      app: "main",
      path: "/",
      label: "/ (no preloader)",
      url: `${main.baseUrl}/`,
      chromeFlags: ["--force-prefers-reduced-motion"],
    });
    targets.push({ app: "baseline", path: "/", url: `${baseline.baseUrl}/` });

    const reportDir = join(options.resultsDir, "lighthouse");
    rmSync(reportDir, { recursive: true, force: true });
    mkdirSync(reportDir, { recursive: true });
    const belowGoal: string[] = [];
    const notes: string[] = [];
    const rows: string[][] = [];
    const reports: Array<{ app: string; path: string; report: LighthouseReport }> = [];
    const fail = (app: string, path: string, error: string) => {
      errors.push({ app, path, error });
      rows.push([`${app} ${path}`, "error", "", "", "", "", "", "", "", "not measured"]);
      notes.push(`${app} ${path} not measured: ${error}`);
      if (app === "main") belowGoal.push(`lighthouse ${path}: not measured (${error})`);
    };
    const slugOf = (path: string) => (path === "/" ? "home" : path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, ""));
    const measured = targets.map((target) => ({
      ...target,
      path: target.label ?? target.path,
      runs: [] as LighthouseRun[],
    }));
    // Round by round over every page, so a slower spell of the machine hits each page alike (the
    // preloader's with/without pair above all); a page that fails a run is not measured again.
    for (let round = 1; round <= options.lighthouseRuns; round += 1) {
      for (const target of measured) {
        if (target.error) continue;
        log(`lighthouse: ${target.app} ${target.path} (run ${round}/${options.lighthouseRuns})`);
        try {
          target.runs.push(
            await runLighthouseOnce(target.url, {
              chromeFlags: target.chromeFlags,
              chromePath: options.chromePath,
              saveAs: join(reportDir, `${target.app}-${slugOf(target.path)}-run${round}.json`),
            }),
          );
        } catch (error) {
          target.error = (error as Error).message;
        }
      }
    }
    for (const { app, path, url, error, runs } of measured) {
      if (error) {
        fail(app, path, error);
        continue;
      }
      const report: LighthouseReport = combineRuns(url, runs);
      reports.push({ app, path, report });
      const missed = CATEGORIES.filter((id) => app === "main" && (report.scores[id] ?? 0) < GOALS[id]);
      for (const id of missed)
        belowGoal.push(`lighthouse ${path}: ${id} ${report.scores[id] ?? "n/a"} (goal >= ${GOALS[id]})`);
      for (const [id, audits] of Object.entries(report.failingAudits)) {
        if (audits.length > 0) notes.push(`${app} ${path} ${id}:\n      ${audits.join("\n      ")}`);
      }
      rows.push([
        `${app} ${path}`,
        ...CATEGORIES.map((id) => fixed(report.scores[id])),
        ms(report.metrics.fcpMs),
        ms(report.metrics.lcpMs),
        ms(report.metrics.tbtMs),
        fixed(report.metrics.cls, 3),
        app !== "main" ? "" : missed.length > 0 ? `below: ${missed.map((id) => LABELS[id]).join(",")}` : "ok",
      ]);
    }
    if (reports.length === 0)
      throw new Error(`every Lighthouse run failed: ${errors.map((e) => `${e.app} ${e.path}: ${e.error}`).join("; ")}`);

    const warnings = new Set(reports.flatMap(({ report }) => report.runs.flatMap((run) => run.warnings)));
    for (const warning of warnings) notes.push(`Lighthouse warning: ${warning.replace(/\s+/g, " ")}`);
    const userAgent = reports[0]?.report.runs[0]?.userAgent;
    if (userAgent)
      notes.push(`browser: ${userAgent}; benchmarkIndex ${reports[0]?.report.runs[0]?.benchmarkIndex ?? "n/a"}`);
    if (options.lighthouseRuns > 1)
      notes.push(`median of ${options.lighthouseRuns} runs per URL, taken in rounds over all the pages`);
    notes.push(`full reports: ${reportDir}/*.json (open in the Lighthouse viewer)`);
    return {
      table: {
        head: [
          "page",
          ...CATEGORIES.map((id) => LABELS[id]),
          "FCP",
          "LCP",
          "TBT",
          "CLS",
          `goals (perf >= ${GOALS.performance}, rest 100)`,
        ],
        rows,
      },
      notes,
      belowGoal,
      data: { goals: GOALS, runsPerUrl: options.lighthouseRuns, reports, errors },
    };
  },
};
