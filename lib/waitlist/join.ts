import "server-only";
import { z } from "zod";
import { getDb } from "../db/client";
import { waitlistEntries } from "../db/schema";
import { sendEmail } from "../mail";
import { consume } from "../rate-limit";
import { waitlistLinks } from "./links";
import { waitlistInputSchema, type WaitlistInput } from "./schema";

/** A few tries a minute per network is plenty for a person and little for a script. */
const WAITLIST_RATE_LIMIT = { limit: 5, windowSeconds: 60 } as const;

export const RATE_LIMITED_MESSAGE = "Too many attempts from your network. Please try again later.";
const JOINED_MESSAGE = "Almost there: we've emailed you a link. Open it to confirm your place on the list.";
export const ALREADY_JOINED_MESSAGE =
  "You're already on the list. If you haven't confirmed yet, use the link in the email we sent you.";
export const CONFIRMATION_SUBJECT = "Confirm your place on the Happr waitlist";

export type WaitlistFieldErrors = Partial<Record<"email" | "firstName", string>>;

export type JoinWaitlistResult =
  | { status: "joined"; message: string }
  | { status: "already-joined"; message: string }
  | { status: "invalid"; message: string; fieldErrors: WaitlistFieldErrors }
  | { status: "rate-limited"; message: string; retryAfterSeconds: number };

/**
 * Adds someone to the waitlist. The email is kept as typed (trimmed) and unique regardless of letter
 * case: the insert relies on the unique index on lower(email), so concurrent requests for one address
 * store exactly one row and the others learn they are already on the list.
 */
export async function joinWaitlist(
  input: WaitlistInput,
  context: { clientAddress: string; now?: Date },
): Promise<JoinWaitlistResult> {
  const parsed = waitlistInputSchema.safeParse(input);
  if (!parsed.success) {
    return {
      status: "invalid",
      message: "Please correct the highlighted field.",
      fieldErrors: fieldErrorsOf(parsed.error),
    };
  }

  const limit = await consume("waitlist", context.clientAddress, WAITLIST_RATE_LIMIT, { now: context.now });
  if (!limit.allowed) {
    return { status: "rate-limited", message: RATE_LIMITED_MESSAGE, retryAfterSeconds: limit.retryAfterSeconds };
  }

  const db = await getDb();
  // The entry and its confirmation email commit together (the caller delivers after commit).
  const joined = await db.transaction(async (tx) => {
    const [entry] = await tx
      .insert(waitlistEntries)
      .values({ email: parsed.data.email, firstName: parsed.data.firstName ?? null })
      .onConflictDoNothing()
      .returning({ id: waitlistEntries.id });
    if (!entry) return false;
    const links = waitlistLinks(entry.id);
    await sendEmail(
      {
        to: parsed.data.email,
        subject: CONFIRMATION_SUBJECT,
        text: confirmationText(parsed.data.firstName, links),
        listUnsubscribe: links.oneClick,
      },
      tx,
    );
    return true;
  });
  return joined
    ? { status: "joined", message: JOINED_MESSAGE }
    : { status: "already-joined", message: ALREADY_JOINED_MESSAGE };
}

function confirmationText(firstName: string | undefined, links: ReturnType<typeof waitlistLinks>): string {
  return [
    `Hi${firstName ? ` ${firstName}` : ""},`,
    "",
    "Thanks for joining the Happr waitlist. Please confirm that this is your address:",
    links.confirm,
    "",
    "We'll email you when Happr opens its doors. If you didn't ask to join, ignore this email: without",
    "your confirmation we won't write again.",
    "",
    "To leave the list at any time:",
    links.leave,
  ].join("\n");
}

function fieldErrorsOf(error: z.ZodError): WaitlistFieldErrors {
  const errors: WaitlistFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if ((field === "email" || field === "firstName") && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
