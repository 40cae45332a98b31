import { z } from "zod";
import type { FormState } from "../forms";
import { CONTACT_TOPICS } from "./topics";

export { CONTACT_TOPICS, type ContactTopic } from "./topics";

const noControl = /^[^\p{Cc}]*$/u;
// A message may span lines; other control characters have no business in it.
const noControlButNewlines = /^[^\p{Cc}]*(?:[\r\n\t]+[^\p{Cc}]*)*$/u;

/** What the contact form sends. Pure (no server imports) so the form may share the topics. */
export const contactInputSchema = z.object({
  name: z
    .string({ message: "Enter your name" })
    .trim()
    .min(1, "Enter your name")
    .max(100, "Name must be at most 100 characters")
    .regex(noControl, "Name must not contain control characters"),
  email: z
    .string({ message: "Enter a valid email address, like name@example.com" })
    .trim()
    .min(1, "Enter a valid email address, like name@example.com")
    .max(254, "Email must be at most 254 characters")
    .pipe(z.email({ message: "Enter a valid email address, like name@example.com" })),
  topic: z.enum(CONTACT_TOPICS, { message: `Topic must be one of ${CONTACT_TOPICS.join(", ")}` }),
  message: z
    .string({ message: "Enter a message of at least 10 characters" })
    .trim()
    .min(10, "Message must be at least 10 characters")
    .max(5000, "Message must be at most 5000 characters")
    .regex(noControlButNewlines, "Message must not contain control characters"),
});

/** What arrives from a form: untrusted strings, checked by contactInputSchema. */
export type ContactInput = { name: string; email: string; topic: string; message: string };
export type ContactField = keyof ContactInput;

/** What the /contact form's action answers with; the values are kept when something needs fixing. */
export type ContactFormState = FormState<ContactInput, "idle" | "sent" | "invalid" | "rate-limited" | "error">;
