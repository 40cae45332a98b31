import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { camPreferences } from "../db/schema/cam";
import { parseOrFail } from "../errors";
import { childAccountOf } from "../circles/carers";
import { memberDeliverAt } from "../circles/quiet-hours";
import { emailAddressOf } from "../identity/addresses";
import { cancelJob, scheduleJob, type JobHandler } from "../jobs";
import { sendEmail } from "../mail/outbox";
import { memberTimeZone } from "../profile/zone";
import { isDiscreet } from "../settings";
import { nextLocalTime } from "../time";
import { CamError } from "./errors";

/**
 * The gentle weekly prompt (issue 40, point 2): off unless the member picks a day; then, on that day
 * at PROMPT_TIME on their clock, one short email through the outbox, held to their quiet hours
 * (memberDeliverAt, as habits' reminders). Never a deadline, a count, a streak or a "late": it says
 * the same every week whatever the member did. Children are never prompted: the setting is refused
 * to a child's account and a job finds nothing to send to one.
 */
export const PROMPT_JOB = "cam-weekly-prompt";
/** Mid-morning on the chosen day: not the start of anyone's day, not the evening's wind-down. */
export const PROMPT_TIME = "10:00";

export const PROMPT_SUBJECT = "A gentle prompt from Happr Cam";
export const PROMPT_TEXT = [
  "If you'd like, capture a moment this week: something you did, something you made, or just how today looks.",
  "",
  "There is nothing to keep up with. Your moments stay private until you share one.",
  "",
  "You chose this prompt on your Cam page, where you can change its day or turn it off.",
].join("\n");
/** Discreet mode: nothing about Cam, photos or moments (the outbox puts the neutral subject on it too). */
export const PROMPT_NEUTRAL_TEXT = "A note you asked for. Open the app whenever it suits you.";

const promptInput = z.object({
  promptWeekday: z
    .int({ error: "Choose a day of the week for the prompt, or off." })
    .min(1, { error: "Choose a day of the week for the prompt, or off." })
    .max(7, { error: "Choose a day of the week for the prompt, or off." })
    .nullable(),
});

/** The member's prompt day (ISO weekday, 1 Monday ... 7 Sunday), or null: no prompt (the default). */
export async function camPromptWeekday(memberId: string, options: { db?: Db } = {}): Promise<number | null> {
  const db = options.db ?? (await getDb());
  const [row] = await db
    .select({ promptWeekday: camPreferences.promptWeekday })
    .from(camPreferences)
    .where(eq(camPreferences.memberId, memberId));
  return row?.promptWeekday ?? null;
}

const nextPrompt = async (db: Db, memberId: string, weekday: number, now: Date) =>
  nextLocalTime(now, await memberTimeZone(db, memberId), PROMPT_TIME, (day) => day === weekday);

/**
 * Turns the prompt on for a day, moves it to another, or off (`promptWeekday: null`): the setting and
 * its job change in one transaction, so a prompt already scheduled for the old day never goes out.
 */
export async function setCamPrompt(
  memberId: string,
  input: unknown,
  options: { db?: Db; now?: Date } = {},
): Promise<void> {
  const { promptWeekday } = parseOrFail(promptInput, input, (message, field) => new CamError(422, message, { field }));
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    if (promptWeekday !== null && (await childAccountOf(tx, memberId, now)))
      throw new CamError(403, "Prompts are not sent to children's accounts.", { field: "promptWeekday" });
    await tx
      .insert(camPreferences)
      .values({ memberId, promptWeekday })
      .onConflictDoUpdate({ target: camPreferences.memberId, set: { promptWeekday, updatedAt: sql`now()` } });
    if (promptWeekday === null) await cancelJob(tx, PROMPT_JOB, memberId);
    else
      await scheduleJob(tx, {
        kind: PROMPT_JOB,
        key: memberId,
        memberId,
        runAt: await nextPrompt(tx, memberId, promptWeekday, now),
      });
  });
}

/** Sends this week's prompt and moves the job to the same day next week; ends when it is off. */
const prompt: JobHandler = async (job, tx, now) => {
  const memberId = job.key;
  const weekday = await camPromptWeekday(memberId, { db: tx });
  if (weekday === null || (await childAccountOf(tx, memberId, now))) return null;
  const next = await nextPrompt(tx, memberId, weekday, now);
  const to = await emailAddressOf(tx, memberId);
  // No address this week (an account whose address is not held here): nothing to send, the day stays.
  if (!to) return next;
  await sendEmail(
    {
      to,
      subject: PROMPT_SUBJECT,
      text: (await isDiscreet(memberId, tx)) ? PROMPT_NEUTRAL_TEXT : PROMPT_TEXT,
      memberId,
      holdUntil: await memberDeliverAt(memberId, new Date(), tx),
    },
    tx,
  );
  return next;
};

export const camPromptJobHandlers: Record<string, JobHandler> = { [PROMPT_JOB]: prompt };
