import { and, asc, eq, gte, isNull, lte, ne, or, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { preparedPerDatabase } from "../db/prepared";
import { circleMemberships } from "../db/schema/circles";
import { caresFor } from "../circles/carers";
import { habitEntries, habits, habitScoreCheckpoints, habitTargets } from "../db/schema/habits";
import { addDays, localDateOf, type LocalDate } from "../time";
import { memberTimeZone, storedZoneOf, zoneFrom } from "../profile/zone";
import { accessColumn, accessTo, itemsReaching, ownerWithinReach, type Access } from "../circles/sharing/rule";
import { behindCodeWord, listTitle } from "../display";
import { HabitError, habitNotFound } from "./errors";
import { isUuid } from "../uuid";
import { scheduleHabitJobs } from "./schedule";
import {
  parseCheckIn,
  parseHabitDay,
  parseHabitInput,
  parseRangeDate,
  type HabitInput,
  type HabitKind,
  type HabitSchedule,
  type HabitTarget,
} from "./model";
import { scoreHabit, type DayEntry, type HabitScore, type ScoreCheckpoint, type ScoredDay } from "./score";
import { checkpointDaysFor, historyChanges, lastUsableDay, saveCheckpoints } from "./checkpoints";

/**
 * The habits service: every read of a habit someone else owns goes through the sharing rule
 * (`accessTo` for one, `itemsReaching` and `accessColumn` for lists); the owner, or an EDIT share, may check in, and
 * each entry records who. A habit the caller may not see answers 404, exactly like one that does not
 * exist. Days are local dates in the caller's time zone.
 */
type Options = { db?: Db; now?: Date };
/**
 * `email`: given when the member saves through a form or the API, so the habit's reminder and their
 * weekly summary are scheduled (none without it); the messages go to the address the member has when
 * each is sent, not this one.
 */
type SaveOptions = Options & { email?: string };

export type HabitView = {
  id: string;
  ownerId: string;
  title: string;
  privateTitle: string | null;
  kind: HabitKind;
  target: number | null;
  unit: string | null;
  schedule: HabitSchedule;
  weekdays: number[] | null;
  timesPerWeek: number | null;
  restDaysPerWeek: number;
  reminderTime: string | null;
  todayState: HabitScore["todayState"];
  score: number;
  currentStreak: number;
  bestStreak: number;
  canCheckIn: boolean;
  access: Access;
  /** A guardian's suggestion the child has not answered yet. */
  suggestedBy: string | null;
  pending: boolean;
  /** The last 12 weeks' days with their states, oldest first (the heat map). */
  recentDays: ScoredDay[];
};

export type HabitEntryView = {
  date: LocalDate;
  value: number | null;
  rest: boolean;
  note: string | null;
  memberId: string;
};

type HabitRow = typeof habits.$inferSelect;
type TargetRow = typeof habitTargets.$inferSelect;

/** The local date `now` falls on in `zone`. */
const dayIn = (now: Date, zone: string): LocalDate => localDateOf(Math.floor(now.getTime() / 1000), zone);

async function context(callerId: string, options: Options) {
  const db = options.db ?? (await getDb());
  const zone = await memberTimeZone(db, callerId);
  return { db, today: dayIn(options.now ?? new Date(), zone) };
}

const targetOf = (row: TargetRow): HabitTarget => ({
  effectiveFrom: row.effectiveFrom,
  target: row.target,
  schedule: row.schedule,
  weekdays: row.weekdays ?? null,
  timesPerWeek: row.timesPerWeek,
  restDaysPerWeek: row.restDaysPerWeek,
});

/** The day entries the score reads: every member's entries of a day together (values summed). */
export function dayEntriesOf(rows: { day: string; value: number | null; rest: boolean }[]): DayEntry[] {
  const byDay = new Map<string, DayEntry>();
  for (const row of rows) {
    const day = byDay.get(row.day) ?? { date: row.day, value: 0, rest: false };
    day.value += row.value ?? 0;
    day.rest ||= row.rest;
    byDay.set(row.day, day);
  }
  return [...byDay.values()];
}

function viewOf(
  habit: HabitRow,
  targets: HabitTarget[],
  entries: { day: string; value: number | null; rest: boolean }[],
  access: Access,
  scoring: { today: LocalDate; historyDays: number; resumeFrom: ScoreCheckpoint | null; checkpointDays: LocalDate[] },
): { view: HabitView; checkpoints: ScoreCheckpoint[] } {
  const { today } = scoring;
  const days = dayEntriesOf(entries);
  const first = days.reduce((min, day) => (day.date < min ? day.date : min), habit.startedOn);
  const scored = scoreHabit({
    kind: habit.kind,
    targets,
    entries: days,
    start: first,
    today,
    keepDays: scoring.historyDays,
    resumeFrom: scoring.resumeFrom,
    checkpointDays: scoring.checkpointDays,
  });
  const current = [...targets].reverse().find((target) => target.effectiveFrom <= today) ?? targets[0]!;
  // Anyone but the owner sees the list title (the code word when set) and no reminder time: when the
  // owner is reminded is theirs alone (lib/display.ts).
  const owner = access === "owner";
  const titles = { title: habit.title, privateTitle: habit.privateTitle };
  const view: HabitView = {
    id: habit.id,
    ownerId: habit.ownerId,
    ...(owner ? titles : behindCodeWord(titles)),
    kind: habit.kind,
    target: habit.kind === "check" ? null : current.target,
    unit: habit.unit,
    schedule: current.schedule,
    weekdays: current.weekdays,
    timesPerWeek: current.timesPerWeek,
    restDaysPerWeek: current.restDaysPerWeek,
    reminderTime: owner ? habit.reminderTime : null,
    todayState: scored.todayState,
    score: scored.score,
    currentStreak: scored.currentStreak,
    bestStreak: scored.bestStreak,
    canCheckIn: access !== "view" && habit.suggestion !== "pending",
    access,
    suggestedBy: habit.suggestedBy,
    pending: habit.suggestion === "pending",
    recentDays: scored.days,
  };
  return { view, checkpoints: scored.checkpoints };
}

type EntryJson = [day: LocalDate, value: number | null, rest: boolean];
/** A habit with its access and, read in the same statement, what scoring it needs. */
type HabitWithHistory = {
  habit: HabitRow;
  access: Access;
  targets: HabitTarget[];
  /** Every checkpoint the habit has, newest first (at most a few: lib/habits/checkpoints.ts). */
  checkpoints: ScoreCheckpoint[];
  /** Entries up to `maxDay`, after the newest checkpoint on or before `resumeBound`: see `historyBounds`. */
  entries: EntryJson[];
};

/**
 * A habit's scoring inputs as JSON columns beside its row, so a list of habits with a year of history
 * is one round trip (each is an index range read). One statement is one snapshot: the entries start
 * after a checkpoint the same read returns. Placeholders: `maxDay`, `resumeBound`.
 */
const historyColumns = () => {
  // Qualified: drizzle writes a column alone as its bare name, which inside these subqueries would
  // mean the inner table's own "id" if it ever had one.
  const habitId = sql`${habits}.${sql.identifier("id")}`;
  return {
    targets: sql<HabitTarget[]>`(select coalesce(json_agg(json_build_object('effectiveFrom', t.effective_from,
    'target', t.target, 'schedule', t.schedule, 'weekdays', t.weekdays, 'timesPerWeek', t.times_per_week,
    'restDaysPerWeek', t.rest_days_per_week) order by t.effective_from), '[]')
    from ${habitTargets} t where t.habit_id = ${habitId})`,
    checkpoints: sql<ScoreCheckpoint[]>`(select coalesce(json_agg(json_build_object('throughDay', c.through_day,
    'score', c.score, 'currentStreak', c.current_streak, 'bestStreak', c.best_streak) order by c.through_day desc), '[]')
    from ${habitScoreCheckpoints} c where c.habit_id = ${habitId})`,
    entries: sql<EntryJson[]>`(select coalesce(json_agg(json_build_array(e.day, e.value, e.rest)), '[]')
    from ${habitEntries} e where e.habit_id = ${habitId} and e.day <= ${sql.placeholder("maxDay")}::date
    and e.day > coalesce((select max(c.through_day) from ${habitScoreCheckpoints} c where c.habit_id = ${habitId}
      and c.through_day <= ${sql.placeholder("resumeBound")}::date), '0001-01-01'::date))`,
  };
};

/**
 * The day bounds a history read uses before it knows the reader's today (their zone's date lies
 * within a day of UTC's): entries up to the latest today, after the newest checkpoint the earliest
 * today could resume from. `viewsOf` narrows both once today is known.
 */
function historyBounds(now: Date, historyDays: number) {
  const utcToday = dayIn(now, "UTC");
  return { maxDay: addDays(utcToday, 1), resumeBound: lastUsableDay(addDays(utcToday, -1), historyDays) };
}

/** The reads habits' views make, prepared (lib/db/prepared.ts). */
function prepareReads(db: Db) {
  const caller = sql.placeholder("caller");
  return {
    /** The caller's live habits (their pending suggestions too) and those the sharing rule lets them see, and their zone. */
    listed: db
      .select({
        habit: habits,
        access: accessColumn(caller, "habit", sql`${habits.id}::text`, sql`${habits.ownerId}`),
        zone: storedZoneOf(caller),
        ...historyColumns(),
      })
      .from(habits)
      .where(
        and(
          isNull(habits.archivedAt),
          // Implied by the rule: the candidates are found by the owner index (lib/circles/sharing/rule.ts).
          ownerWithinReach(habits.ownerId, caller),
          or(
            eq(habits.ownerId, caller),
            and(
              sql`(${habits.id}::text, ${habits.ownerId}) in (${itemsReaching(caller, "habit")})`,
              sql`${habits.suggestion} is distinct from 'pending'`,
            ),
          ),
        ),
      )
      .orderBy(asc(habits.createdAt), asc(habits.id))
      .prepare("habits_listed"),
    /** The caller's own live habits among `ids` (uuids as text), with their zone: what a goal's progress scores. */
    ownedAmong: db
      .select({ habit: habits, zone: storedZoneOf(caller), ...historyColumns() })
      .from(habits)
      .where(
        and(
          isNull(habits.archivedAt),
          eq(habits.ownerId, caller),
          sql`${habits.id}::text = any(string_to_array(${sql.placeholder("ids")}, ','))`,
        ),
      )
      .prepare("habits_owned_among"),
    /** One habit's scoring inputs (its access decided already). */
    history: db
      .select(historyColumns())
      .from(habits)
      .where(eq(habits.id, sql.placeholder("id")))
      .prepare("habit_history"),
  };
}
const readsFor = preparedPerDatabase(prepareReads);

/**
 * Views of habits read with their history (`HabitWithHistory`). Each habit is scored from its newest
 * checkpoint usable today (lib/habits/checkpoints.ts), so only the entries since count; the
 * checkpoints the scoring passes and the habit lacks are stored for the next read.
 * `historyDays`: how many recent days `recentDays` holds (the page's heat map; 0 for the API).
 */
async function viewsOf(db: Db, rows: HabitWithHistory[], today: LocalDate, historyDays = 0): Promise<HabitView[]> {
  const usableThrough = lastUsableDay(today, historyDays);
  const checkpointDays = checkpointDaysFor(today);
  const toStore: Parameters<typeof saveCheckpoints>[1] = [];
  const views = rows.map(({ habit, access, targets, checkpoints: known, entries }) => {
    // The read's bounds were wide enough for any zone's today; keep what this today asks for.
    const before = known.filter((checkpoint) => checkpoint.throughDay < today);
    const resume = before.find((checkpoint) => checkpoint.throughDay <= usableThrough) ?? null;
    const { view, checkpoints } = viewOf(
      habit,
      targets,
      entries
        .filter(([day]) => day <= today && (!resume || day > resume.throughDay))
        .map(([day, value, rest]) => ({ day, value, rest })),
      access,
      { today, historyDays, resumeFrom: resume, checkpointDays },
    );
    const stored = new Set(before.map((checkpoint) => checkpoint.throughDay));
    const missing = checkpoints.filter((checkpoint) => !stored.has(checkpoint.throughDay));
    if (missing.length > 0 && habit.suggestion !== "pending")
      toStore.push({ habitId: habit.id, historyVersion: habit.historyVersion, checkpoints: missing });
    return view;
  });
  await saveCheckpoints(db, toStore);
  return views;
}

/** A live habit the caller may see, with their access; 404 otherwise (the sharing rule decides). */
async function visibleHabit(db: Db, callerId: string, habitId: unknown): Promise<{ habit: HabitRow; access: Access }> {
  if (!isUuid(habitId)) throw habitNotFound();
  const [habit] = await db
    .select()
    .from(habits)
    .where(and(eq(habits.id, habitId), isNull(habits.archivedAt)));
  if (!habit) throw habitNotFound();
  const access = await accessTo(db, callerId, { itemType: "habit", itemId: habit.id, ownerId: habit.ownerId });
  // A suggestion is the child's to answer: nobody else sees it until it is accepted.
  if (!access || (habit.suggestion === "pending" && access !== "owner")) throw habitNotFound();
  return { habit, access };
}

async function ownHabit(db: Db, callerId: string, habitId: unknown) {
  const found = await visibleHabit(db, callerId, habitId);
  if (found.access !== "owner") throw new HabitError(403, "Only the habit's owner can change it");
  return found;
}

const sameTarget = (a: Omit<HabitTarget, "effectiveFrom">, b: Omit<HabitTarget, "effectiveFrom">) =>
  a.target === b.target &&
  a.schedule === b.schedule &&
  JSON.stringify(a.weekdays) === JSON.stringify(b.weekdays) &&
  a.timesPerWeek === b.timesPerWeek &&
  a.restDaysPerWeek === b.restDaysPerWeek;

/** The most habits one member keeps at once (archived ones aside; suggestions waiting for an answer count). */
export const MAX_HABITS_PER_MEMBER = 100;

async function insertHabit(
  tx: Db,
  ownerId: string,
  input: HabitInput,
  today: LocalDate,
  suggestedBy: string | null,
): Promise<string> {
  // One writer at a time per owner, so concurrent creations cannot pass the cap together.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`habits:${ownerId}`}, 0))`);
  const [kept] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(habits)
    .where(and(eq(habits.ownerId, ownerId), isNull(habits.archivedAt)));
  if (Number(kept?.count ?? 0) >= MAX_HABITS_PER_MEMBER)
    throw new HabitError(
      409,
      `You have ${MAX_HABITS_PER_MEMBER} habits, the most one member can keep: archive one to add another.`,
    );
  const [row] = await tx
    .insert(habits)
    .values({
      ownerId,
      title: input.title,
      privateTitle: input.privateTitle,
      kind: input.kind,
      unit: input.unit,
      reminderTime: input.reminderTime,
      startedOn: today,
      suggestedBy,
      suggestion: suggestedBy ? "pending" : null,
    })
    .returning({ id: habits.id });
  await tx.insert(habitTargets).values({ habitId: row!.id, effectiveFrom: today, ...input.target });
  return row!.id;
}

/** The view of a habit the caller may see (404 otherwise), as of `now`. */
async function viewOfVisible(
  db: Db,
  found: { habit: HabitRow; access: Access },
  today: LocalDate,
  now: Date | undefined,
): Promise<HabitView> {
  const [history] = await readsFor(db).history.execute({ id: found.habit.id, ...historyBounds(now ?? new Date(), 0) });
  return (await viewsOf(db, [{ ...found, ...history! }], today))[0]!;
}

async function viewById(
  db: Db,
  callerId: string,
  habitId: string,
  today: LocalDate,
  now: Date | undefined,
): Promise<HabitView> {
  return viewOfVisible(db, await visibleHabit(db, callerId, habitId), today, now);
}

export async function createHabit(ownerId: string, input: unknown, options: SaveOptions = {}): Promise<HabitView> {
  const parsed = parseHabitInput(input);
  const { db, today } = await context(ownerId, options);
  const id = await db.transaction(async (tx) => {
    const id = await insertHabit(tx, ownerId, parsed, today, null);
    if (options.email) await scheduleHabitJobs(tx, { id, ownerId, reminderTime: parsed.reminderTime }, options.now);
    return id;
  });
  return viewById(db, ownerId, id, today, options.now);
}

/**
 * The owner changes a habit. A change to the target, schedule or rest budget takes effect today (in
 * the owner's zone): a new target version, or today's replaced; earlier days keep theirs.
 */
export async function updateHabit(
  callerId: string,
  habitId: unknown,
  input: unknown,
  options: SaveOptions = {},
): Promise<HabitView> {
  const { db, today } = await context(callerId, options);
  const { habit } = await ownHabit(db, callerId, habitId);
  const parsed = parseHabitInput(input);
  if (parsed.kind !== habit.kind) throw new HabitError(400, "kind: a habit's kind cannot change", { field: "kind" });
  await db.transaction(async (tx) => {
    await tx
      .update(habits)
      .set({
        title: parsed.title,
        privateTitle: parsed.privateTitle,
        unit: parsed.unit,
        reminderTime: parsed.reminderTime,
        updatedAt: new Date(),
      })
      .where(eq(habits.id, habit.id));
    if (options.email) await scheduleHabitJobs(tx, { ...habit, reminderTime: parsed.reminderTime }, options.now);
    const [current] = await tx
      .select()
      .from(habitTargets)
      .where(and(eq(habitTargets.habitId, habit.id), lte(habitTargets.effectiveFrom, today)))
      .orderBy(sql`${habitTargets.effectiveFrom} desc`)
      .limit(1);
    if (current && sameTarget(targetOf(current), parsed.target)) return;
    await historyChanges(tx, habit.id, today);
    await tx
      .insert(habitTargets)
      .values({ habitId: habit.id, effectiveFrom: today, ...parsed.target })
      .onConflictDoUpdate({ target: [habitTargets.habitId, habitTargets.effectiveFrom], set: parsed.target });
  });
  return viewById(db, callerId, habit.id, today, options.now);
}

/** The owner archives a habit: it leaves every list (and stops reminding); its entries stay for the download. */
export async function archiveHabit(callerId: string, habitId: unknown, options: Options = {}): Promise<void> {
  const { db } = await context(callerId, options);
  const { habit } = await ownHabit(db, callerId, habitId);
  await db.update(habits).set({ archivedAt: new Date() }).where(eq(habits.id, habit.id));
}

/**
 * Records the caller's entry for a day: done (a value for counted or timed habits) or rest, with a
 * note. Idempotent per habit, day and member: again for the same day replaces the caller's entry.
 * Past days may be back-filled; a future day answers 400, except a rest day planned ahead.
 */
export async function checkInHabit(
  callerId: string,
  habitId: unknown,
  args: { date: unknown; value?: unknown; rest?: unknown; note?: unknown },
  options: Options = {},
): Promise<HabitView> {
  const { db, today } = await context(callerId, options);
  const { habit, access } = await visibleHabit(db, callerId, habitId);
  if (access === "view") throw new HabitError(403, "You can see this habit but not check in");
  if (habit.suggestion === "pending") throw new HabitError(409, "Accept the suggested habit first");
  const entry = parseCheckIn(habit.kind, { value: args.value, rest: args.rest, note: args.note });
  const planAhead = entry.rest ? parseRangeDate(args.date, "date") : null;
  const day = planAhead && planAhead > today ? planAhead : parseHabitDay(args.date, today);
  await db.transaction(async (tx) => {
    await historyChanges(tx, habit.id, day);
    await tx
      .insert(habitEntries)
      .values({ habitId: habit.id, day, memberId: callerId, ...entry })
      .onConflictDoUpdate({
        target: [habitEntries.habitId, habitEntries.day, habitEntries.memberId],
        set: { ...entry, recordedAt: new Date() },
      });
  });
  return viewById(db, callerId, habit.id, today, options.now);
}

/** Removes the caller's entry for that day (nothing to remove is fine: undo is safe to retry). */
export async function undoHabitCheckIn(
  callerId: string,
  habitId: unknown,
  date: unknown,
  options: Options = {},
): Promise<HabitView> {
  const { db, today } = await context(callerId, options);
  const { habit, access } = await visibleHabit(db, callerId, habitId);
  if (access === "view") throw new HabitError(403, "You can see this habit but not check in");
  const day = parseRangeDate(date, "date");
  await db.transaction(async (tx) => {
    await historyChanges(tx, habit.id, day);
    await tx
      .delete(habitEntries)
      .where(and(eq(habitEntries.habitId, habit.id), eq(habitEntries.day, day), eq(habitEntries.memberId, callerId)));
  });
  return viewById(db, callerId, habit.id, today, options.now);
}

/** The caller's live habits (suggestions waiting for their answer too) and the habits shared with them. */
export async function getMyHabits(
  callerId: string,
  options: Options & { historyDays?: number } = {},
): Promise<HabitView[]> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const historyDays = options.historyDays ?? 0;
  const rows = await readsFor(db).listed.execute({ caller: callerId, ...historyBounds(now, historyDays) });
  if (rows.length === 0) return [];
  const today = dayIn(now, zoneFrom(rows[0]!.zone));
  return viewsOf(db, rows, today, historyDays);
}

