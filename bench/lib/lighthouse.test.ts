import { describe, expect, it } from "vitest";
import { againIfTraceFailed, summarise } from "./lighthouse";

type Lhr = Parameters<typeof summarise>[0];

function fakeLhr(): Lhr {
  const ref = (id: string, weight: number) => ({ id, weight });
  return {
    finalDisplayedUrl: "http://localhost:3100/",
    runWarnings: ["slow CPU"],
    environment: { benchmarkIndex: 1000, hostUserAgent: "HeadlessChrome/156" },
    categories: {
      performance: {
        score: 0.8,
        auditRefs: [ref("total-blocking-time", 30), ref("first-contentful-paint", 10), ref("bootup-time", 0)],
      },
      accessibility: { score: 1, auditRefs: [ref("color-contrast", 7)] },
      "best-practices": {
        score: 0.96,
        auditRefs: [ref("errors-in-console", 1), ref("is-on-https", 5), ref("deprecations", 0)],
      },
      seo: { score: null, auditRefs: [] },
    },
    audits: {
      "total-blocking-time": { score: 0.4, numericValue: 700, displayValue: "700 ms", title: "Total Blocking Time" },
      "first-contentful-paint": {
        score: 0.95,
        numericValue: 900,
        displayValue: "0.9 s",
        title: "First Contentful Paint",
      },
      "largest-contentful-paint": { score: 0.9, numericValue: 1800, title: "LCP" },
      "cumulative-layout-shift": { score: 1, numericValue: 0, title: "CLS" },
      "speed-index": { score: 1, numericValue: 1000, title: "SI" },
      "bootup-time": {
        score: 0,
        title: "JS execution",
        details: {
          items: [
            { url: "http://localhost:3100/_next/a.js", total: 512.4 },
            { url: "Unattributable", total: 100 },
          ],
        },
      },
      "color-contrast": { score: 1, title: "Contrast" },
      "errors-in-console": {
        score: 0,
        title: "Browser errors were logged to the console",
        details: {
          items: [
            {
              description: "Failed to load resource: 404",
              sourceLocation: { url: "http://localhost:3100/favicon.ico" },
            },
          ],
        },
      },
      "is-on-https": { score: 1, title: "HTTPS" },
      deprecations: { score: 0, title: "Deprecated APIs" },
    },
  } as unknown as Lhr;
}

describe("summarise", () => {
  const run = summarise(fakeLhr());

  it("turns category scores into 0-100 and keeps a missing score as null", () => {
    expect(run.scores).toEqual({ performance: 80, accessibility: 100, "best-practices": 96, seo: null });
    expect(run.metrics).toEqual({ fcpMs: 900, lcpMs: 1800, tbtMs: 700, cls: 0, speedIndexMs: 1000 });
  });

  it("lists the weighted audits that cost points, with what to fix", () => {
    expect(run.failingAudits.performance).toEqual([
      "total-blocking-time: 700 ms (0.40) Total Blocking Time",
      "bootup-time (top scripts): /_next/a.js 512 ms, Unattributable 100 ms",
    ]);
    expect(run.failingAudits["best-practices"]).toEqual([
      "errors-in-console: (0.00) Browser errors were logged to the console\n        - Failed to load resource: 404 (http://localhost:3100/favicon.ico)",
    ]);
    expect(run.failingAudits.accessibility).toBeUndefined();
    expect(run.warnings).toEqual(["slow CPU"]);
  });
});

describe("againIfTraceFailed", () => {
  const failing = (messages: string[]) => {
    let calls = 0;
    const run = async () => {
      const message = messages[calls++];
      if (message) throw new Error(message);
      return calls;
    };
    return { run, calls: () => calls };
  };

  it("runs once more when Lighthouse could not record the load's trace", async () => {
    const lighthouse = failing(["NO_NAVSTART: Something went wrong with recording the trace over your page load."]);
    await expect(againIfTraceFailed(lighthouse.run)).resolves.toBe(2);
  });

  it("runs only once more, and lets any other failure stand", async () => {
    const twice = failing(["NO_NAVSTART: first", "NO_NAVSTART: second"]);
    await expect(againIfTraceFailed(twice.run)).rejects.toThrow("NO_NAVSTART: second");
    expect(twice.calls()).toBe(2);
    const notFound = failing(["ERRORED_DOCUMENT_REQUEST (HTTP 404)"]);
    await expect(againIfTraceFailed(notFound.run)).rejects.toThrow("HTTP 404");
    expect(notFound.calls()).toBe(1);
  });
});
