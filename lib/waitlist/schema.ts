import { z } from "zod";
import type { FormState } from "../forms";

export const INVALID_EMAIL_MESSAGE = "Enter a valid email address, like name@example.com";

/** What the waitlist form sends. Pure (no server imports) so forms may share the messages. */
export const waitlistInputSchema = z.object({
  email: z
    .string({ message: INVALID_EMAIL_MESSAGE })
    .trim()
    .min(1, INVALID_EMAIL_MESSAGE)
    .max(254, "Email must be at most 254 characters")
    .pipe(z.email({ message: INVALID_EMAIL_MESSAGE })),
  firstName: z
    .string()
    .trim()
    .max(100, "First name must be at most 100 characters")
    .regex(/^[^\p{Cc}]*$/u, "First name must not contain control characters")
    .optional()
    .transform((value) => (value ? value : undefined)),
});

export type WaitlistInput = z.input<typeof waitlistInputSchema>;

/** What the waitlist form's action answers with; the values are kept when something needs fixing. */
export type WaitlistFormState = FormState<
  { email: string; firstName: string },
  "idle" | "joined" | "already-joined" | "invalid" | "rate-limited" | "error"
>;

/** What the button behind a waitlist email's link (confirm, leave) answers with. */
export type WaitlistLinkState = { status: "idle" | "confirmed" | "already-confirmed" | "left" | "invalid" | "gone" };
