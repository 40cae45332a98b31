import "server-only";
import { appendFileSync } from "node:fs";
import { z } from "zod";
import { getConfig } from "../config";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { outbox } from "../db/schema";

/** A database or an open transaction: pass the caller's transaction so the message commits with it. */
export type Executor = Db;

// No control characters: a subject with a line break could smuggle extra mail headers.
const singleLine = (field: string, max: number) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`)
    .regex(/^[^\p{Cc}]*$/u, `${field} must be a single line without control characters`);

export const emailMessageSchema = z.object({
  to: z.email({ message: "to must be an email address" }).max(254, "to must be at most 254 characters"),
  replyTo: z.email({ message: "replyTo must be an email address" }).max(254).optional(),
  subject: singleLine("subject", 200),
  text: z.string({ message: "text is required" }).min(1, "text is required").max(50_000, "text must be at most 50000 characters"),
});

export const smsMessageSchema = z.object({
  to: z.string({ message: "to is required" }).regex(/^\+[1-9]\d{6,14}$/, "to must be a phone number in E.164 form, like +14155550123"),
  body: z.string({ message: "body is required" }).min(1, "body is required").max(1600, "body must be at most 1600 characters"),
});

export type EmailMessage = z.input<typeof emailMessageSchema>;
export type SmsMessage = z.input<typeof smsMessageSchema>;

/**
 * Queues an email in the outbox. Call it with the business transaction (`tx`) so the message exists
 * if and only if the change that caused it commits; deliver with `deliverPending()` after commit.
 */
export async function sendEmail(message: EmailMessage, tx?: Executor): Promise<{ id: string }> {
  const parsed = emailMessageSchema.parse(message);
  const db = tx ?? (await getDb());
  const [row] = await db
    .insert(outbox)
    .values({ channel: "email", recipient: parsed.to, replyTo: parsed.replyTo, subject: parsed.subject, body: parsed.text })
    .returning({ id: outbox.id });
  echoInDevelopment(`email to ${parsed.to}${parsed.replyTo ? ` (reply-to ${parsed.replyTo})` : ""}`, parsed.subject, parsed.text);
  copyToOutboxFile({ channel: "email", to: parsed.to, subject: parsed.subject, body: parsed.text });
  return { id: row!.id };
}

/** Queues a text message in the outbox (there is no SMS transport yet: rows stay queued). */
export async function sendSms(message: SmsMessage, tx?: Executor): Promise<{ id: string }> {
  const parsed = smsMessageSchema.parse(message);
  const db = tx ?? (await getDb());
  const [row] = await db
    .insert(outbox)
    .values({ channel: "sms", recipient: parsed.to, body: parsed.body })
    .returning({ id: outbox.id });
  echoInDevelopment(`SMS to ${parsed.to}`, undefined, parsed.body);
  copyToOutboxFile({ channel: "sms", to: parsed.to, body: parsed.body });
  return { id: row!.id };
}

// A newcomer has no mail server: show sign-in codes and messages in the dev server's console.
function echoInDevelopment(what: string, subject: string | undefined, body: string) {
  if (getConfig().env !== "development") return;
  const lines = [`[outbox] ${what}`];
  if (subject) lines.push(`  Subject: ${subject}`);
  lines.push(...body.split("\n").map((line) => `  | ${line}`));
  console.info(lines.join("\n"));
}

// OUTBOX_FILE: every queued message is also appended there as a JSON line, for local tools and the
// browser journeys, which cannot open the server's embedded database while it runs.
function copyToOutboxFile(message: { channel: "email" | "sms"; to: string; subject?: string; body: string }) {
  const file = getConfig().mail.outboxFile;
  if (!file) return;
  appendFileSync(file, `${JSON.stringify({ ...message, at: new Date().toISOString() })}\n`);
}
