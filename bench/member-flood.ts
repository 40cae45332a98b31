/**
 * A member's flood (issue 38): against a running app (`npm run build && npm start`, or the e2e
 * server), signs a member up through the pages in Chromium (or takes BENCH_COOKIE), then sends
 * `calls` POST /graphql requests with that member's session, spread evenly over `seconds`, while
 * /api/health is asked every 250 ms. Prints how many were answered and how many met 429 (with the
 * Retry-After seen), and how long /api/health took meanwhile. Reported, not asserted.
 *
 *   BENCH_URL=http://localhost:3000 BENCH_OUTBOX_FILE=<the server's OUTBOX_FILE> \
 *     npx tsx bench/member-flood.ts [calls=700] [seconds=60]
 *
 * BENCH_OUTBOX_FILE is where the server copies its messages (OUTBOX_FILE), for the sign-up code;
 * CHROME_PATH (/usr/bin/chromium).
 */
import { performance } from "node:perf_hooks";
import { signedUpMemberCookie } from "./lib/member";

const calls = Number(process.argv[2] ?? 700);
const seconds = Number(process.argv[3] ?? 60);
const baseUrl = process.env.BENCH_URL ?? "http://localhost:3000";

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function memberCookie(): Promise<string> {
  if (process.env.BENCH_COOKIE) return process.env.BENCH_COOKIE;
  const outboxFile = process.env.BENCH_OUTBOX_FILE;
  if (!outboxFile) throw new Error("Set BENCH_OUTBOX_FILE (the server's OUTBOX_FILE) or BENCH_COOKIE");
  return signedUpMemberCookie(baseUrl, process.env.CHROME_PATH ?? "/usr/bin/chromium", outboxFile, (message) =>
    console.error(`[member-flood] ${message}`),
  );
}

async function main() {
  const cookie = await memberCookie();
  const statuses = new Map<number, number>();
  const retryAfter: number[] = [];
  let firstRefused: { call: number; atSeconds: number; message: string } | undefined;
  const health: number[] = [];
  let flooding = true;

  const healthLoop = (async () => {
    while (flooding) {
      const began = performance.now();
      await fetch(`${baseUrl}/api/health`).then((response) => response.arrayBuffer());
      health.push(performance.now() - began);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();

  const began = performance.now();
  const requests: Promise<void>[] = [];
  for (let call = 1; call <= calls; call += 1) {
    const due = began + ((call - 1) * seconds * 1000) / calls;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    requests.push(
      fetch(`${baseUrl}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ query: "{ __typename }" }),
      }).then(async (response) => {
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const body = (await response.json().catch(() => ({}))) as { errors?: { message: string }[] };
        if (response.status !== 429) return;
        retryAfter.push(Number(response.headers.get("retry-after")));
        if (!firstRefused || call < firstRefused.call)
          firstRefused = {
            call,
            atSeconds: (performance.now() - began) / 1000,
            message: body.errors?.[0]?.message ?? "",
          };
      }),
    );
  }
  await Promise.all(requests);
  const tookSeconds = (performance.now() - began) / 1000;
  flooding = false;
  await healthLoop;

  console.log(`member flood: ${calls} POST /graphql by one member over ${tookSeconds.toFixed(1)} s against ${baseUrl}`);
  for (const [status, count] of [...statuses].sort((a, b) => a[0] - b[0])) console.log(`  ${status}: ${count}`);
  if (firstRefused)
    console.log(
      `  first 429: call ${firstRefused.call} at ${firstRefused.atSeconds.toFixed(1)} s, Retry-After ${Math.min(...retryAfter)}-${Math.max(...retryAfter)} s, "${firstRefused.message}"`,
    );
  else console.log("  no call met 429");
  console.log(
    `/api/health meanwhile: ${health.length} checks, p50 ${percentile(health, 50).toFixed(0)} ms, max ${Math.max(...health).toFixed(0)} ms`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
