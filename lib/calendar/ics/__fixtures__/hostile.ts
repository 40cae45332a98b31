/**
 * Calendar files that asked the old reader for minutes to days of work (issue 38): a custom VTIMEZONE
 * with an observance rule no real zone has, referenced by an event's start and end and by each of its
 * removed dates (EXDATE), every reference matched again against the IANA zones by walking the rule.
 * Used by the attack tests and bench/calendar-import.ts.
 */

const CRLF = "\r\n";
const HOURS = Array.from({ length: 24 }, (_, hour) => hour).join(",");
const MINUTES = Array.from({ length: 12 }, (_, step) => step * 5).join(",");

/**
 * A fixed UTC-09:30 (Pacific/Marquesas, late in the IANA list and not named by the TZID, so matching
 * tries nearly every zone) whose observance rule repeats every hour (`heavy`: every five minutes)
 * from 1601: no real zone has such a rule, and walking it to the event's year is the cost.
 */
function observance(index: number, heavy: boolean): string[] {
  return [
    "BEGIN:STANDARD",
    `DTSTART:${1601 + index}0101T000000`,
    "TZOFFSETFROM:-0930",
    "TZOFFSETTO:-0930",
    `RRULE:FREQ=DAILY;BYHOUR=${HOURS}${heavy ? `;BYMINUTE=${MINUTES}` : ""}`,
    "END:STANDARD",
  ];
}

function vtimezone(tzid: string, observances: number, heavy = false): string[] {
  return [
    "BEGIN:VTIMEZONE",
    `TZID:${tzid}`,
    ...Array.from({ length: observances }, (_, index) => observance(index, heavy)).flat(),
    "END:VTIMEZONE",
  ];
}

function exdates(count: number, tzid: string): string[] {
  // One value per line, as some writers do; each a date of the weekly series below.
  return Array.from({ length: count }, (_, week) => {
    const date = new Date(Date.UTC(2026, 0, 5 + 7 * (week + 1)));
    return `EXDATE;TZID=${tzid}:${date.toISOString().slice(0, 10).replace(/-/g, "")}T090000`;
  });
}

function vevent(uid: string, tzid: string, exdateCount: number): string[] {
  return [
    "BEGIN:VEVENT",
    `UID:${uid}`,
    "DTSTAMP:20260101T000000Z",
    `DTSTART;TZID=${tzid}:20260105T090000`,
    `DTEND;TZID=${tzid}:20260105T100000`,
    "RRULE:FREQ=WEEKLY",
    "SUMMARY:Standup",
    ...exdates(exdateCount, tzid),
    "END:VEVENT",
  ];
}

const calendar = (lines: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//hostile//EN", ...lines, "END:VCALENDAR", ""].join(CRLF);

/** One custom zone with `observances` observances and one weekly event with `exdates` removed dates in it. */
export function customZoneFile(observances: number, exdateCount: number): string {
  const tzid = "Happr Odd Time";
  return calendar([...vtimezone(tzid, observances), ...vevent("odd-1", tzid, exdateCount)]);
}

/**
 * The largest file of this kind under `maxBytes` (1 MB, the import limit): as many custom zones as
 * fit, each with `observances` observances, each used by an event with a full list of removed dates.
 */
export function largestHostileFile(maxBytes = 1_048_576 - 1024, observances = 3, exdateCount = 200): string {
  const parts: string[][] = [];
  let size = calendar([]).length;
  for (let index = 0; ; index++) {
    const tzid = `Happr Odd Time ${index}`;
    const part = [...vtimezone(tzid, observances, true), ...vevent(`odd-${index}`, tzid, exdateCount)];
    const partSize = part.join(CRLF).length + 2;
    if (size + partSize > maxBytes) break;
    parts.push(part);
    size += partSize;
  }
  return calendar(parts.flat());
}

/** The issue's table: name, file. */
export function hostileTable(): Array<{ name: string; file: string }> {
  return [
    { name: "1 observance, 1 event", file: customZoneFile(1, 0) },
    { name: "+ 10 EXDATE", file: customZoneFile(1, 10) },
    { name: "+ 40 EXDATE", file: customZoneFile(1, 40) },
    { name: "3 observances, 40 EXDATE", file: customZoneFile(3, 40) },
    { name: "largest under 1 MB", file: largestHostileFile() },
    { name: "1 MB of removed dates", file: manyRemovedDatesFile() },
  ];
}

/**
 * Nothing but allowed parts, as many as 1 MB holds: timed daily series in a custom zone, each with a
 * full list of removed days given as dates (each one a search of the series for that day).
 */
export function manyRemovedDatesFile(maxBytes = 1_048_576 - 1024): string {
  const tzid = "Happr Standard Time";
  const zone = [
    "BEGIN:VTIMEZONE",
    `TZID:${tzid}`,
    "BEGIN:STANDARD",
    "DTSTART:16010101T000000",
    "TZOFFSETFROM:+0100",
    "TZOFFSETTO:+0100",
    "END:STANDARD",
    "END:VTIMEZONE",
  ];
  const days = Array.from({ length: 1000 }, (_, day) =>
    new Date(Date.UTC(2026, 0, 2 + day)).toISOString().slice(0, 10).replace(/-/g, ""),
  );
  const parts: string[][] = [];
  let size = calendar(zone).length;
  for (let index = 0; ; index++) {
    const part = [
      "BEGIN:VEVENT",
      `UID:days-${index}`,
      `DTSTART;TZID=${tzid}:20260101T090000`,
      `DTEND;TZID=${tzid}:20260101T100000`,
      "RRULE:FREQ=DAILY",
      `EXDATE;VALUE=DATE:${days.join(",")}`,
      "END:VEVENT",
    ];
    const partSize = part.join(CRLF).length + 2;
    if (size + partSize > maxBytes) break;
    parts.push(part);
    size += partSize;
  }
  return calendar([...zone, ...parts.flat()]);
}
