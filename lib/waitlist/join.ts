import "server-only";
import { z } from "zod";
import { getDb } from "../db/client";
import { waitlistEntries } from "../db/schema";
import { consume } from "../rate-limit";
import { waitlistInputSchema, type WaitlistInput } from "./schema";

/** A few tries a minute per network is plenty for a person and little for a script. */
export const WAITLIST_RATE_LIMIT = { limit: 5, windowSeconds: 60 } as const;

export const RATE_LIMITED_MESSAGE = "Too many attempts from your network. Please try again later.";
export const JOINED_MESSAGE = "You're on the list. We'll email you when Happr opens its doors.";
export const ALREADY_JOINED_MESSAGE = "You're already on the list. We'll email you when Happr opens its doors.";

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
    return { status: "invalid", message: "Please correct the highlighted field.", fieldErrors: fieldErrorsOf(parsed.error) };
  }

  const limit = await consume("waitlist", context.clientAddress, WAITLIST_RATE_LIMIT, { now: context.now });
  if (!limit.allowed) {
    return { status: "rate-limited", message: RATE_LIMITED_MESSAGE, retryAfterSeconds: limit.retryAfterSeconds };
  }

  const db = await getDb();
  const inserted = await db
    .insert(waitlistEntries)
    .values({ email: parsed.data.email, firstName: parsed.data.firstName ?? null })
    .onConflictDoNothing()
    .returning({ id: waitlistEntries.id });
  return inserted.length > 0
    ? { status: "joined", message: JOINED_MESSAGE }
    : { status: "already-joined", message: ALREADY_JOINED_MESSAGE };
}

function fieldErrorsOf(error: z.ZodError): WaitlistFieldErrors {
  const errors: WaitlistFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if ((field === "email" || field === "firstName") && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
