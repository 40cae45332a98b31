import { join } from "node:path";
import { fixed, ms } from "../lib/format";
import { CATEGORIES, runLighthouse, type LighthouseReport } from "../lib/lighthouse";
import { memberFiles, providerCalls, subscribedMemberCookie } from "../lib/member";
import type { Section } from "../lib/section";
import { measureThroughput, type ThroughputResult } from "../lib/throughput";

// The goals for the signed-in billing pages.
const LIGHTHOUSE_GOALS = { performance: 90, accessibility: 100 } as const;
/** A signed-in page that only checks the session: the checkout confirmation without a session id. */
const BARE_PAGE = "/pricing/success";

/**
 * /manage-subscription for a signed-in member with a subscription, 10 concurrent, against a bare
 * signed-in page of the same app in the same run, counting payment-provider calls on each page's path
 * (BILLING_CALL_LOG: there should be none); then Lighthouse (mobile) on /pricing and
 * /manage-subscription with the member's cookie.
 */
export const manageSubscriptionSection: Section = {
  name: "manage-subscription",
  title: "Members' billing pages, signed in (autocannon + Lighthouse)",
  async run({ options, main, log }) {
    const { billingCallLog } = memberFiles(options);
    const cookie = await subscribedMemberCookie(main.baseUrl, options, log);
    const headers = { cookie };

    // The member's pages must answer 200 with the page, not a redirect to sign-in.
    for (const path of ["/manage-subscription", BARE_PAGE]) {
      const response = await fetch(`${main.baseUrl}${path}`, { headers, redirect: "manual" });
      if (response.status !== 200) throw new Error(`GET ${path} as the member answered ${response.status}`);
    }

    const measured: Record<string, ThroughputResult & { providerCalls: number }> = {};
    for (const path of [BARE_PAGE, "/manage-subscription"]) {
      const before = providerCalls(billingCallLog);
      log(
        `manage-subscription: ${path} (${options.warmupSeconds} s warm-up + ${options.durationSeconds} s, ${options.connections} connections, signed in)`,
      );
      const result = await measureThroughput({
        url: `${main.baseUrl}${path}`,
        connections: options.connections,
        durationSeconds: options.durationSeconds,
        warmupSeconds: options.warmupSeconds,
        request: { headers },
      });
      measured[path] = { ...result, providerCalls: providerCalls(billingCallLog) - before };
    }
    const page = measured["/manage-subscription"]!;
    const bare = measured[BARE_PAGE]!;

    const lighthouse: Array<{ path: string; report?: LighthouseReport; error?: string }> = [];
    for (const path of ["/pricing", "/manage-subscription"]) {
      log(`manage-subscription: Lighthouse on ${path} (signed in)`);
      try {
        const report = await runLighthouse(`${main.baseUrl}${path}`, {
          chromePath: options.chromePath,
          runs: options.lighthouseRuns,
          savePrefix: join(options.resultsDir, `lighthouse-signed-in${path.replaceAll("/", "-")}`),
          extraHeaders: headers,
        });
        lighthouse.push({ path, report });
      } catch (error) {
        lighthouse.push({ path, error: (error as Error).message });
      }
    }

    const belowGoal: string[] = [];
    const notes: string[] = [];
    if (page.providerCalls > 0)
      belowGoal.push(`/manage-subscription made ${page.providerCalls} payment-provider calls (goal: none)`);
    if (page.non2xx > 0 || bare.non2xx > 0) notes.push(`non-2xx answers (page ${page.non2xx}, bare ${bare.non2xx})`);
    for (const entry of lighthouse) {
      if (!entry.report) {
        belowGoal.push(`Lighthouse ${entry.path}: ${entry.error}`);
        continue;
      }
      for (const [category, goal] of Object.entries(LIGHTHOUSE_GOALS) as Array<
        [keyof typeof LIGHTHOUSE_GOALS, number]
      >) {
        const score = entry.report.scores[category];
        if (score === null || score < goal)
          belowGoal.push(`Lighthouse ${entry.path} ${category} ${score ?? "n/a"} (goal >= ${goal})`);
      }
      for (const category of CATEGORIES)
        for (const audit of entry.report.failingAudits[category] ?? [])
          notes.push(`${entry.path} ${category}: ${audit}`);
    }

    const row = (label: string, r: (typeof measured)[string]) => [
      label,
      fixed(r.requestsPerSecond, 1),
      ms(r.latencyP50Ms),
      ms(r.latencyP95Ms),
      ms(r.latencyP99Ms),
      String(r.non2xx),
      String(r.providerCalls),
    ];
    const lighthouseRows = lighthouse.map((entry) => [
      `Lighthouse ${entry.path}`,
      entry.report ? `perf ${entry.report.scores.performance ?? "n/a"}` : "failed",
      entry.report ? `a11y ${entry.report.scores.accessibility ?? "n/a"}` : "",
      entry.report ? `best-pr ${entry.report.scores["best-practices"] ?? "n/a"}` : "",
      entry.report ? `seo ${entry.report.scores.seo ?? "n/a"}` : "",
      entry.report?.metrics.lcpMs != null ? `LCP ${ms(entry.report.metrics.lcpMs)}` : "",
      "",
    ]);
    return {
      table: {
        head: ["page (signed in)", "req/s", "p50", "p95", "p99", "non-2xx", "provider calls"],
        rows: [
          row("/manage-subscription", page),
          row(`${BARE_PAGE} (bare)`, bare),
          ["ratio page/bare", (page.requestsPerSecond / bare.requestsPerSecond).toFixed(2), "", "", "", "", ""],
          ...lighthouseRows,
        ],
      },
      notes,
      belowGoal,
      data: {
        connections: options.connections,
        durationSeconds: options.durationSeconds,
        page,
        bare,
        lighthouse: lighthouse.map((entry) => ({
          path: entry.path,
          scores: entry.report?.scores,
          metrics: entry.report?.metrics,
          error: entry.error,
        })),
      },
    };
  },
};
