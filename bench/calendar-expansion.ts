/**
 * How long expanding one member's agenda takes: a month of 200 events, 50 of them recurring (the
 * shape of issue 17's getMyAgenda bench), in process, without the database. Prints the first call
 * (rules compiled, nothing cached), the same month again (what a refresh costs), and a different
 * month each call over ten years (compiled rules kept, the library's instances mostly new).
 *
 *   npx tsx bench/calendar-expansion.ts [iterations]
 */
import { Temporal } from "temporal-polyfill";
import { type AgendaItem, expandAgenda } from "../lib/calendar/expand";
import { newEvent, parseEventInput } from "../lib/calendar/model";

const iterations = Number(process.argv[2] ?? 300);
const zones = [
  "Europe/London",
  "America/New_York",
  "America/Los_Angeles",
  "Pacific/Auckland",
  "Europe/Berlin",
  "Asia/Kolkata",
];
const rules = [
  "FREQ=WEEKLY;BYDAY=TU",
  "FREQ=WEEKLY;BYDAY=MO,WE,FR",
  "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA",
  "FREQ=DAILY",
  "FREQ=DAILY;INTERVAL=2;COUNT=300",
  "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20301231",
  "FREQ=MONTHLY;BYDAY=2TU",
  "FREQ=MONTHLY;BYMONTHDAY=-1",
  "FREQ=YEARLY",
  "FREQ=WEEKLY;BYDAY=TH;COUNT=800",
];

// A seeded generator, so every run measures the same calendar.
let seed = 17;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

function localDate(daysFrom2026: number): string {
  return Temporal.PlainDate.from("2026-01-01").add({ days: daysFrom2026 }).toString();
}

const items: AgendaItem[] = [];
for (let index = 0; index < 200; index++) {
  const recurring = index < 50;
  const zone = pick(zones);
  // Recurring series started up to 8 years ago; one-off events spread over 2026.
  const day = recurring ? -Math.floor(random() * 8 * 365) : Math.floor(random() * 365);
  const allDay = random() < 0.25;
  const rrule = recurring ? pick(rules) : null;
  const input = allDay
    ? { startDate: localDate(day), endDate: localDate(day + 1 + Math.floor(random() * 3)) }
    : (() => {
        const start = Math.floor(
          Temporal.PlainDate.from(localDate(day))
            .toPlainDateTime({ hour: 7 + Math.floor(random() * 13), minute: 15 })
            .toZonedDateTime(zone).epochMilliseconds / 1000,
        );
        return { start, end: start + 3600, timezone: zone };
      })();
  items.push({
    eventId: `event-${index}`,
    event: newEvent(parseEventInput({ title: `Event ${index}`, rrule, ...input })),
  });
}

const viewer = "Europe/London";
const month = (offset: number) => {
  const first = Temporal.PlainDate.from("2026-11-01").add({ months: offset });
  const from = Math.floor(first.toZonedDateTime(viewer).epochMilliseconds / 1000);
  const to = Math.floor(first.add({ months: 1 }).toZonedDateTime(viewer).epochMilliseconds / 1000);
  return { from, to, timezone: viewer };
};

// Wall time suffers when the machine is shared; CPU time (this process, user + system) much less.
function measure(label: string, run: (iteration: number) => number) {
  const wall: number[] = [];
  const cpu: number[] = [];
  let occurrences = 0;
  for (let iteration = 0; iteration < iterations; iteration++) {
    const started = process.hrtime.bigint();
    const cpuStarted = process.cpuUsage();
    occurrences = run(iteration);
    const used = process.cpuUsage(cpuStarted);
    wall.push(Number(process.hrtime.bigint() - started) / 1e6);
    cpu.push((used.user + used.system) / 1000);
  }
  const at = (list: number[], quantile: number) =>
    [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(quantile * list.length))]!.toFixed(2);
  console.log(
    `${label.padEnd(40)} wall median ${at(wall, 0.5)} ms, p99 ${at(wall, 0.99)} ms | CPU median ${at(cpu, 0.5)} ms, p99 ${at(cpu, 0.99)} ms | ${occurrences} occurrences`,
  );
}

const started = process.hrtime.bigint();
const first = expandAgenda(items, month(0));
console.log(
  `200 events (50 recurring), a month for a viewer in ${viewer}, ${iterations} calls per line; load average ${(await import("node:os")).loadavg()[0]!.toFixed(2)}`,
);
console.log(
  `${"first call (nothing compiled)".padEnd(40)} ${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(2)} ms   (${first.occurrences.length} occurrences)`,
);
measure("the same month again", () => expandAgenda(items, month(0)).occurrences.length);
measure(
  "a different month each call (10 years)",
  (iteration) => expandAgenda(items, month(iteration % 120)).occurrences.length,
);
