import { agendaExpander, collectAgenda, type AgendaOccurrence, type AgendaRange, type Expansion } from "../expand";
import { BoundedMap } from "../../bounded-map";
import type { AgendaEntry } from "./rows";
import { eventOf, type EventRow } from "./rows";

/**
 * An agenda row with its row version: PostgreSQL's `xmin`, the transaction that wrote this version of
 * the row. Every update writes a new version with a new xmin, so (id, xmin) names the row's content
 * exactly, with no column for the app to remember to bump.
 */
export type VersionedEventRow = EventRow & { version: string };

/** What a viewer's agenda shows over a range: the entries, and whether the range held too many. */
export type ViewerAgenda = { occurrences: AgendaEntry[]; truncated: boolean };

/**
 * Each event's expansion over a range, remembered per instance by the row version, the range and the
 * viewer's zone: expanding 200 events' rules was the largest part of an agenda read, and when one
 * event changes the others need not be expanded again. The occurrences are shared between readers:
 * nothing may change them. Bounded by what they hold (occurrences, about 300 bytes each: at most
 * about 150 MB), the least recently used dropped first.
 */
const expansions = new BoundedMap<AgendaOccurrence[]>(500_000, (occurrences) => occurrences.length + 1);

/**
 * Each viewer's agenda, remembered by the viewer, the agenda's version (events.ts: a digest of the
 * ids and row versions of the events the viewer may see in range, with the viewer's own "got it"s),
 * the range and the zone. Everything an entry shows is a column of one of those rows or a "got it",
 * so an unchanged version is an unchanged agenda. They hold every entry: fewer of them are kept.
 */
const agendas = new BoundedMap<ViewerAgenda>(200_000, (agenda) => agenda.occurrences.length + 1);

const rangeKey = (range: AgendaRange) => `${range.from} ${range.to} ${range.timezone}`;
const agendaKey = (viewerId: string, agendaVersion: string, range: AgendaRange) =>
  `${viewerId} ${agendaVersion} ${rangeKey(range)}`;

export const rememberedAgenda = (viewerId: string, agendaVersion: string, range: AgendaRange) =>
  agendas.get(agendaKey(viewerId, agendaVersion, range));

export function rememberAgenda(viewerId: string, agendaVersion: string, range: AgendaRange, agenda: ViewerAgenda) {
  agendas.set(agendaKey(viewerId, agendaVersion, range), agenda);
}

/**
 * expandAgenda over whole rows, each event's occurrences remembered (see above) by the range it was
 * expanded over (collectAgenda narrows it once the answer is full).
 */
export function expandRows(rows: readonly VersionedEventRow[], range: AgendaRange): Expansion<AgendaOccurrence> {
  return collectAgenda(rows, range, (row, bounded) =>
    expansions.remember(`${row.id} ${row.version} ${rangeKey(bounded)}`, () =>
      agendaExpander(bounded)({ eventId: row.id, event: eventOf(row) }),
    ),
  );
}
