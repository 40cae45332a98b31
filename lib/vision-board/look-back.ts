import { and, eq, gte, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Temporal } from "temporal-polyfill";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { visionBoardItems, visionMilestones, visionPreferences } from "../db/schema/vision-board";
import { childAccountOf } from "../circles/carers";
import { memberDeliverAt } from "../circles/quiet-hours";
import { emailAddressOf } from "../identity/addresses";
import { cancelJob, scheduleJob, type JobHandler } from "../jobs";
import { sendEmail } from "../mail/outbox";
import { memberTimeZone } from "../profile/zone";
import { isDiscreet } from "../settings";
import { nextLocalTime } from "../time";
import { VisionBoardError } from "./errors";
import type { BoardLinks } from "./links";
import { itemViews, type ItemView } from "./views";

/**
 * The monthly look back (issue 41, point 5): on a day the member picks (the first Sunday of the month
 * unless they choose another, or off), one email through the outbox, held to their quiet hours: what
 * moved since the last one, the goals that were quiet (an invitation to let one go, never a verdict),
 * and the next small step. No nudges, no streaks, nothing about being behind. In discreet mode the
 * email carries nothing from the board (point 7): a neutral subject (the outbox's) and a neutral line.
 * A child's account gets none: the setting is refused to it and a job for one ends (a child has no
 * address of their own, and their family board is seen by their grown-ups already).
 */
export const LOOK_BACK_JOB = "vision-look-back";
/** Mid-morning on the chosen day. */
export const LOOK_BACK_TIME = "10:00";

const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th"}`;

/**
 * The choices, as stored: "first-<1..7>" the first Monday ... Sunday of the month, "day-<1..28>" that
 * day of the month (28 at most, so every month has it), "off". Each with the words the page shows.
 */
export const LOOK_BACK_CHOICES: readonly { value: string; label: string }[] = [
  ...WEEKDAY_NAMES.map((name, index) => ({ value: `first-${index + 1}`, label: `The first ${name} of the month` })),
  ...Array.from({ length: 28 }, (_, index) => ({
    value: `day-${index + 1}`,
    label: `The ${ordinal(index + 1)} of the month`,
  })),
  { value: "off", label: "Off: no look back" },
];
/** When the member has chosen nothing: the first Sunday of the month. */
export const DEFAULT_LOOK_BACK = "first-7";

const choiceInput = z.object({
  lookBack: z.enum(LOOK_BACK_CHOICES.map((choice) => choice.value) as [string, ...string[]], {
    error: "lookBack: choose a day of the month for the look back, or off",
  }),
});

/** Whether a date is the chosen day: the first such weekday (its date is 1..7) or that day of the month. */
function isLookBackDay(choice: string, weekday: number, date: Temporal.PlainDate): boolean {
  const [kind, n] = choice.split("-") as [string, string];
  if (kind === "first") return weekday === Number(n) && date.day <= 7;
  return kind === "day" && date.day === Number(n);
}

/** The next look back after `now` on the member's clock (two months ahead covers every choice). */
export const nextLookBack = (now: Date, zone: string, choice: string): Date =>
  nextLocalTime(now, zone, LOOK_BACK_TIME, (weekday, date) => isLookBackDay(choice, weekday, date), 62);

/** The member's choice (the default until they make one) and whether they made it. */
export async function lookBackChoice(
  memberId: string,
  options: { db?: Db } = {},
): Promise<{ lookBack: string; chosen: boolean }> {
  const db = options.db ?? (await getDb());
  const [row] = await db
    .select({ lookBack: visionPreferences.lookBack })
    .from(visionPreferences)
    .where(eq(visionPreferences.memberId, memberId));
  return { lookBack: row?.lookBack ?? DEFAULT_LOOK_BACK, chosen: row?.lookBack != null };
}

/**
 * The look back's job at the member's next chosen day (none for a child or when off). Called when the
 * member adds a goal and when they choose a day; scheduling again only moves the one job.
 */
export async function scheduleLookBack(db: Db, memberId: string, now = new Date()): Promise<void> {
  const { lookBack } = await lookBackChoice(memberId, { db });
  if (lookBack === "off" || (await childAccountOf(db, memberId, now))) return;
  await scheduleJob(db, {
    kind: LOOK_BACK_JOB,
    key: memberId,
    memberId,
    runAt: nextLookBack(now, await memberTimeZone(db, memberId), lookBack),
  });
}

