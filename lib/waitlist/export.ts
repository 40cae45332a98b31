import { asc, isNotNull } from "drizzle-orm";
import type { Db } from "../db/open";
import { waitlistEntries } from "../db/schema";

export type WaitlistExportRow = { email: string; firstName: string | null; createdAt: Date; confirmedAt: Date | null };

const HEADER = ["email", "first_name", "created_at", "confirmed_at"];

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled.
 * A cell that a spreadsheet would read as a formula (= + - @, or a leading tab/CR) gets a leading
 * single quote first, so opening the export never runs anything someone typed into the form.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The waitlist as CSV: a header line, then one line per entry, CRLF line ends as RFC 4180 says. */
export function waitlistToCsv(rows: WaitlistExportRow[]): string {
  const lines = [
    HEADER,
    ...rows.map((row) => [
      row.email,
      row.firstName ?? "",
      row.createdAt.toISOString(),
      row.confirmedAt?.toISOString() ?? "",
    ]),
  ];
  return lines.map((cells) => cells.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/**
 * The waitlist, oldest first: the confirmed entries (double opt-in: only they may be mailed), or with
 * `includeUnconfirmed` every entry, the unconfirmed ones with an empty confirmed_at.
 */
export function listWaitlist(
  db: Db,
  { includeUnconfirmed = false }: { includeUnconfirmed?: boolean } = {},
): Promise<WaitlistExportRow[]> {
  return db
    .select({
      email: waitlistEntries.email,
      firstName: waitlistEntries.firstName,
      createdAt: waitlistEntries.createdAt,
      confirmedAt: waitlistEntries.confirmedAt,
    })
    .from(waitlistEntries)
    .where(includeUnconfirmed ? undefined : isNotNull(waitlistEntries.confirmedAt))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.email));
}
