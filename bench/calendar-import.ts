/**
 * `npx tsx bench/calendar-import.ts`: what reading a hostile calendar file costs (issue 38).
 *
 * 1. In process, the parse time of the table of files (lib/calendar/ics/__fixtures__/hostile.ts)
 *    with the synchronous reader as it is now (no time budget: the work the file asks for) and
 *    through the import's worker thread (its limits: a refusal naming the file), beside the figures
 *    the same files took on 708e2fb (the old reader is gone; measured with this script's files).
 * 2. With BENCH_URL (a running `next build && next start` whose OUTBOX_FILE is .data/e2e/outbox.ndjson,
 *    as the e2e server's), a member signed up in Chromium uploads the 2 kB file and the 1 MB one
 *    through /calendar/import while /api/health is asked every 50 ms: the import's answer time and
 *    health's latency (p50, max) meanwhile.
 */
import { chromium } from "@playwright/test";
import { customZoneFile, hostileTable, manyRemovedDatesFile } from "../lib/calendar/ics/__fixtures__/hostile";
import { parseICalendar } from "../lib/calendar/ics/import";
import { parseICalendarOffThread } from "../lib/calendar/ics/parse-off-thread";
import { signUp } from "../e2e/support/members";

/** Measured on 708e2fb on this machine, in process, with these files. */
const BEFORE: Record<string, string> = {
  "1 observance, 1 event": "1.01 s",
  "+ 10 EXDATE": "4.44 s",
  "+ 40 EXDATE": "42.6 s",
  "3 observances, 40 EXDATE": "> 400 s (stopped)",
  "largest under 1 MB": "not run (days, by the rate above)",
  "1 MB of removed dates": "10.9 s",
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(3)} s`;

async function timed<T>(work: () => Promise<T> | T): Promise<{ ms: number; outcome: string }> {
  const started = performance.now();
  try {
    const report = (await work()) as { events: unknown[]; skipped: unknown[] };
    return {
      ms: performance.now() - started,
      outcome: `${report.events.length} read, ${report.skipped.length} skipped`,
    };
  } catch (error) {
    return { ms: performance.now() - started, outcome: `refused: ${(error as Error).message.slice(0, 90)}` };
  }
}

async function inProcess() {
  // Warm both paths (the worker thread starts, the year's zone index is built) before timing.
  parseICalendar(customZoneFile(1, 0), { timezone: "UTC" });
  await parseICalendarOffThread(new TextEncoder().encode(customZoneFile(1, 0)), { timezone: "UTC" });
  console.log("| file | size | before (708e2fb) | after, in process | after, import's worker | outcome |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const { name, file } of hostileTable()) {
    const direct = await timed(() => parseICalendar(file, { timezone: "UTC" }));
    const worker = await timed(() =>
      parseICalendarOffThread(new TextEncoder().encode(file), { timezone: "UTC", fileName: "hostile.ics" }),
    );
    const size = file.length < 10_000 ? `${file.length} B` : `${(file.length / 1024).toFixed(0)} kB`;
    console.log(
      `| ${name} | ${size} | ${BEFORE[name]} | ${seconds(direct.ms)} | ${seconds(worker.ms)} | ${worker.outcome} |`,
    );
  }
}

async function againstServer(baseURL: string) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signUp(page, { firstName: "Bench", lastName: "Importer" });
  await page.goto("/calendar/import");
  const form = page.getByRole("form", { name: "Import a calendar file" });
  const upload = async (name: string, text: string) => {
    await form
      .getByLabel(/^Calendar file/)
      .setInputFiles({ name, mimeType: "text/calendar", buffer: Buffer.from(text) });
    const started = Date.now();
    const answered = page.waitForResponse((response) => response.request().method() === "POST");
    await form.getByRole("button", { name: "Import" }).click();
    await answered;
    return Date.now() - started;
  };
  await upload("warm.ics", customZoneFile(1, 0));
  console.log("\n| upload | import answered in | /api/health p50 | /api/health max | health calls |");
  console.log("| --- | --- | --- | --- | --- |");
  for (const [name, text] of [
    ["3 observances, 40 EXDATE (2 kB)", customZoneFile(3, 40)],
    ["1 MB of removed dates", manyRemovedDatesFile()],
  ] as const) {
    const latencies: number[] = [];
    let running = true;
    const poll = (async () => {
      while (running) {
        const started = Date.now();
        await fetch(new URL("/api/health", baseURL));
        latencies.push(Date.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const ms = await upload("hostile.ics", text);
    running = false;
    await poll;
    latencies.sort((a, b) => a - b);
    const p50 = latencies[Math.floor(latencies.length / 2)] ?? 0;
    console.log(`| ${name} | ${ms} ms | ${p50} ms | ${latencies.at(-1) ?? 0} ms | ${latencies.length} |`);
  }
  await browser.close();
}

await inProcess();
if (process.env.BENCH_URL) await againstServer(process.env.BENCH_URL);
process.exit(0);
