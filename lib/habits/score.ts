import type { LocalDate } from "../time";
import type { HabitKind, HabitTarget } from "./model";

/**
 * A habit's score and streaks: ONE pure function of its days' entries and its target versions.
 *
 * The score follows Loop Habit Tracker (github.com/iSoron/uhabits,
 * uhabits-core/.../core/models/Score.kt, `Score.compute`): an exponential moving average
 *
 *     score' = score · m + v · (1 − m),   m = 0.5 ^ (√f / 13)
 *
 * where v in [0, 1] is how much of the day's target was met and f the habit's frequency (repetitions
 * per day: 1 daily, k/7 on k weekdays, N/7 for N times a week). Loop steps it every calendar day, so a
 * daily habit's score halves in 13 days without check-ins, and less frequent habits fade more slowly
 * (half-life 13/√f days). Here only the days that COUNT step it (a due day done, or missed); neutral
 * days (not due, a rest day within the week's budget, today while still open) leave it as it is, as
 * Loop does for a skipped day (Loop PR #630). So that it still moves like Loop's in calendar time, one
 * counted day (on average 1/f calendar days) uses m^(1/f) = 0.5 ^ (1 / (13 · √f)): the same half-life
 * of 13/√f days, and exactly Loop's step for a daily habit.
 *
 * The rules for a day D, with the target version in effect on D (the latest `effectiveFrom` <= D; days
 * before the first version use the first), so a later change never alters an earlier day:
 * - done: the day's value (all members' entries summed) reaches the target; v = 1.
 * - rest: a rest entry, while the ISO week's rest budget lasts (rest entries are counted in date
 *   order); neutral. A rest beyond the budget counts as no entry.
 * - daily / weekdays: a due day not done is missed (v = value / target, 0 with no entry); a day that
 *   is not one of the weekdays is neutral.
 * - N times a week: a day not done is neutral while the week can still be met (the days left in the
 *   ISO week, this one included, outnumber the days still needed, rest days reducing the need); else
 *   missed. So Mon/Wed/Fri done for 3 a week leaves every other day neutral. A week that begins before
 *   the habit needs only as many days as it has left.
 * - today, not done: open (neutral): the day is not over.
 * The current streak counts the done days since the last missed day; rest and neutral days neither
 * break nor lengthen it. The best streak is the longest such run.
 */
export type DayEntry = { date: LocalDate; value: number; rest: boolean };
/**
 * The running state at the end of a Sunday. Every week-scoped count (rest budget, quota) starts again
 * on Monday, so scoring resumed from a checkpoint gives exactly what scoring the whole history gives.
 */
export type ScoreCheckpoint = { throughDay: LocalDate; score: number; currentStreak: number; bestStreak: number };
export type DayState = "done" | "missed" | "rest" | "neutral" | "open";
export type ScoredDay = { date: LocalDate; state: DayState; score: number };
export type HabitScore = {
  /** 0..1 after today. */
  score: number;
  currentStreak: number;
  bestStreak: number;
  /** The API's todayState: DONE, REST, DUE or NOT_DUE. */
  todayState: "DONE" | "REST" | "DUE" | "NOT_DUE";
  /** The days from `start` (or the last `keepDays`) to `today`, oldest first (for a history view). */
  days: ScoredDay[];
};

// Days as whole days since 1970-01-01 (UTC): a year of days for 20 habits is scored on every
// getMyHabits, so the loop does integer arithmetic rather than parsing dates (1970-01-01 was a Thursday).
const DAY_MS = 86_400_000;
const epochDayOf = (date: LocalDate) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOfEpochDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const isoWeekdayOf = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1;

export function frequencyOf(target: Pick<HabitTarget, "schedule" | "weekdays" | "timesPerWeek">): number {
  if (target.schedule === "weekdays") return (target.weekdays?.length ?? 7) / 7;
  if (target.schedule === "times_per_week") return (target.timesPerWeek ?? 7) / 7;
  return 1;
}

/** The multiplier for one counted day (see above): Loop's half-life of 13/√f calendar days. */
export function stepMultiplier(frequency: number): number {
  return Math.pow(0.5, 1 / (13 * Math.sqrt(frequency)));
}

/** The version in effect on each day: `targets` sorted by effectiveFrom, walked once. */
function targetCursor(targets: HabitTarget[]) {
  const sorted = [...targets].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1));
  if (sorted.length === 0) throw new RangeError("A habit has at least one target version");
  const from = sorted.map((target) => epochDayOf(target.effectiveFrom));
  let index = 0;
  return (day: number) => {
    while (index + 1 < sorted.length && from[index + 1]! <= day) index++;
    return sorted[index]!;
  };
}

