import autocannon from "autocannon";

export type ThroughputResult = {
  url: string;
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

function run(url: string, connections: number, durationSeconds: number, headers?: Record<string, string>): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    // autocannon has its own clock; the extra guard only catches a hung instance.
    const guard = setTimeout(
      () => reject(new Error(`autocannon against ${url} did not finish within ${durationSeconds + 30} s`)),
      (durationSeconds + 30) * 1000,
    );
    const instance = autocannon({ url, connections, duration: durationSeconds, timeout: 10, headers }, (error, result) => {
      clearTimeout(guard);
      if (error) reject(error);
      else resolve(result);
    });
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
  /** Sent with every request (e.g. a session cookie). */
  headers?: Record<string, string>;
}): Promise<ThroughputResult> {
  if (opts.warmupSeconds > 0) await run(opts.url, opts.connections, opts.warmupSeconds, opts.headers);
  const result = await run(opts.url, opts.connections, opts.durationSeconds, opts.headers);
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
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
