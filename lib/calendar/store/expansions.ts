import { agendaExpander, mergeAgenda, type AgendaOccurrence, type AgendaRange, type Expansion } from "../expand";
import { eventOf, type EventRow } from "./rows";

/**
 * An agenda row with its row version: PostgreSQL's `xmin`, the transaction that wrote this version of
 * the row. Every update writes a new version with a new xmin, so (id, xmin) names the row's content
 * exactly, with no column for the app to remember to bump.
 */
export type VersionedEventRow = EventRow & { version: string };

/** A bound on memory: past it the remembered expansions are dropped (and expanded again). */
const MAX_ENTRIES = 50_000;

/**
 * Each event's expansion over a range, remembered per instance by the row version, the range and the
 * viewer's zone: expanding 200 events' rules was the largest part of an agenda read, and a member's
 * agenda is read again and again (each app, each page) between changes to its events. The
 * occurrences are shared between readers: nothing may change them.
 */
const remembered = new Map<string, AgendaOccurrence[]>();

/** expandAgenda over the rows, each event's occurrences remembered (see above). */
export function expandRows(rows: readonly VersionedEventRow[], range: AgendaRange): Expansion<AgendaOccurrence> {
  const expand = agendaExpander(range);
  return mergeAgenda(
    rows.map((row) => {
      const key = `${row.id} ${row.version} ${range.from} ${range.to} ${range.timezone}`;
      let occurrences = remembered.get(key);
      if (!occurrences) {
        occurrences = expand({ eventId: row.id, event: eventOf(row) });
        if (remembered.size >= MAX_ENTRIES) remembered.clear();
        remembered.set(key, occurrences);
      }
      return occurrences;
    }),
  );
}