export function scoreHabit(args: {
  kind: HabitKind;
  targets: HabitTarget[];
  entries: DayEntry[];
  /** The first day that counts (the habit's first day, or an earlier back-filled one). */
  start: LocalDate;
  /** The member's today, in their time zone. */
  today: LocalDate;
  /** Only the last this many days in `days` (a list needs the heat map's weeks, not the whole history). */
  keepDays?: number;
  /** Start after this checkpoint (a Sunday before today) instead of at `start`; earlier entries are not read. */
  resumeFrom?: ScoreCheckpoint | null;
  /** Sundays before today whose end-of-day state to return as checkpoints, when the days scored include them. */
  checkpointDays?: LocalDate[];
}): HabitScore & { checkpoints: ScoreCheckpoint[] } {
  const { targets, today, resumeFrom } = args;
  const byDay = new Map(args.entries.map((entry) => [epochDayOf(entry.date), entry]));
  const targetOn = targetCursor(targets);
  const days: ScoredDay[] = [];
  const checkpoints: ScoreCheckpoint[] = [];
  let score = resumeFrom?.score ?? 0;
  let streak = resumeFrom?.currentStreak ?? 0;
  let best = resumeFrom?.bestStreak ?? 0;
  let todayState: HabitScore["todayState"] = "NOT_DUE";
  let restUsed = 0;
  let doneInWeek = 0;
  let weekQuota = 0;
  const first = resumeFrom ? epochDayOf(resumeFrom.throughDay) + 1 : epochDayOf(args.start);
  const last = epochDayOf(today);
  if (resumeFrom && (isoWeekdayOf(first) !== 1 || first > last))
    throw new RangeError(`A checkpoint is a Sunday before today, not ${resumeFrom.throughDay}`);
  const capture = new Set((args.checkpointDays ?? []).map(epochDayOf).filter((day) => day < last));
  const total = last - first;
  const keepFrom = args.keepDays === undefined ? first : last - args.keepDays + 1;
  for (let offset = 0; offset <= total; offset++) {
    const version = targetOn(first + offset);
    const weekday = isoWeekdayOf(first + offset);
    if (offset === 0 || weekday === 1) {
      restUsed = 0;
      doneInWeek = 0;
      // A first week that begins before the habit needs only as many days as it has left.
      weekQuota = Math.min(version.timesPerWeek ?? 7, 8 - weekday);
    }
    const entry = byDay.get(first + offset);
    const value = entry && !entry.rest ? entry.value : 0;
    const restAllowed = !!entry?.rest && value <= 0 && restUsed < version.restDaysPerWeek;
    const done = value >= version.target;
    let state: DayState;
    if (restAllowed) {
      restUsed++;
      state = "rest";
    } else if (done) {
      doneInWeek++;
      state = version.schedule === "weekdays" && !version.weekdays?.includes(weekday) ? "neutral" : "done";
    } else if (version.schedule === "daily") {
      state = "missed";
    } else if (version.schedule === "weekdays") {
      state = version.weekdays?.includes(weekday) ? "missed" : "neutral";
    } else {
      const needed = Math.min(version.timesPerWeek ?? 7, weekQuota) - doneInWeek - restUsed;
      const daysLeft = 8 - weekday;
      state = needed >= daysLeft ? "missed" : "neutral";
    }
    const isToday = offset === total;
    if (isToday) {
      todayState = state === "done" ? "DONE" : state === "rest" ? "REST" : state === "missed" ? "DUE" : "NOT_DUE";
      // Due today but not yet done: the day is not over, nothing is counted yet.
      if (state === "missed") state = "open";
      // A times-a-week habit with days still needed this week is due today too.
      if (state === "neutral" && version.schedule === "times_per_week" && !done) {
        const needed = Math.min(version.timesPerWeek ?? 7, weekQuota) - doneInWeek - restUsed;
        if (needed > 0) todayState = "DUE";
      }
    }
    if (state === "done" || state === "missed") {
      const m = stepMultiplier(frequencyOf(version));
      const v = Math.min(1, value / version.target);
      score = score * m + v * (1 - m);
    }
    if (state === "done") {
      streak++;
      best = Math.max(best, streak);
    } else if (state === "missed") {
      streak = 0;
    }
    if (first + offset >= keepFrom) days.push({ date: dateOfEpochDay(first + offset), state, score });
    if (capture.has(first + offset))
      checkpoints.push({ throughDay: dateOfEpochDay(first + offset), score, currentStreak: streak, bestStreak: best });
  }
  return { score, currentStreak: streak, bestStreak: best, todayState, days, checkpoints };
}