/**
 * The scores (0..1) of `ownerId`'s own live habits among `habitIds` (others left out), scored as
 * getMyHabits scores them but read alone: a Vision Board goal's progress (lib/features.ts
 * `boardLinks`) needs its few linked habits, not the owner's whole list and what is shared with them.
 */
export async function ownHabitScores(
  ownerId: string,
  habitIds: string[],
  options: Options = {},
): Promise<Map<string, number>> {
  const ids = [...new Set(habitIds.filter(isUuid))];
  if (ids.length === 0) return new Map();
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const rows = await readsFor(db).ownedAmong.execute({ caller: ownerId, ids: ids.join(","), ...historyBounds(now, 0) });
  if (rows.length === 0) return new Map();
  const today = dayIn(now, zoneFrom(rows[0]!.zone));
  const views = await viewsOf(
    db,
    rows.map((row) => ({ ...row, access: "owner" as const })),
    today,
  );
  return new Map(views.map((view) => [view.id, view.score]));
}

/**
 * The caller's own live habits, their suggestions waiting for an answer aside, as a select offers them
 * (id and list title, in getMyHabits' order): Cam's and the Vision Board's habit selects. One read of
 * the habits' rows, where getMyHabits reads and scores every habit's history for the same list.
 */
export async function myHabitChoices(
  ownerId: string,
  options: { db?: Db } = {},
): Promise<{ id: string; title: string }[]> {
  const db = options.db ?? (await getDb());
  const rows = await choicesRead(db).execute({ ownerId });
  return rows.map((row) => ({ id: row.id, title: listTitle(row) }));
}

