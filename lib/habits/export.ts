import { asc, eq, inArray, or } from "drizzle-orm";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { habitEntries, habits, habitTargets } from "../db/schema/habits";
import { historiesChangeBy } from "./checkpoints";
import { getHabitHistory } from "./store";
import { listTitle } from "../display";

/**
 * One CSV field, quoted and defused on its own, whatever the reader splits on: a spreadsheet may split
 * on `;` or a tab as well as `,`, so a field holding any of , ; " CR LF TAB is quoted, and one that a
 * spreadsheet could read as a formula (=, +, -, @, TAB or CR first, after any leading spaces) gets a
 * leading `'`. So a note `x;=1+1` is one quoted text field, never a cell starting with `=`.
 */
export function csvField(value: string): string {
  const safe = /^ *[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[,;"\r\n\t]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The CSV of entries: date, value, rest, note, who (the member id, or "you"), oldest first. */
export function habitCsv(
  entries: { date: string; value: number | null; rest: boolean; note: string | null; memberId: string }[],
  nameOf: (memberId: string) => string,
): string {
  const lines = [["date", "value", "rest", "note", "who"].join(",")];
  for (const entry of entries)
    lines.push(
      [
        entry.date,
        entry.value === null ? "" : String(entry.value),
        entry.rest ? "yes" : "no",
        entry.note ?? "",
        nameOf(entry.memberId),
      ]
        .map(csvField)
        .join(","),
    );
  return `${lines.join("\r\n")}\r\n`;
}

/** A habit's whole history as CSV for someone who may see it (404 otherwise, by the sharing rule). */
export async function exportHabitCsv(callerId: string, habitId: unknown, options: { db?: Db; now?: Date } = {}) {
  const history = await getHabitHistory(callerId, habitId, { from: "1900-01-01", to: "2999-12-31" }, options);
  return {
    // The download's name is the list title: the code word when one is set, even for the owner.
    title: listTitle(history.habit),
    csv: habitCsv(history.entries, (memberId) => (memberId === callerId ? "you" : memberId)),
  };
}

/**
 * For the data download: the member's habits (archived ones too) with their target versions and
 * every entry, and the entries they recorded in habits shared with them.
 */
export async function exportHabits(memberId: string, options: { db?: Db } = {}) {
  const db = options.db ?? (await getDb());
  const own = await db.select().from(habits).where(eq(habits.ownerId, memberId)).orderBy(asc(habits.createdAt));
  const ids = own.map((habit) => habit.id);
  const [targets, entries] = await Promise.all([
    ids.length ? db.select().from(habitTargets).where(inArray(habitTargets.habitId, ids)) : [],
    db
      .select()
      .from(habitEntries)
      .where(
        ids.length
          ? or(inArray(habitEntries.habitId, ids), eq(habitEntries.memberId, memberId))
          : eq(habitEntries.memberId, memberId),
      )
      .orderBy(asc(habitEntries.day)),
  ]);
  return {
    habits: own.map((habit) => ({
      ...habit,
      targets: targets.filter((target) => target.habitId === habit.id).map(({ habitId: _, ...target }) => target),
    })),
    entries,
  };
}

/** For an erased account, in the deletion's transaction: their habits (with every entry) and their entries in others'. */
export async function forgetHabits(tx: Db, memberId: string): Promise<void> {
  await historiesChangeBy(tx, memberId);
  await tx.delete(habitEntries).where(eq(habitEntries.memberId, memberId));
  await tx.delete(habits).where(eq(habits.ownerId, memberId));
}
