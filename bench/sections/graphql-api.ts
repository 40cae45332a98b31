import path from "node:path";
import { startChildServer } from "../lib/child-server";
import { fixed, median, ms } from "../lib/format";
import type { BenchOptions } from "../lib/options";
import type { Section } from "../lib/section";
import { measureThroughput, type RequestShape, type ThroughputResult } from "../lib/throughput";

/**
 * What an API comparison is judged by: the operation's share of the trivial query's req/s, and its
 * p99, on the databases its issue names (issue 19 names both; issues 16 and 17 state theirs "on
 * PostgreSQL", the production database: the embedded one is measured and reported beside it).
 */
export type ApiGoals = { ratio: number; p99Ms: number; on: "both databases" | "PostgreSQL" };

const MY_SUBSCRIPTIONS =
  "query { getMySubscriptions { statusCode message subscriptionData { subscriptionId status subItemId currentPeriodStart currentPeriodEnd planPriceId defaultPaymentMethod cancelAt } } }";
export const TRIVIAL = "query { __typename }";

export const post = (query: string, token?: string, variables?: Record<string, unknown>): RequestShape => ({
  method: "POST",
  headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(variables ? { query, variables } : { query }),
});

export type Summary = { requestsPerSecond: number; latencyP50Ms: number; latencyP99Ms: number; non2xx: number };

export const summarise = (results: ThroughputResult[]): Summary => ({
  requestsPerSecond: median(results.map((r) => r.requestsPerSecond)),
  latencyP50Ms: median(results.map((r) => r.latencyP50Ms)),
  latencyP99Ms: median(results.map((r) => r.latencyP99Ms)),
  non2xx: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
});

/** What one API measurement runs: the server's mode, the queries (given the member's token, the operation's first) and a check that it answers for real. */
export type ApiMeasurement = {
  section: string;
  mode: string;
  seeded: string;
  /** `ready`: everything the server printed (a seeded item's id, for one). */
  queries: (token: string, ready: Record<string, unknown>) => Record<string, RequestShape>;
  check: (url: string, request: RequestShape) => Promise<void>;
};

/** The measurement's queries on one API server process whose database is `database`, in alternating rounds. */
export async function measureOn(
  options: BenchOptions,
  database: { label: string; url?: string },
  log: (message: string) => void,
  measurement: ApiMeasurement,
) {
  const { connections, durationSeconds, warmupSeconds, throughputRounds } = options;
  const tag = `${measurement.section} (${database.label})`;
  log(`${tag}: starting the API server (${measurement.seeded})`);
  const server = await startChildServer<{ port: number; token: string } & Record<string, unknown>>({
    rootDir: options.rootDir,
    script: "api-server.ts",
    args: [measurement.mode],
    env: database.url ? { BENCH_API_DATABASE_URL: database.url } : {},
    logFile: path.join(options.resultsDir, `${measurement.section}-server${database.url ? "-postgres" : ""}.log`),
  });
  try {
    const url = `http://127.0.0.1:${server.ready.port}/graphql`;
    const queries = measurement.queries(server.ready.token, server.ready);
    // The figures mean nothing unless the operation really answers.
    await measurement.check(url, Object.values(queries)[0]!);
    const runs: Record<string, ThroughputResult[]> = Object.fromEntries(Object.keys(queries).map((name) => [name, []]));
    for (let round = 1; round <= throughputRounds; round += 1) {
      const order = Object.entries(queries);
      if (round % 2 === 0) order.reverse();
      for (const [name, request] of order) {
        log(`${tag}: ${name} round ${round}/${throughputRounds}`);
        runs[name]!.push(await measureThroughput({ url, connections, durationSeconds, warmupSeconds, request }));
      }
    }
    const [operation, trivial, guest] = Object.values(runs).map(summarise) as [Summary, Summary, Summary];
    return {
      label: database.label,
      runs,
      operation,
      trivial,
      guest,
      ratio: operation.requestsPerSecond / trivial.requestsPerSecond,
    };
  } finally {
    await server.stop();
  }
}

