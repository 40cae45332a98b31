/**
 * How much of the throughput gap between two pages their size alone explains. The inputs are the CPU
 * time a plain node:http server spends per response on each page's bytes (bench/servers/
 * page-bytes-server.ts) and the baseline app's requests per second; a single-threaded server that
 * is kept busy spends 1/rps of a second on each request.
 */
export type PageSizeCost = {
  /** Extra CPU per response for the main page's bytes, in µs. */
  extraMicros: number;
  /** That extra per kB (1000 bytes) of page. */
  microsPerKb: number;
  /** Best main/baseline ratio if main cost Next.js nothing more than the baseline but its bytes. */
  ceilingRatio: number;
  /** The largest page (bytes) whose bytes alone still leave `goal` reachable. */
  maxBytesForGoal: number;
};

export function pageSizeCost(input: {
  mainBytes: number;
  baselineBytes: number;
  mainCpuMicros: number;
  baselineCpuMicros: number;
  baselineRps: number;
  goal: number;
}): PageSizeCost {
  const baselineMicros = 1e6 / input.baselineRps;
  const extraMicros = input.mainCpuMicros - input.baselineCpuMicros;
  const extraKb = (input.mainBytes - input.baselineBytes) / 1000;
  const microsPerKb = extraKb > 0 ? extraMicros / extraKb : Number.NaN;
  const budgetMicros = baselineMicros * (1 / input.goal - 1);
  return {
    extraMicros,
    microsPerKb,
    ceilingRatio: baselineMicros / (baselineMicros + Math.max(0, extraMicros)),
    maxBytesForGoal:
      microsPerKb > 0 ? input.baselineBytes + (budgetMicros / microsPerKb) * 1000 : Number.POSITIVE_INFINITY,
  };
}