// Prepared (lib/db/prepared.ts): Cam's page asks on every view.
const choicesRead = preparedPerDatabase((db) =>
  db
    .select({ id: habits.id, title: habits.title, privateTitle: habits.privateTitle })
    .from(habits)
    .where(
      and(
        eq(habits.ownerId, sql.placeholder("ownerId")),
        isNull(habits.archivedAt),
        sql`${habits.suggestion} is distinct from 'pending'`,
      ),
    )
    .orderBy(asc(habits.createdAt), asc(habits.id))
    .prepare("habit_choices"),
);

/** One habit's entries (every member's) between two local dates, inclusive, with its score and streaks. */
export async function getHabitHistory(
  callerId: string,
  habitId: unknown,
  range: { from: unknown; to: unknown },
  options: Options = {},
): Promise<{ habit: HabitView; entries: HabitEntryView[] }> {
  const { db, today } = await context(callerId, options);
  const found = await visibleHabit(db, callerId, habitId);
  const from = parseRangeDate(range.from, "from");
  const to = parseRangeDate(range.to, "to");
  if (to < from) throw new HabitError(400, "must not be before from", { field: "to", namesField: true });
  const habit = await viewOfVisible(db, found, today, options.now);
  const rows = await db
    .select()
    .from(habitEntries)
    .where(and(eq(habitEntries.habitId, found.habit.id), gte(habitEntries.day, from), lte(habitEntries.day, to)))
    .orderBy(asc(habitEntries.day), asc(habitEntries.recordedAt));
  return {
    habit,
    entries: rows.map((row) => ({
      date: row.day,
      value: row.value,
      rest: row.rest,
      note: row.note,
      memberId: row.memberId,
    })),
  };
}