/** The member chooses the day (or off): the setting and its job change in one transaction. */
export async function setLookBack(memberId: string, input: unknown, options: { db?: Db; now?: Date } = {}) {
  const parsed = choiceInput.safeParse(input);
  if (!parsed.success)
    throw new VisionBoardError(400, "choose a day of the month for the look back, or off", {
      field: "lookBack",
      namesField: true,
    });
  const { lookBack } = parsed.data;
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    if (await childAccountOf(tx, memberId, now))
      throw new VisionBoardError(403, "lookBack: the monthly look back is not sent to children's accounts", {
        field: "lookBack",
      });
    await tx
      .insert(visionPreferences)
      .values({ memberId, lookBack })
      .onConflictDoUpdate({ target: visionPreferences.memberId, set: { lookBack, updatedAt: sql`now()` } });
    if (lookBack === "off") await cancelJob(tx, LOOK_BACK_JOB, memberId);
    else await scheduleLookBack(tx, memberId, now);
  });
}

export type MonthInReview = {
  /** One line per goal that moved: done, steps done, progress grown, or new. */
  moved: string[];
  /** Goals that were quiet: neither moved nor touched since the last look back. */
  quiet: string[];
  /** The next open milestone of up to three goals. */
  nextSteps: string[];
  /** Each goal's progress now, kept for the next look back. */
  progress: Record<string, number | null>;
};

const percent = (value: number) => `${Math.round(value * 100)}%`;
const NEXT_STEPS_MAX = 3;

/**
 * The member's month on their own goals (on any board): what moved since `since`, what was quiet,
 * the next small steps. Named as lists name them (a code word when set), and behind a code word no
 * milestone's title either. Null when the member has no goal to look back on.
 */
export async function monthInReview(
  db: Db,
  memberId: string,
  since: Date,
  before: Record<string, number | null>,
  links: BoardLinks,
): Promise<MonthInReview | null> {
  const rows = await db
    .select()
    .from(visionBoardItems)
    .where(
      and(
        eq(visionBoardItems.ownerId, memberId),
        eq(visionBoardItems.kind, "goal"),
        or(
          eq(visionBoardItems.status, "active"),
          and(eq(visionBoardItems.status, "done"), gte(visionBoardItems.statusAt, since)),
        ),
      ),
    )
    .orderBy(visionBoardItems.createdAt);
  if (rows.length === 0) return null;
  const views = new Map(
    (
      await itemViews(
        db,
        memberId,
        rows.map((item) => ({ item, access: "owner" as const })),
        { links, circleId: null },
      )
    ).map((view) => [view.id, view]),
  );
  const doneSteps = await db
    .select({ itemId: visionMilestones.itemId, title: visionMilestones.title })
    .from(visionMilestones)
    .where(
      and(
        inArray(
          visionMilestones.itemId,
          rows.map((row) => row.id),
        ),
        gte(visionMilestones.doneAt, since),
      ),
    )
    .orderBy(visionMilestones.doneAt);
  const review: MonthInReview = { moved: [], quiet: [], nextSteps: [], progress: {} };
  for (const item of rows) {
    const view = views.get(item.id) as ItemView;
    const name = view.title ?? "A goal";
    const coded = Boolean(item.privateTitle);
    review.progress[item.id] = view.progress;
    const parts: string[] = [];
    if (item.status === "done") parts.push("you reached it");
    const steps = doneSteps.filter((step) => step.itemId === item.id);
    if (steps.length > 0)
      parts.push(
        coded
          ? `${steps.length === 1 ? "a step" : `${steps.length} steps`} done`
          : `${steps.map((step) => `"${step.title}"`).join(", ")} done`,
      );
    const then = before[item.id];
    // Grown progress from the count or linked habits; a step done says it already.
    if (
      item.status === "active" &&
      steps.length === 0 &&
      then != null &&
      view.progress != null &&
      view.progress - then >= 0.01
    )
      parts.push(`from ${percent(then)} to ${percent(view.progress)}`);
    if (item.createdAt >= since) parts.push("new this month");
    if (parts.length > 0) review.moved.push(`- ${name}: ${parts.join("; ")}`);
    else if (item.updatedAt < since) review.quiet.push(`- ${name}`);
    const open = item.status === "active" ? view.milestones.find((milestone) => !milestone.done) : undefined;
    if (open && review.nextSteps.length < NEXT_STEPS_MAX)
      review.nextSteps.push(coded ? `- ${name}: its next milestone, on its page` : `- ${name}: ${open.title}`);
  }
  return review;
}

