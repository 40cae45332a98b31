/**
 * `npx tsx bench/calendar-import.ts`: what reading a hostile calendar file costs (issue 38).
 *
 * 1. In process, the parse time of files shaped like the issue's table (issueTable below: one custom
 *    VTIMEZONE observance and one event, 571 B; + 10 EXDATE values in that zone, 754 B; + 40, 1.2 kB;
 *    three observances and 40, 1.9 kB), then the largest such file under 1 MB and 1 MB of removed
 *    dates (lib/calendar/ics/__fixtures__/hostile.ts), with the synchronous reader as it is now (no
 *    time budget: the work the file asks for) and through the import's worker thread (its limits: a
 *    refusal naming the file). With BENCH_BASELINE_DIR naming a checkout of 708e2fb (bench/README.md
 *    says how to make one), "before" is measured in the same run: each file is read by that
 *    checkout's reader in a child process, stopped after BENCH_BASELINE_TIMEOUT seconds (60).
 * 2. With BENCH_URL (a running `next build && next start` whose OUTBOX_FILE is .data/e2e/outbox.ndjson,
 *    as the e2e server's), a member signed up in Chromium uploads the 2 kB file and the 1 MB one
 *    through /calendar/import while /api/health is asked every 50 ms: the import's answer time and
 *    health's latency (p50, max) meanwhile.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { customZoneFile, largestHostileFile, manyRemovedDatesFile } from "../lib/calendar/ics/__fixtures__/hostile";
import { parseICalendar } from "../lib/calendar/ics/import";
import { parseICalendarOffThread } from "../lib/calendar/ics/parse-off-thread";
import { signUp } from "../e2e/support/members";

const CRLF = "\r\n";
const ODD_ZONE = "Odd/Clock";

/**
 * A file shaped like a row of the issue's table: one custom zone (a fixed UTC-09:30 whose observance
 * rules repeat four times a day from 1601, as no real zone's do) with `observances` observances, and one
 * weekly event in it whose `exdates` removed dates are one EXDATE line of values in that zone. Each
 * observance carries a COMMENT (inert text) so the sizes come out as the issue's: 571 B, 754 B,
 * 1,234 B and 1,854 B.
 */
function issueFile(observances: number, exdates: number): string {
  const observance = (index: number) => [
    "BEGIN:STANDARD",
    `DTSTART:${1601 + index}0101T000000`,
    "TZOFFSETFROM:-0930",
    "TZOFFSETTO:-0930",
    "RRULE:FREQ=DAILY;BYHOUR=0,6,12,18",
    "COMMENT:A rule no real zone has: 4 times a day since the year 1601. Matching it against the IANA zones walks it up to the year of the event, for each zone and each reference to it.",
    "END:STANDARD",
  ];
  const removed = Array.from({ length: exdates }, (_, week) =>
    new Date(Date.UTC(2026, 0, 12 + 7 * week)).toISOString().slice(0, 10).replace(/-/g, ""),
  ).map((day) => `${day}T090000`);
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//x//EN",
    "BEGIN:VTIMEZONE",
    `TZID:${ODD_ZONE}`,
    ...Array.from({ length: observances }, (_, index) => observance(index)).flat(),
    "END:VTIMEZONE",
    "BEGIN:VEVENT",
    "UID:odd-1",
    `DTSTART;TZID=${ODD_ZONE}:20260105T090000`,
    `DTEND;TZID=${ODD_ZONE}:20260105T100000`,
    "RRULE:FREQ=WEEKLY",
    "SUMMARY:Standup",
    ...(removed.length ? [`EXDATE;TZID=${ODD_ZONE}:${removed.join(",")}`] : []),
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join(CRLF);
}

/** The issue's table, then the two 1 MB files of the attack tests. */
function issueTable(): Array<{ name: string; file: string }> {
  return [
    { name: "1 observance, 1 event", file: issueFile(1, 0) },
    { name: "+ 10 EXDATE", file: issueFile(1, 10) },
    { name: "+ 40 EXDATE", file: issueFile(1, 40) },
    { name: "3 observances, 40 EXDATE", file: issueFile(3, 40) },
    { name: "largest under 1 MB", file: largestHostileFile() },
    { name: "1 MB of removed dates", file: manyRemovedDatesFile() },
  ];
}

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

/**
 * "Before": `file` read by the reader of the checkout in `baselineDir` (bench/lib/old-calendar-reader.ts,
 * a child process with the checkout as its working directory), killed after `limitSeconds`.
 */
function readWithBaseline(baselineDir: string, file: string, limitSeconds: number): Promise<string> {
  const folder = mkdtempSync(path.join(tmpdir(), "happr-bench-ics-"));
  const ics = path.join(folder, "file.ics");
  writeFileSync(ics, file);
  const child = spawn(
    path.resolve("node_modules/.bin/tsx"),
    [path.resolve("bench/lib/old-calendar-reader.ts"), path.resolve(baselineDir), ics],
    // Its own process group: tsx runs the reader in a child of its own, and the whole group is stopped.
    { cwd: baselineDir, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      process.kill(-child.pid!, "SIGKILL");
    }, limitSeconds * 1000);
    child.on("close", (code) => {
      clearTimeout(timer);
      rmSync(folder, { recursive: true, force: true });
      if (timedOut) return resolve(`> ${limitSeconds} s (stopped)`);
      try {
        const { ms } = JSON.parse(out.trim().split("\n").at(-1)!) as { ms: number };
        resolve(seconds(ms));
      } catch {
        resolve(`failed (exit ${code}): ${err.trim().split("\n").at(-1)?.slice(0, 80) ?? ""}`);
      }
    });
  });
}

async function inProcess() {
  const baselineDir = process.env.BENCH_BASELINE_DIR;
  const limitSeconds = Number(process.env.BENCH_BASELINE_TIMEOUT ?? 60);
  // Warm both paths (the worker thread starts, the year's zone index is built) before timing.
  parseICalendar(customZoneFile(1, 0), { timezone: "UTC" });
  await parseICalendarOffThread(new TextEncoder().encode(customZoneFile(1, 0)), { timezone: "UTC" });
  console.log(
    `| file | size | before (${baselineDir ? "708e2fb" : "not measured: set BENCH_BASELINE_DIR"}) | after, in process | after, import's worker | outcome |`,
  );
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const { name, file } of issueTable()) {
    const before = baselineDir ? await readWithBaseline(baselineDir, file, limitSeconds) : "";
    const direct = await timed(() => parseICalendar(file, { timezone: "UTC" }));
    const worker = await timed(() =>
      parseICalendarOffThread(new TextEncoder().encode(file), { timezone: "UTC", fileName: "hostile.ics" }),
    );
    const size = file.length < 10_000 ? `${file.length} B` : `${(file.length / 1024).toFixed(0)} kB`;
    console.log(
      `| ${name} | ${size} | ${before} | ${seconds(direct.ms)} | ${seconds(worker.ms)} | ${worker.outcome} |`,
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