/** The membership of a child `guardianId` looks after (lib/circles carers.ts): who may be suggested a habit. */
const childOf = (guardianId: string) =>
  and(ne(circleMemberships.memberId, guardianId), caresFor(guardianId, circleMemberships.memberId));

/**
 * The children `guardianId` may suggest a habit to (the same rule as `suggestHabit`), once each, by the
 * name they have in the circle; none for a member who looks after no child.
 */
export async function childrenToSuggestTo(
  guardianId: string,
  options: { db?: Db } = {},
): Promise<{ childId: string; name: string }[]> {
  const db = options.db ?? (await getDb());
  const rows = await db
    .select({ childId: circleMemberships.memberId, name: circleMemberships.name, label: circleMemberships.label })
    .from(circleMemberships)
    .where(childOf(guardianId))
    .orderBy(asc(circleMemberships.joinedAt), asc(circleMemberships.memberId));
  const byId = new Map<string, { childId: string; name: string }>();
  for (const row of rows)
    if (!byId.has(row.childId))
      byId.set(row.childId, { childId: row.childId, name: row.name ?? row.label ?? "A child in your circle" });
  return [...byId.values()];
}

/**
 * A guardian (or the circle's owner) suggests a habit to a child of their circle: it is the child's,
 * waiting for their answer, and nobody else sees it. 404 for a member who is not a child the caller
 * looks after, exactly as for someone unknown.
 */
