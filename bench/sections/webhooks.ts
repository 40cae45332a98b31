import { readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startChildServer } from "../lib/child-server";
import { fixed, ms } from "../lib/format";
import type { BenchOptions } from "../lib/options";
import type { Section } from "../lib/section";

type Deliveries = {
  deliveries: { id: string; body: string; signature: string }[];
  uniqueEvents: number;
  subscriptions: number;
};
/** The measured deliveries, and a first set sent before them, untimed, to warm the server up. */
type Plan = Deliveries & { warmup: Deliveries };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Stripe webhook ingestion: signed subscription events for 500 subscriptions, 10% of them out of
 * order (updated before created) and 10% of deliveries repeated, sent by `connections` concurrent
 * senders to the app's webhook handler (Stripe adapter, re-fetching from the fake Stripe API), after
 * the same for 100 other subscriptions as an untimed warm-up.
 * Reports deliveries per second and acknowledgement latency, then checks every event was stored once.
 */
// Issue 19's goal for ingestion on PostgreSQL (the production database).
const GOAL_PER_SECOND = 500;
const GOAL_P99_MS = 250;

type Ingestion = {
  label: string;
  deliveries: number;
  uniqueEvents: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  stats: { events: number; subscriptions: number };
  answers: string;
};

/** One run of every planned delivery against a webhook server whose database is `database`; throws when work was lost or repeated. */
async function ingestOn(
  options: BenchOptions,
  database: { label: string; url?: string },
  log: (message: string) => void,
): Promise<Ingestion> {
  const planFile = path.join(os.tmpdir(), `happr-bench-webhooks-${process.pid}.json`);
  log(`webhooks (${database.label}): starting the webhook server and preparing the signed deliveries`);
  const server = await startChildServer<{ port: number }>({
    rootDir: options.rootDir,
    script: "api-server.ts",
    args: ["webhooks", planFile],
    env: database.url ? { BENCH_API_DATABASE_URL: database.url } : {},
    logFile: path.join(options.resultsDir, `webhooks-server${database.url ? "-postgres" : ""}.log`),
  });
  try {
    const plan = JSON.parse(readFileSync(planFile, "utf8")) as Plan;
    const url = `http://127.0.0.1:${server.ready.port}/api/webhooks/stripe`;
    const send = async ({ deliveries }: Deliveries) => {
      const latencies: number[] = [];
      const statuses = new Map<number, number>();
      let next = 0;
      const sender = async () => {
        while (next < deliveries.length) {
          const delivery = deliveries[next++]!;
          const started = performance.now();
          const response = await fetch(url, {
            method: "POST",
            body: delivery.body,
            headers: { "content-type": "application/json", "stripe-signature": delivery.signature },
          });
          await response.arrayBuffer();
          latencies.push(performance.now() - started);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        }
      };
      const started = performance.now();
      await Promise.all(Array.from({ length: options.connections }, sender));
      return { latencies, statuses, seconds: (performance.now() - started) / 1000 };
    };
    log(`webhooks (${database.label}): warm-up, ${plan.warmup.deliveries.length} deliveries`);
    const warm = await send(plan.warmup);
    log(
      `webhooks (${database.label}): ${plan.deliveries.length} deliveries (${plan.uniqueEvents} distinct events), ${options.connections} senders`,
    );
    const { latencies, statuses, seconds } = await send(plan);
    const stats = (await fetch(`http://127.0.0.1:${server.ready.port}/stats`).then((r) => r.json())) as {
      events: number;
      subscriptions: number;
    };
    latencies.sort((a, b) => a - b);
    const answers = [...statuses].map(([status, n]) => `${n} × ${status}`).join(", ");
    const events = plan.uniqueEvents + plan.warmup.uniqueEvents;
    const subscriptions = plan.subscriptions + plan.warmup.subscriptions;
    const stored = `${stats.events} event ids (expected ${events}), ${stats.subscriptions} mirrored subscriptions (expected ${subscriptions}), warm-up included`;
    if (
      (statuses.get(200) ?? 0) !== plan.deliveries.length ||
      (warm.statuses.get(200) ?? 0) !== plan.warmup.deliveries.length ||
      stats.events !== events ||
      stats.subscriptions !== subscriptions
    )
      throw new Error(
        `webhook ingestion on ${database.label} lost or repeated work: answers ${answers}; stored ${stored}`,
      );
    return {
      label: database.label,
      deliveries: plan.deliveries.length,
      uniqueEvents: plan.uniqueEvents,
      seconds,
      perSecond: plan.deliveries.length / seconds,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      maxMs: latencies.at(-1)!,
      stats,
      answers: `${database.label}: answers ${answers}; stored afterwards ${stored}`,
    };
  } finally {
    await server.stop();
    rmSync(planFile, { force: true });
  }
}

export const webhooksSection: Section = {
  name: "webhooks",
  title: "Stripe webhook ingestion (10% duplicates, 10% out of order)",
  standalone: true,
  async run({ options, log }) {
    const databases = [
      { label: "PGlite" },
      ...(options.databaseUrl ? [{ label: "PostgreSQL", url: options.databaseUrl }] : []),
    ];
    const runs: Ingestion[] = [];
    for (const database of databases) runs.push(await ingestOn(options, database, log));
    const belowGoal: string[] = [];
    const production = runs.find((run) => run.label === "PostgreSQL");
    if (production && production.perSecond < GOAL_PER_SECOND)
      belowGoal.push(`webhooks (PostgreSQL): ${production.perSecond.toFixed(1)} events/s (goal >= ${GOAL_PER_SECOND})`);
    if (production && production.p99Ms >= GOAL_P99_MS)
      belowGoal.push(`webhooks (PostgreSQL): p99 ack ${production.p99Ms.toFixed(0)} ms (goal < ${GOAL_P99_MS} ms)`);
    return {
      table: {
        head: ["database", "deliveries", "events/s", "p50 ack", "p99 ack", "max ack"],
        rows: runs.map((run) => [
          run.label,
          String(run.deliveries),
          fixed(run.perSecond, 1),
          ms(run.p50Ms),
          ms(run.p99Ms),
          ms(run.maxMs),
        ]),
      },
      notes: [
        ...runs.map((run) => run.answers),
        `goal on PostgreSQL: >= ${GOAL_PER_SECOND} events/s with p99 acknowledgement < ${GOAL_P99_MS} ms (issue 19), every event stored once`,
        "each event re-fetches its subscription from the fake Stripe API on loopback, in the server's process",
        ...(options.databaseUrl
          ? []
          : ["set BENCH_DATABASE_URL to a PostgreSQL server to measure the production database adapter too"]),
      ],
      belowGoal,
      data: { goalPerSecond: GOAL_PER_SECOND, goalP99Ms: GOAL_P99_MS, databases: runs },
    };
  },
};
