import "server-only";
import { randomUUID } from "node:crypto";
import { appendFileSync } from "node:fs";
import { asc, eq, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import { getConfig } from "../config";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { outbox } from "../db/schema";
import { E164_PATTERN, NOT_E164_MESSAGE } from "../phone";
import { openBody, sealBody } from "./sealed-body";
import { logInfo } from "../log";
import { isDiscreet } from "../settings/settings";
import { NEUTRAL_SUBJECT } from "@/config/discreet";

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
  /** For mailing-list messages: the one-click unsubscribe URL (RFC 8058), sent as List-Unsubscribe headers. */
  listUnsubscribe: z
    .url({ protocol: /^https?$/, message: "listUnsubscribe must be an http(s) URL" })
    .max(2000)
    .optional(),
  text: z
    .string({ message: "text is required" })
    .min(1, "text is required")
    .max(50_000, "text must be at most 50000 characters"),
});

export const smsMessageSchema = z.object({
  to: z.string({ message: "to is required" }).regex(E164_PATTERN, `to ${NOT_E164_MESSAGE}`),
  body: z
    .string({ message: "body is required" })
    .min(1, "body is required")
    .max(1600, "body must be at most 1600 characters"),
});

/**
 * `memberId`: the member the message is about (their codes, notices, invitations), so it goes with
 * their account. A message to that member follows their discreet mode (a neutral subject, or
 * `neutralBody` for a text); `toSomeoneElse` marks one that goes to another person (an invitation).
 */
type MemberMessage = {
  memberId?: string;
  toSomeoneElse?: boolean;
  /**
   * A reminder or notification (not a code or a security notice): when the member's quiet hours end
   * (lib/circles memberDeliverAt; the moment it was asked at, outside them). It goes out after the
   * codes, and not before then.
   */
  holdUntil?: Date;
};
export type EmailMessage = z.input<typeof emailMessageSchema> & MemberMessage & { neutralSubject?: string };
export type SmsMessage = z.input<typeof smsMessageSchema> & MemberMessage & { neutralBody?: string };

/**
 * Delivery order (lib/mail/deliver.ts): codes, confirmations, resets, security notices and
 * invitations first, then reminders and summaries, each oldest first, so a flood of reminders never
 * delays a sign-in code. A reminder or summary is a message that waits out quiet hours (`holdUntil`).
 */
export const OUTBOX_PRIORITY = { first: 0, later: 1 } as const;

const priorityOf = (message: MemberMessage): number =>
  message.holdUntil ? OUTBOX_PRIORITY.later : OUTBOX_PRIORITY.first;

/** When the deliverer may send it: now, or (held) when the member's quiet hours end; the lease column holds it. */
function heldUntil(message: MemberMessage): Date | undefined {
  if (!message.memberId || message.toSomeoneElse || !message.holdUntil) return undefined;
  return message.holdUntil > new Date() ? message.holdUntil : undefined;
}

/** Whether the member this message goes to chose discreet mode (read in the sender's transaction). */
async function goesToDiscreetMember(message: MemberMessage, db: Executor): Promise<boolean> {
  return Boolean(message.memberId && !message.toSomeoneElse && (await isDiscreet(message.memberId, db)));
}

// The statement's own time, not the transaction's: two messages queued in one transaction keep their order.
const queuedAt = sql`clock_timestamp()`;

/**
 * Queues an email in the outbox. Call it with the business transaction (`tx`) so the message exists
 * if and only if the change that caused it commits; deliver with `deliverPending()` after commit.
 */