const subscriptionsMeasurement: ApiMeasurement = {
  section: "graphql-api",
  mode: "graphql",
  seeded: "seeded member with a subscription",
  queries: (token) => ({
    "getMySubscriptions (bearer)": post(MY_SUBSCRIPTIONS, token),
    "{ __typename } (bearer)": post(TRIVIAL, token),
    "{ __typename } (guest)": post(TRIVIAL),
  }),
  async check(url, request) {
    const check = await fetch(url, request).then(
      (r) =>
        r.json() as Promise<{ data?: { getMySubscriptions?: { statusCode: number; subscriptionData: unknown[] } } }>,
    );
    const answer = check.data?.getMySubscriptions;
    if (answer?.statusCode !== 200 || answer.subscriptionData.length !== 1)
      throw new Error(`getMySubscriptions answered ${JSON.stringify(check).slice(0, 300)}`);
  },
};

/**
 * A section comparing one operation with a bearer token against the trivial `{ __typename }` with
 * the same token, on one API server process in the same run (bench/servers/api-server.ts). Both pay
 * for resolving the caller (token lookup and revocation check), so their ratio is the cost of the
 * operation itself. The trivial query as a guest shows the server's floor. On the embedded PGlite, and
 * again on PostgreSQL when BENCH_DATABASE_URL names a server.
 */
export function apiComparisonSection(
  measurement: ApiMeasurement,
  { title, operation, goals, notes = [] }: { title: string; operation: string; goals: ApiGoals; notes?: string[] },
): Section & { measurement: ApiMeasurement } {
  return {
    measurement,
    name: measurement.section,
    title,
    standalone: true,
    async run({ options, log }) {
      const databases = [
        { label: "PGlite" },
        ...(options.databaseUrl ? [{ label: "PostgreSQL", url: options.databaseUrl }] : []),
      ];
      const measured = [];
      for (const database of databases) measured.push(await measureOn(options, database, log, measurement));

      const rows: string[][] = [];
      const belowGoal: string[] = [];
      for (const m of measured) {
        for (const [name, results] of Object.entries(m.runs)) {
          const s = summarise(results);
          rows.push([
            `${m.label}: ${name}`,
            fixed(s.requestsPerSecond, 1),
            ms(s.latencyP50Ms),
            ms(s.latencyP99Ms),
            String(s.non2xx),
            results.map((r) => r.requestsPerSecond.toFixed(0)).join(" / "),
          ]);
        }
        const judged = goals.on === "both databases" || m.label === goals.on;
        rows.push([
          `${m.label}: ${operation} / trivial, both bearer (${judged ? `goal >= ${goals.ratio}` : "reported"})`,
          m.ratio.toFixed(2),
          "",
          "",
          "",
          "",
        ]);
        if (judged && m.ratio < goals.ratio)
          belowGoal.push(
            `${measurement.section} (${m.label}): ${operation}/trivial = ${m.ratio.toFixed(2)} (goal >= ${goals.ratio})`,
          );
        if (judged && m.operation.latencyP99Ms >= goals.p99Ms)
          belowGoal.push(
            `${measurement.section} (${m.label}): ${operation} p99 ${m.operation.latencyP99Ms} ms (goal < ${goals.p99Ms} ms)`,
          );
      }
      const { connections, durationSeconds, warmupSeconds, throughputRounds } = options;
      return {
        table: { head: ["database: query", "req/s", "p50", "p99", "non-2xx/errors", "req/s per round"], rows },
        notes: [
          `${connections} connections, ${warmupSeconds} s warm-up + ${durationSeconds} s per round, median of ${throughputRounds} rounds (order alternates)`,
          `goals (>= ${goals.ratio} of the trivial query, p99 < ${goals.p99Ms} ms) on ${goals.on}`,
          ...notes,
          ...(options.databaseUrl
            ? []
            : ["set BENCH_DATABASE_URL to a PostgreSQL server to measure the production database adapter too"]),
        ],
        belowGoal,
        data: {
          connections,
          durationSeconds,
          rounds: throughputRounds,
          goalRatio: goals.ratio,
          goalP99Ms: goals.p99Ms,
          goalsOn: goals.on,
          databases: measured,
        },
      };
    },
  };
}

/** getMySubscriptions: the member's subscriptions from the mirror (issue 4; its goal raised by issue 19). */
export const graphqlApiSection = apiComparisonSection(subscriptionsMeasurement, {
  title: "GraphQL API: getMySubscriptions (bearer token) vs a trivial query (autocannon)",
  operation: "getMySubscriptions",
  goals: { ratio: 0.6, p99Ms: 50, on: "both databases" },
  notes: [
    "one server process: graphql/server.ts with the app's caller resolution and billing service, sandbox billing; no Next.js routing in front",
  ],
});
