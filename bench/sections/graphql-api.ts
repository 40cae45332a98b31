import path from "node:path";
import { startChildServer } from "../lib/child-server";
import { fixed, median, ms } from "../lib/format";
import type { Section } from "../lib/section";
import { measureThroughput, type RequestShape, type ThroughputResult } from "../lib/throughput";

const GOAL_RATIO = 0.5;
const GOAL_P99_MS = 50;

const MY_SUBSCRIPTIONS = "query { getMySubscriptions { statusCode message subscriptionData { subscriptionId status subItemId currentPeriodStart currentPeriodEnd planPriceId defaultPaymentMethod cancelAt } } }";
const TRIVIAL = "query { __typename }";

const post = (query: string, token?: string): RequestShape => ({
  method: "POST",
  headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify({ query }),
});

/**
 * getMySubscriptions with a bearer token against the trivial `{ __typename }` with the same token, on
 * one API server process in the same run (bench/servers/api-server.ts). Both pay for resolving the
 * caller (token lookup and revocation check), so their ratio is the cost of the operation itself: the
 * member's subscriptions from the mirror. The trivial query as a guest shows the server's floor.
 */
export const graphqlApiSection: Section = {
  name: "graphql-api",
  title: "GraphQL API: getMySubscriptions (bearer token) vs a trivial query (autocannon)",
  standalone: true,
  async run({ options, log }) {
    const { connections, durationSeconds, warmupSeconds, throughputRounds } = options;
    log("graphql-api: starting the API server (embedded database, seeded member with a subscription)");
    const server = await startChildServer<{ port: number; token: string }>({
      rootDir: options.rootDir,
      script: "api-server.ts",
      args: ["graphql"],
      logFile: path.join(options.resultsDir, "graphql-api-server.log"),
    });
    try {
      const url = `http://127.0.0.1:${server.ready.port}/graphql`;
      const queries = {
        "getMySubscriptions (bearer)": post(MY_SUBSCRIPTIONS, server.ready.token),
        "{ __typename } (bearer)": post(TRIVIAL, server.ready.token),
        "{ __typename } (guest)": post(TRIVIAL),
      };

      // The figures mean nothing unless the member's subscription really comes back.
      const check = await fetch(url, queries["getMySubscriptions (bearer)"]).then((r) => r.json() as Promise<{ data?: { getMySubscriptions?: { statusCode: number; subscriptionData: unknown[] } } }>);
      const answer = check.data?.getMySubscriptions;
      if (answer?.statusCode !== 200 || answer.subscriptionData.length !== 1) throw new Error(`getMySubscriptions answered ${JSON.stringify(check).slice(0, 300)}`);

      const runs: Record<string, ThroughputResult[]> = Object.fromEntries(Object.keys(queries).map((name) => [name, []]));
      for (let round = 1; round <= throughputRounds; round += 1) {
        const order = Object.entries(queries);
        if (round % 2 === 0) order.reverse();
        for (const [name, request] of order) {
          log(`graphql-api: ${name} round ${round}/${throughputRounds}`);
          runs[name]!.push(await measureThroughput({ url, connections, durationSeconds, warmupSeconds, request }));
        }
      }
      const summary = (results: ThroughputResult[]) => ({
        requestsPerSecond: median(results.map((r) => r.requestsPerSecond)),
        latencyP50Ms: median(results.map((r) => r.latencyP50Ms)),
        latencyP99Ms: median(results.map((r) => r.latencyP99Ms)),
        non2xx: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
      });
      const [subscriptions, trivial, guest] = Object.values(runs).map(summary) as [ReturnType<typeof summary>, ReturnType<typeof summary>, ReturnType<typeof summary>];
      const ratio = subscriptions.requestsPerSecond / trivial.requestsPerSecond;
      const ratioToGuest = subscriptions.requestsPerSecond / guest.requestsPerSecond;
      const belowGoal: string[] = [];
      if (ratio < GOAL_RATIO) belowGoal.push(`graphql-api: getMySubscriptions/trivial = ${ratio.toFixed(2)} (goal >= ${GOAL_RATIO})`);
      if (subscriptions.latencyP99Ms >= GOAL_P99_MS) belowGoal.push(`graphql-api: getMySubscriptions p99 ${subscriptions.latencyP99Ms} ms (goal < ${GOAL_P99_MS} ms)`);
      const rows = Object.entries(runs).map(([name, results]) => {
        const s = summary(results);
        return [name, fixed(s.requestsPerSecond, 1), ms(s.latencyP50Ms), ms(s.latencyP99Ms), String(s.non2xx), results.map((r) => r.requestsPerSecond.toFixed(0)).join(" / ")];
      });
      rows.push([`getMySubscriptions / trivial, both bearer (goal >= ${GOAL_RATIO})`, ratio.toFixed(2), "", "", "", ""]);
      rows.push(["getMySubscriptions / trivial as guest", ratioToGuest.toFixed(2), "", "", "", ""]);
      return {
        table: { head: ["query", "req/s", "p50", "p99", "non-2xx/errors", "req/s per round"], rows },
        notes: [
          `${connections} connections, ${warmupSeconds} s warm-up + ${durationSeconds} s per round, median of ${throughputRounds} rounds (order alternates)`,
          `p99 goal < ${GOAL_P99_MS} ms for getMySubscriptions`,
          "one server process: graphql/server.ts with the app's caller resolution and billing service on PGlite (files on disk), sandbox billing; no Next.js routing in front",
        ],
        belowGoal,
        data: { connections, durationSeconds, rounds: throughputRounds, ratio, ratioToGuest, goalRatio: GOAL_RATIO, goalP99Ms: GOAL_P99_MS, getMySubscriptions: subscriptions, trivial, guest, runs },
      };
    } finally {
      await server.stop();
    }
  },
};