export const LOOK_BACK_SUBJECT = "Your month, looking back";
/** Discreet mode: nothing from the board, not even that there is one (the outbox neutralises the subject). */
export const LOOK_BACK_NEUTRAL_TEXT = "A short note is waiting for you in the app, whenever it suits you.";

/** The email: what moved first, then the quiet goals as an open question, then the next small step. */
export function lookBackText(review: MonthInReview): string {
  const parts = ["A look back at your month, for you alone.", "", "What moved"];
  parts.push(
    ...(review.moved.length > 0 ? review.moved : ["Nothing had to move this month. Resting is part of it too."]),
  );
  if (review.quiet.length > 0)
    parts.push(
      "",
      "Anything you'd like to let go?",
      "These were quiet this month. Keeping a goal is fine; letting one go, with a word about why, is fine too.",
      ...review.quiet,
    );
  parts.push("", "The next small step");
  parts.push(
    ...(review.nextSteps.length > 0
      ? review.nextSteps
      : ["When you are ready, one small milestone on a goal's page can be the next step."]),
  );
  parts.push("", "You can change the day of this look back, or turn it off, on your Vision Board page.");
  return parts.join("\n");
}

/** How long after its day a look back still goes out (a job held up by an outage, a retry). */
const LATE_WINDOW_MS = 3 * 24 * 3600_000;
/** The first look back measures from a month before. */
const FIRST_WINDOW_MS = 31 * 24 * 3600_000;

/**
 * The job's handler. It sends only on (or just after) a chosen day and once per day, whatever put the
 * job there (the migration that gave members with goals their first job, a second instance); otherwise
 * it moves the job to the next chosen day. It ends for a child, when off, and when there is no goal.
 */
export function lookBackJobHandlers(links: () => BoardLinks): Record<string, JobHandler> {
  const lookBack: JobHandler = async (job, tx, now) => {
    const memberId = job.key;
    if (await childAccountOf(tx, memberId, now)) return null;
    const [prefs] = await tx.select().from(visionPreferences).where(eq(visionPreferences.memberId, memberId));
    const choice = prefs?.lookBack ?? DEFAULT_LOOK_BACK;
    if (choice === "off") return null;
    const zone = await memberTimeZone(tx, memberId);
    const next = nextLookBack(now, zone, choice);
    const day = nextLookBack(new Date(now.getTime() - LATE_WINDOW_MS), zone, choice);
    const due = day <= now && !(prefs?.lookedBackAt && prefs.lookedBackAt >= day);
    if (!due) return next;
    const since = prefs?.lookedBackAt ?? new Date(now.getTime() - FIRST_WINDOW_MS);
    const review = await monthInReview(tx, memberId, since, prefs?.lookBackProgress ?? {}, links());
    // No goal to look back on: the job ends, and the member's next goal schedules it again.
    if (!review) return null;
    const to = await emailAddressOf(tx, memberId);
    if (to)
      await sendEmail(
        {
          to,
          subject: LOOK_BACK_SUBJECT,
          text: (await isDiscreet(memberId, tx)) ? LOOK_BACK_NEUTRAL_TEXT : lookBackText(review),
          memberId,
          holdUntil: await memberDeliverAt(memberId, new Date(), tx),
        },
        tx,
      );
    await tx
      .insert(visionPreferences)
      .values({ memberId, lookedBackAt: now, lookBackProgress: review.progress })
      .onConflictDoUpdate({
        target: visionPreferences.memberId,
        set: { lookedBackAt: now, lookBackProgress: review.progress },
      });
    return next;
  };
  return { [LOOK_BACK_JOB]: lookBack };
}

/** For the data download: the member's choice and when the last look back went out. */
export async function exportLookBack(memberId: string, options: { db?: Db } = {}) {
  const db = options.db ?? (await getDb());
  const [row] = await db.select().from(visionPreferences).where(eq(visionPreferences.memberId, memberId));
  return { lookBack: row?.lookBack ?? null, lastLookBackAt: row?.lookedBackAt?.toISOString() ?? null };
}
