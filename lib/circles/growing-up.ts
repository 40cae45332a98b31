import { and, eq } from "drizzle-orm";
import type { Db } from "../db/open";
import { childConsents, circleMemberships } from "../db/schema/circles";
import { emailAddressOf } from "../identity/addresses";
import { scheduleJob, type JobHandler } from "../jobs";
import { sendEmail } from "../mail/outbox";
import { grownUpsOf, isUnder13, turns13At } from "./carers";

/**
 * When a child turns 13 (issue 37): the account becomes theirs. The rule in carers.ts counts the age
 * on every request, so the child's limits and their carers' powers end at that instant whatever runs
 * when; this job, scheduled with the account (createChildAccount; migration 0029 for accounts made
 * before it existed) for the first instant they are 13, does the rest once: the child's `child` membership becomes `member` (the role `child` is only for
 * children's accounts), and each carer is told by email through the outbox, in the same transaction.
 * The child keeps their sign-in name and password, and may now add an email address in the security
 * centre. The consent record stays: it is the history the data download shows.
 */
export const CHILD_TURNS_13_JOB = "child-turns-13";

/** Schedules the job for `childId` (inside the account's transaction). */
export async function scheduleChildTurning13(tx: Db, childId: string, birthMonth: string): Promise<void> {
  await scheduleJob(tx, { kind: CHILD_TURNS_13_JOB, key: childId, memberId: childId, runAt: turns13At(birthMonth) });
}

const childTurns13: JobHandler = async (job, tx, now) => {
  const childId = job.key;
  const [consent] = await tx.select().from(childConsents).where(eq(childConsents.childId, childId));
  if (!consent) return null; // the account is gone
  // Not yet (a clock behind the scheduler's): try again at the instant.
  if (isUnder13(consent.birthMonth, now)) return turns13At(consent.birthMonth);
  const [child] = await tx
    .update(circleMemberships)
    .set({ role: "member" })
    .where(
      and(
        eq(circleMemberships.circleId, consent.circleId),
        eq(circleMemberships.memberId, childId),
        eq(circleMemberships.role, "child"),
      ),
    )
    .returning({ name: circleMemberships.name });
  const name = child?.name ?? "Your child";
  for (const carer of await grownUpsOf(tx, consent.circleId)) {
    const to = await emailAddressOf(tx, carer.memberId);
    if (!to) continue;
    await sendEmail(
      {
        to,
        memberId: carer.memberId,
        subject: `${name} is 13: their Happr account is now their own`,
        neutralSubject: "A change in your circle",
        text: [
          `Hi${carer.name ? ` ${carer.name}` : ""},`,
          `${name} has turned 13, so the Happr account you made for them is now theirs. They stay in your circle as a member, and keep their sign-in name and password.`,
          "From today you can no longer give them a new password, set their quiet hours, suggest habits or add events to their calendar, and they can change their own sign-in details, add an email address, or leave the circle.",
        ].join("\n\n"),
      },
      tx,
    );
  }
  return null;
};

export const circleJobHandlers: Record<string, JobHandler> = { [CHILD_TURNS_13_JOB]: childTurns13 };
