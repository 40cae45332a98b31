/**
 * Child process of bench/calendar-import.ts: parses one calendar file with the reader of another
 * checkout (BENCH_BASELINE_DIR, 708e2fb for issue 38's "before") and prints `{ ms, outcome }` as JSON.
 * `npx tsx bench/lib/old-calendar-reader.ts <checkout> <file.ics>`, run with the checkout as its working
 * directory so its own tsconfig paths apply. The parent kills it when it runs past its time limit.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [checkout, file] = process.argv.slice(2);
if (!checkout || !file) throw new Error("usage: old-calendar-reader.ts <checkout> <file.ics>");
type Reader = (input: string, options: { timezone: string }) => { events: unknown[]; skipped: unknown[] };
const { parseICalendar } = (await import(
  pathToFileURL(path.join(path.resolve(checkout), "lib/calendar/ics/import.ts")).href
)) as { parseICalendar: Reader };
const text = readFileSync(file, "utf8");
// Warm the reader (its modules, the time-zone data) on a plain file first, as the in-process run does.
parseICalendar(
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "BEGIN:VEVENT",
    "UID:warm",
    "DTSTART;TZID=Europe/Paris:20260105T090000",
    "DTEND;TZID=Europe/Paris:20260105T100000",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n"),
  { timezone: "UTC" },
);
const started = performance.now();
let outcome: string;
try {
  const report = parseICalendar(text, { timezone: "UTC" });
  outcome = `${report.events.length} read, ${report.skipped.length} skipped`;
} catch (error) {
  outcome = `refused: ${(error as Error).message.slice(0, 90)}`;
}
console.log(JSON.stringify({ ms: performance.now() - started, outcome }));
