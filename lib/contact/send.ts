import "server-only";
import { getConfig } from "../config";
import { getDb } from "../db/client";
import { contactMessages } from "../db/schema";
import { sendEmail } from "../mail";
import { consume } from "../rate-limit";
import { contactInputSchema, type ContactField, type ContactInput } from "./schema";

/** Enough for a person who needs several tries; little for a spammer. */
const CONTACT_RATE_LIMIT = { limit: 5, windowSeconds: 600 } as const;

const CONTACT_SENT_MESSAGE = "Thanks, your message is on its way. We usually reply within two working days.";
export const CONTACT_RATE_LIMITED_MESSAGE = "Too many messages from your network. Please try again later.";

export type ContactFieldErrors = Partial<Record<ContactField, string>>;

export type SendContactResult =
  | { status: "sent"; message: string; id: string }
  | { status: "invalid"; message: string; fieldErrors: ContactFieldErrors }
  | { status: "rate-limited"; message: string; retryAfterSeconds: number };

/**
 * Stores a contact-form message and queues its email to support (reply-to the sender) in one
 * transaction: either both exist or neither. Deliver the outbox (`deliverPending`) after this returns.
 */
export async function sendContactMessage(
  input: ContactInput,
  context: { clientAddress: string; now?: Date },
): Promise<SendContactResult> {
  const parsed = contactInputSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: ContactFieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ContactField;
      fieldErrors[field] ??= issue.message;
    }
    return { status: "invalid", message: "Please correct the highlighted fields.", fieldErrors };
  }

  const limit = await consume("contact", context.clientAddress, CONTACT_RATE_LIMIT, { now: context.now });
  if (!limit.allowed) {
    return {
      status: "rate-limited",
      message: CONTACT_RATE_LIMITED_MESSAGE,
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }

  const { name, email, topic, message } = parsed.data;
  const db = await getDb();
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name, email, topic, message })
      .returning({ id: contactMessages.id });
    await sendEmail(
      {
        to: getConfig().mail.supportEmail,
        replyTo: email,
        subject: `[Contact: ${topic}] ${name}`.slice(0, 200),
        text: [`From: ${name} <${email}>`, `Topic: ${topic}`, `Reference: ${row!.id}`, "", message].join("\n"),
      },
      tx,
    );
    return row!.id;
  });
  return { status: "sent", message: CONTACT_SENT_MESSAGE, id };
}