export async function suggestHabit(
  guardianId: string,
  childId: unknown,
  input: unknown,
  options: Options = {},
): Promise<{ id: string }> {
  const parsed = parseHabitInput(input);
  const db = options.db ?? (await getDb());
  if (typeof childId !== "string" || childId === guardianId) throw new HabitError(404, "Member not found");
  const [link] = await db
    .select({ circleId: circleMemberships.circleId })
    .from(circleMemberships)
    .where(and(eq(circleMemberships.memberId, childId), childOf(guardianId)))
    .limit(1);
  if (!link) throw new HabitError(404, "Member not found");
  const { today } = await context(childId, { ...options, db });
  const id = await db.transaction((tx) => insertHabit(tx, childId, parsed, today, guardianId));
  return { id };
}

/** The child accepts (the habit starts today) or declines (it is deleted) a suggestion. */
export async function answerSuggestion(
  childId: string,
  habitId: unknown,
  accept: boolean,
  options: Options = {},
): Promise<void> {
  const { db, today } = await context(childId, options);
  const { habit } = await ownHabit(db, childId, habitId);
  if (habit.suggestion !== "pending") throw new HabitError(409, "This habit is not a suggestion waiting for you");
  if (!accept) {
    await db.delete(habits).where(eq(habits.id, habit.id));
    return;
  }
  await db.transaction(async (tx) => {
    await tx.update(habits).set({ suggestion: "accepted", startedOn: today }).where(eq(habits.id, habit.id));
    await tx.update(habitTargets).set({ effectiveFrom: today }).where(eq(habitTargets.habitId, habit.id));
  });
}

/** The member's today, in their time zone (the day a check-in from /habits is for). */
export async function todayOf(memberId: string, options: Options = {}): Promise<LocalDate> {
  return (await context(memberId, options)).today;
}
