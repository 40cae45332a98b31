import { readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startChildServer } from "../lib/child-server";
import { fixed, ms } from "../lib/format";
import type { Section } from "../lib/section";

type Plan = {
  deliveries: { id: string; body: string; signature: string }[];
  uniqueEvents: number;
  subscriptions: number;
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Stripe webhook ingestion: signed subscription events for 200 subscriptions, 10% of them out of
 * order (updated before created) and 10% of deliveries repeated, sent by `connections` concurrent
 * senders to the app's webhook handler (Stripe adapter, re-fetching from the fake Stripe API).
 * Reports deliveries per second and acknowledgement latency, then checks every event was stored once.
 */
export const webhooksSection: Section = {
  name: "webhooks",
  title: "Stripe webhook ingestion (10% duplicates, 10% out of order)",
  standalone: true,
  async run({ options, log }) {
    const planFile = path.join(os.tmpdir(), `happr-bench-webhooks-${process.pid}.json`);
    log("webhooks: starting the webhook server and preparing the signed deliveries");
    const server = await startChildServer<{ port: number }>({
      rootDir: options.rootDir,
      script: "api-server.ts",
      args: ["webhooks", planFile],
      logFile: path.join(options.resultsDir, "webhooks-server.log"),
    });
    try {
      const plan = JSON.parse(readFileSync(planFile, "utf8")) as Plan;
      const url = `http://127.0.0.1:${server.ready.port}/api/webhooks/stripe`;
      const latencies: number[] = [];
      const statuses = new Map<number, number>();
      let next = 0;
      const sender = async () => {
        while (next < plan.deliveries.length) {
          const delivery = plan.deliveries[next++]!;
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
      log(
        `webhooks: ${plan.deliveries.length} deliveries (${plan.uniqueEvents} distinct events), ${options.connections} senders`,
      );
      const started = performance.now();
      await Promise.all(Array.from({ length: options.connections }, sender));
      const seconds = (performance.now() - started) / 1000;
      const stats = (await fetch(`http://127.0.0.1:${server.ready.port}/stats`).then((r) => r.json())) as {
        events: number;
        subscriptions: number;
      };

      latencies.sort((a, b) => a - b);
      const perSecond = plan.deliveries.length / seconds;
      const ok = statuses.get(200) ?? 0;
      const notes = [
        `answers: ${[...statuses].map(([status, n]) => `${n} × ${status}`).join(", ")}`,
        `stored afterwards: ${stats.events} event ids (expected ${plan.uniqueEvents}), ${stats.subscriptions} mirrored subscriptions (expected ${plan.subscriptions})`,
        "each event re-fetches its subscription from the fake Stripe API on loopback, in the server's process",
      ];
      if (
        ok !== plan.deliveries.length ||
        stats.events !== plan.uniqueEvents ||
        stats.subscriptions !== plan.subscriptions
      ) {
        throw new Error(`webhook ingestion lost or repeated work: ${notes.join("; ")}`);
      }
      return {
        table: {
          head: ["deliveries", "events/s", "p50 ack", "p99 ack", "max ack"],
          rows: [
            [
              String(plan.deliveries.length),
              fixed(perSecond, 1),
              ms(percentile(latencies, 50)),
              ms(percentile(latencies, 99)),
              ms(latencies.at(-1)!),
            ],
          ],
        },
        notes,
        data: {
          deliveries: plan.deliveries.length,
          uniqueEvents: plan.uniqueEvents,
          seconds,
          perSecond,
          p50Ms: percentile(latencies, 50),
          p99Ms: percentile(latencies, 99),
          stats,
        },
      };
    } finally {
      await server.stop();
      rmSync(planFile, { force: true });
    }
  },
};
