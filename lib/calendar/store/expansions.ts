import { agendaExpander, mergeAgenda, type AgendaOccurrence, type AgendaRange, type Expansion } from "../expand";
import { BoundedMap } from "../../bounded-map";
import type { AgendaEntry } from "./events";
import { eventOf, type EventRow } from "./rows";

/**
 * An agenda row with its row version: PostgreSQL's `xmin`, the transaction that wrote this version of
 * the row. Every update writes a new version with a new xmin, so (id, xmin) names the row's content
 * exactly, with no column for the app to remember to bump.
 */
export type VersionedEventRow = EventRow & AgendaHead;

/**
 * What an agenda read needs of each event on every read (lib/calendar/store/events.ts): who sees what,
 * the row version, and the recurrence ids the viewer acknowledged when the event asks them.
 */
export type AgendaHead = Pick<
  EventRow,
  "id" | "ownerId" | "visibility" | "people" | "requiresAcknowledgement" | "rrule"
> & {
  version: string;
  acknowledged: string[] | null;
  viewerZone: string | null;
};

/**
 * Each event's expansion over a range, remembered per instance by the row version, the range and the
 * viewer's zone: expanding 200 events' rules was the largest part of an agenda read, and a member's
 * agenda is read again and again (each app, each page) between changes to its events. The
 * occurrences are shared between readers: nothing may change them. Merged agendas and viewers'
 * entries hold every occurrence of theirs: fewer of them are kept.
 */
const remembered = new BoundedMap<AgendaOccurrence[]>(50_000);
const rememberedAgendas = new BoundedMap<Expansion<AgendaOccurrence>>(2_000);
const rememberedViews = new BoundedMap<AgendaEntry[]>(1_000);

const keyOf = (head: AgendaHead, range: AgendaRange) =>
  `${head.id} ${head.version} ${range.from} ${range.to} ${range.timezone}`;

/**
 * The agenda from remembered expansions alone, or undefined when one of the events' is not remembered.
 * The merged agenda is remembered too, by every event's key together: an agenda read again between
 * changes is neither merged nor sorted again.
 */
export function rememberedExpansion(
  heads: readonly AgendaHead[],
  range: AgendaRange,
): { expansion: Expansion<AgendaOccurrence>; key: string } | undefined {
  const keys = heads.map((head) => keyOf(head, range));
  const key = keys.join("\n");
  const known = rememberedAgendas.get(key);
  if (known) return { expansion: known, key };
  const expansions: AgendaOccurrence[][] = [];
  for (const eventKey of keys) {
    const occurrences = remembered.get(eventKey);
    if (!occurrences) return undefined;
    expansions.push(occurrences);
  }
  const expansion = mergeAgenda(expansions);
  rememberedAgendas.set(key, expansion);
  return { expansion, key };
}

/**
 * What one viewer's agenda shows, remembered by the viewer, the agenda's key (rememberedExpansion) and
 * the viewer's own "got it"s: everything else an entry shows is a column of the row, so its version
 * is in the key. Building 200 entries on every read was most of what an unchanged agenda allocated.
 */
export function rememberedEntries(
  viewerId: string,
  agendaKey: string,
  heads: readonly AgendaHead[],
  make: () => AgendaEntry[],
): AgendaEntry[] {
  let acknowledged = "";
  for (const head of heads) if (head.acknowledged) acknowledged += `${head.id}:${head.acknowledged.join(",")};`;
  return rememberedViews.remember(`${viewerId}\n${acknowledged}\n${agendaKey}`, make);
}

/** expandAgenda over whole rows, each event's occurrences remembered (see above). */
export function expandRows(rows: readonly VersionedEventRow[], range: AgendaRange): Expansion<AgendaOccurrence> {
  const expand = agendaExpander(range);
  return mergeAgenda(
    rows.map((row) => remembered.remember(keyOf(row, range), () => expand({ eventId: row.id, event: eventOf(row) }))),
  );
}