export async function sendEmail(message: EmailMessage, tx?: Executor): Promise<{ id: string }> {
  const parsed = emailMessageSchema.parse(message);
  const db = tx ?? (await getDb());
  if (await goesToDiscreetMember(message, db)) parsed.subject = message.neutralSubject ?? NEUTRAL_SUBJECT;
  const id = randomUUID();
  const [row] = await db
    .insert(outbox)
    .values({
      id,
      channel: "email",
      recipient: parsed.to,
      memberId: message.memberId,
      replyTo: parsed.replyTo,
      listUnsubscribe: parsed.listUnsubscribe,
      subject: parsed.subject,
      body: sealBody(id, parsed.text),
      priority: priorityOf(message),
      lockedUntil: heldUntil(message),
      createdAt: queuedAt,
    })
    .returning({ id: outbox.id });
  echoInDevelopment(
    `email to ${parsed.to}${parsed.replyTo ? ` (reply-to ${parsed.replyTo})` : ""}`,
    parsed.subject,
    parsed.text,
  );
  copyToOutboxFile({
    channel: "email",
    to: parsed.to,
    subject: parsed.subject,
    body: parsed.text,
    listUnsubscribe: parsed.listUnsubscribe,
  });
  return { id: row!.id };
}

/** Queues a text message in the outbox (there is no SMS transport yet: rows stay queued). */
export async function sendSms(message: SmsMessage, tx?: Executor): Promise<{ id: string }> {
  const parsed = smsMessageSchema.parse(message);
  const db = tx ?? (await getDb());
  if (message.neutralBody && (await goesToDiscreetMember(message, db))) parsed.body = message.neutralBody;
  const id = randomUUID();
  const [row] = await db
    .insert(outbox)
    .values({
      id,
      channel: "sms",
      recipient: parsed.to,
      memberId: message.memberId,
      body: sealBody(id, parsed.body),
      priority: priorityOf(message),
      lockedUntil: heldUntil(message),
      createdAt: queuedAt,
    })
    .returning({ id: outbox.id });
  echoInDevelopment(`SMS to ${parsed.to}`, undefined, parsed.body);
  copyToOutboxFile({ channel: "sms", to: parsed.to, body: parsed.body });
  return { id: row!.id };
}

// A newcomer has no mail server: show sign-in codes and messages in the dev server's console (never
// in production, where logs are kept and read by others).
function echoInDevelopment(what: string, subject: string | undefined, body: string) {
  if (getConfig().env !== "development") return;
  const lines = [`[outbox] ${what}`];
  if (subject) lines.push(`  Subject: ${subject}`);
  lines.push(...body.split("\n").map((line) => `  | ${line}`));
  logInfo(lines.join("\n"));
}

// OUTBOX_FILE: every queued message is also appended there as a JSON line, for local tools and the
// browser journeys, which cannot open the server's embedded database while it runs. It holds codes in
// clear, so only its owner may read it; lib/config.ts refuses it beside SMTP in production.
function copyToOutboxFile(message: {
  channel: "email" | "sms";
  to: string;
  subject?: string;
  body: string;
  listUnsubscribe?: string;
}) {
  const file = getConfig().mail.outboxFile;
  if (!file) return;
  appendFileSync(file, `${JSON.stringify({ ...message, at: new Date().toISOString() })}\n`, { mode: 0o600 });
}

/** The messages queued to `recipient`, oldest first, with their bodies opened (tests and local tools). */
export async function readOutbox(db: Executor, recipient: string) {
  const rows = await db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(asc(outbox.createdAt));
  return rows.map((row) => ({ ...row, body: openBody(row.id, row.body) }));
}

/**
 * An account deletion's part of the outbox, in the caller's transaction: every message about the
 * member (codes, notices, invitations they sent), to one of their addresses, or with one as reply-to
 * (their contact-form messages to support).
 */
export async function forgetMessagesOf(
  tx: Executor,
  member: { memberId: string; addresses: readonly string[] },
): Promise<void> {
  const addresses = [...new Set(member.addresses.map((address) => address.trim().toLowerCase()).filter(Boolean))];
  const byAddress = addresses.length
    ? [inArray(sql`lower(${outbox.recipient})`, addresses), inArray(sql`lower(${outbox.replyTo})`, addresses)]
    : [];
  await tx.delete(outbox).where(or(eq(outbox.memberId, member.memberId), ...byAddress));
}
