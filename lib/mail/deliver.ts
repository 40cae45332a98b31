import "server-only";
import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { getConfig } from "../config";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { outbox } from "../db/schema";
import { openBody, UnreadableBodyError } from "./sealed-body";
import { configuredSmsSender, type SmsSender } from "./sms";

/** After this many failed attempts a message is left alone (its last_error says why). */
export const MAX_ATTEMPTS = 5;
/** How long a claimed row is reserved for the deliverer that claimed it. */
const LEASE = sql`interval '2 minutes'`;
const BATCH = 20;

export type DeliveryReport = { sent: number; failed: number };

let cachedTransport: { url: string; transport: Transporter } | undefined;

function smtpTransport(url: string): Transporter {
  if (cachedTransport?.url !== url) cachedTransport = { url, transport: nodemailer.createTransport(url) };
  return cachedTransport.transport;
}

type Channel = "email" | "sms";
type Claimed = Awaited<ReturnType<typeof claimBatch>>[number];

/**
 * Sends the outbox's pending messages, email through SMTP and texts through the SMS provider, and
 * marks each sent. Call it after the transaction that queued them has committed. Rows are claimed with
 * FOR UPDATE SKIP LOCKED plus a short lease, so several app instances can run this at once and never
 * send one message twice; a crash between sending and marking means the row is retried after the
 * lease (at-least-once). A channel without its provider configured (no SMTP_URL, no SMS=sns) is left
 * alone: its rows stay in the outbox (and the development console), the embedded default.
 * Codes and security notices go before reminders and summaries (the outbox's priority), then the
 * oldest first. A sent row keeps no code, link or address: body, subject and recipient are emptied.
 */
export async function deliverPending(
  options: { db?: Db; transport?: Transporter; from?: string; sms?: SmsSender } = {},
): Promise<DeliveryReport> {
  const config = getConfig();
  const transport = options.transport ?? (config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : undefined);
  const sms = options.sms ?? (await configuredSmsSender(config.sms));
  const channels: Channel[] = [...(transport ? (["email"] as const) : []), ...(sms ? (["sms"] as const) : [])];
  if (channels.length === 0) return { sent: 0, failed: 0 };
  const db = options.db ?? (await getDb());
  const from = options.from ?? config.mail.from;
  const report: DeliveryReport = { sent: 0, failed: 0 };

  const send = async (row: Claimed, text: string) => {
    if (row.channel === "sms") {
      await sms!.send({ to: row.recipient, body: text });
      return;
    }
    await transport!.sendMail({
      from,
      to: row.recipient,
      replyTo: row.replyTo ?? undefined,
      subject: row.subject ?? "",
      text,
      // RFC 8058: mail clients show "Unsubscribe" and POST "List-Unsubscribe=One-Click" to the URL.
      ...(row.listUnsubscribe
        ? {
            headers: {
              "List-Unsubscribe": `<${row.listUnsubscribe}>`,
              "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            },
          }
        : {}),
    });
  };

  for (;;) {
    const claimed = await claimBatch(db, channels);
    if (claimed.length === 0) return report;
    for (const row of claimed) {
      let text: string;
      try {
        text = openBody(row.id, row.body);
      } catch (error) {
        if (!(error instanceof UnreadableBodyError)) throw error;
        // Retrying cannot help: give the row up, saying why.
        await db
          .update(outbox)
          .set({ attempts: MAX_ATTEMPTS, lockedUntil: null, lastError: error.message })
          .where(eq(outbox.id, row.id));
        report.failed += 1;
        continue;
      }
      try {
        await send(row, text);
        await db
          .update(outbox)
          .set({
            sentAt: sql`now()`,
            lockedUntil: null,
            lastError: null,
            body: "",
            subject: null,
            recipient: "",
            replyTo: null,
            listUnsubscribe: null,
          })
          .where(eq(outbox.id, row.id));
        report.sent += 1;
      } catch (error) {
        // Back off (attempts squared, in minutes) so a broken provider is not hammered.
        await db
          .update(outbox)
          .set({
            lastError: String(error instanceof Error ? error.message : error).slice(0, 1000),
            lockedUntil: sql`now() + make_interval(mins => ${row.attempts * row.attempts}::int)`,
          })
          .where(eq(outbox.id, row.id));
        report.failed += 1;
      }
    }
    if (claimed.length < BATCH) return report;
  }
}

async function claimBatch(db: Db, channels: Channel[]) {
  const pending = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        inArray(outbox.channel, channels),
        isNull(outbox.sentAt),
        lt(outbox.attempts, MAX_ATTEMPTS),
        or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, sql`now()`)),
      ),
    )
    // Codes and notices before reminders and summaries (OUTBOX_PRIORITY), then oldest first.
    .orderBy(asc(outbox.priority), asc(outbox.createdAt))
    .limit(BATCH)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, lockedUntil: sql`now() + ${LEASE}` })
    .where(inArray(outbox.id, pending))
    .returning({
      id: outbox.id,
      channel: outbox.channel,
      recipient: outbox.recipient,
      replyTo: outbox.replyTo,
      listUnsubscribe: outbox.listUnsubscribe,
      subject: outbox.subject,
      body: outbox.body,
      attempts: outbox.attempts,
      priority: outbox.priority,
      createdAt: outbox.createdAt,
    });
  // UPDATE ... RETURNING keeps no order: sent in the claim's order, a code before the batch's reminders.
  return claimed.sort((a, b) => a.priority - b.priority || a.createdAt.getTime() - b.createdAt.getTime());
}
