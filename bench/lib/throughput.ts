import autocannon from "autocannon";
import { median } from "./format";

export type ThroughputResult = {
  url: string;
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyP95Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

/** A request other than a plain GET (e.g. a GraphQL POST with a bearer token, or a member's cookie). */
export type RequestShape = { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string };

type Run = autocannon.Result & { responseTimesMs: number[] };

function run(url: string, connections: number, durationSeconds: number, shape: RequestShape = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    // Every response's time, for percentiles autocannon does not report (p95).
    const responseTimesMs: number[] = [];
    // autocannon has its own clock; the extra guard only catches a hung instance.
    const guard = setTimeout(
      () => reject(new Error(`autocannon against ${url} did not finish within ${durationSeconds + 30} s`)),
      (durationSeconds + 30) * 1000,
    );
    const instance = autocannon(
      { url, connections, duration: durationSeconds, timeout: 10, ...shape },
      (error, result) => {
        clearTimeout(guard);
        if (error) reject(error);
        else resolve({ ...result, responseTimesMs });
      },
    );
    instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
      responseTimesMs.push(responseTime),
    );
    instance.on("error", (error: Error) => {
      clearTimeout(guard);
      reject(error);
    });
  });
}

/** A warm-up run (discarded) followed by the measured run. */
export async function measureThroughput(opts: {
  url: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  request?: RequestShape;
}): Promise<ThroughputResult> {
  if (opts.warmupSeconds > 0) await run(opts.url, opts.connections, opts.warmupSeconds, opts.request);
  const result = await run(opts.url, opts.connections, opts.durationSeconds, opts.request);
  if (result.requests.total === 0) {
    throw new Error(`no request to ${opts.url} completed (errors ${result.errors}, timeouts ${result.timeouts})`);
  }
  return {
    url: opts.url,
    connections: opts.connections,
    durationSeconds: opts.durationSeconds,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyP95Ms: percentile(result.responseTimesMs, 95),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** The nearest-rank percentile (NaN for no values). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export type RoundsSummary = { requestsPerSecond: number; p50Ms: number; p95Ms: number; p99Ms: number; non2xx: number };

/** One target's rounds as a table shows them: the median of each figure, and every failed request counted. */
export const summariseRounds = (runs: ThroughputResult[]): RoundsSummary => ({
  requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
  p50Ms: median(runs.map((r) => r.latencyP50Ms)),
  p95Ms: median(runs.map((r) => r.latencyP95Ms)),
  p99Ms: median(runs.map((r) => r.latencyP99Ms)),
  non2xx: runs.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
});
