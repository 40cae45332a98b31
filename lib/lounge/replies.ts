import { and, eq, exists, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { loungeMembers, loungePosts, loungeRooms, loungeSeats } from "../db/schema/lounge";
import { childAccountOf } from "../circles/carers";
import { memberDeliverAt } from "../circles/quiet-hours";
import { emailAddressOf } from "../identity/addresses";
import { sendEmail } from "../mail/outbox";
import { isDiscreet } from "../settings/settings";
import { LoungeError } from "./errors";

/**
 * Replies to a member's own post (issue 42, point 4: "no notifications unless asked for, and then
 * only replies to your own post, with neutral text"). Two ways, for two reasons:
 * - on /lounge, a room with a reply to one of the member's posts since they last read that table says
 *   so ("New replies to your posts"): nothing leaves the app, so it is there for everyone, children
 *   included, and it goes when they open the room (`markRepliesSeen`);
 * - an email, only when the member asked for it (`setReplyEmails`, off by default), held to their quiet
 *   hours (and a child's guardians'), at most one per post every REPLY_EMAIL_HOURS however busy the
 *   thread, naming nobody and quoting nothing; in discreet mode it does not say "Lounge" either.
 *   Never to an account made for an under-13: a child has no address of their own to send to, and the
 *   Lounge's own page is where a child learns of a reply.
 */

export const REPLY_EMAIL_HOURS = 6;

type Options = { db?: Db; now?: Date };

export const REPLY_EMAIL_SUBJECT = "Someone replied to your post in the Lounge";
/** The discreet subject and text: nothing says what the app is, who replied or what they wrote. */
export const DISCREET_REPLY_SUBJECT = "Something new for you";
export const DISCREET_REPLY_TEXT = "There is something new for you in the app. Open it when it suits you.";

/** Turns the member's reply emails on or off. A child's account (under 13) cannot turn them on: 400. */
export async function setReplyEmails(memberId: string, value: unknown, options: Options = {}): Promise<void> {
  const enabled = (value as { enabled?: unknown } | null)?.enabled;
  if (typeof enabled !== "boolean")
    throw new LoungeError(400, "replyEmails must be true or false.", { field: "replyEmails" });
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  if (enabled && (await childAccountOf(db, memberId, now)))
    throw new LoungeError(400, "Replies show on your Lounge page: children's accounts get no email.", {
      field: "replyEmails",
    });
  if (enabled && !(await emailAddressOf(db, memberId)))
    throw new LoungeError(400, "Your account has no email address to send them to.", { field: "replyEmails" });
  const updated = await db
    .update(loungeMembers)
    .set({ replyEmails: enabled, updatedAt: now })
    .where(eq(loungeMembers.memberId, memberId))
    .returning({ memberId: loungeMembers.memberId });
  if (updated.length === 0)
    throw new LoungeError(403, "Join the Lounge first: choose a Lounge name and accept the house rules.");
}

/**
 * A reply was published (posted, or a held one let through): in the same transaction, the first post's
 * author is emailed when they asked for it, it is not their own reply, they are not a child, and no
 * email about this post went out in the last REPLY_EMAIL_HOURS. The post's row records the email, so
 * two replies at once send one.
 */
export async function noticeReply(
  tx: Db,
  reply: { authorId: string; replyTo: string | null },
  now: Date,
): Promise<void> {
  if (!reply.replyTo) return;
  const [parent] = await tx
    .select({ authorId: loungePosts.authorId, roomName: loungeRooms.name, asked: loungeMembers.replyEmails })
    .from(loungePosts)
    .innerJoin(loungeRooms, eq(loungeRooms.id, loungePosts.roomId))
    .innerJoin(loungeMembers, eq(loungeMembers.memberId, loungePosts.authorId))
    .where(and(eq(loungePosts.id, reply.replyTo), eq(loungePosts.status, "published")));
  if (!parent?.asked || parent.authorId === reply.authorId) return;
  if (await childAccountOf(tx, parent.authorId, now)) return;
  const to = await emailAddressOf(tx, parent.authorId);
  if (!to) return;
  const since = new Date(now.getTime() - REPLY_EMAIL_HOURS * 3_600_000);
  const claimed = await tx
    .update(loungePosts)
    .set({ replyNoticeAt: now })
    .where(
      and(
        eq(loungePosts.id, reply.replyTo),
        or(isNull(loungePosts.replyNoticeAt), lt(loungePosts.replyNoticeAt, since)),
      ),
    )
    .returning({ id: loungePosts.id });
  if (claimed.length === 0) return;
  const discreet = await isDiscreet(parent.authorId, tx);
  await sendEmail(
    {
      to,
      memberId: parent.authorId,
      subject: REPLY_EMAIL_SUBJECT,
      neutralSubject: DISCREET_REPLY_SUBJECT,
      text: discreet
        ? DISCREET_REPLY_TEXT
        : `Someone replied to your post in ${parent.roomName}. Open the Lounge to read it.\n\n` +
          `You get at most one of these emails for a post every ${REPLY_EMAIL_HOURS} hours. ` +
          "Turn them off on the Lounge's page.",
      holdUntil: await memberDeliverAt(parent.authorId, now, tx),
    },
    tx,
  );
}

/**
 * The rooms where someone else replied to one of the member's posts since they last read their table
 * there (ids). For /lounge's "New replies to your posts".
 */
export async function roomsWithNewReplies(memberId: string, options: Options = {}): Promise<Set<string>> {
  const db = options.db ?? (await getDb());
  const reply = alias(loungePosts, "reply");
  const rows = await db
    .selectDistinct({ roomId: loungeSeats.roomId })
    .from(loungeSeats)
    .innerJoin(loungePosts, and(eq(loungePosts.tableId, loungeSeats.tableId), eq(loungePosts.authorId, memberId)))
    .innerJoin(
      reply,
      and(
        eq(reply.replyTo, loungePosts.id),
        eq(reply.status, "published"),
        ne(reply.authorId, memberId),
        gt(reply.createdAt, sql`coalesce(${loungeSeats.repliesSeenAt}, '-infinity'::timestamptz)`),
      ),
    )
    .where(eq(loungeSeats.memberId, memberId));
  return new Set(rows.map((row) => row.roomId));
}

/**
 * The member read their table in the room: its replies are no longer new. Written only when a reply
 * is new (the same test as `roomsWithNewReplies`): every view of the table comes here, and a write
 * per view queued the member's views on their seat's row and a disk flush each.
 */
export async function markRepliesSeen(memberId: string, roomId: string, options: Options = {}): Promise<void> {
  const db = options.db ?? (await getDb());
  const reply = alias(loungePosts, "reply");
  const newReply = db
    .select({ one: sql`1` })
    .from(loungePosts)
    .innerJoin(
      reply,
      and(
        eq(reply.replyTo, loungePosts.id),
        eq(reply.status, "published"),
        ne(reply.authorId, memberId),
        gt(reply.createdAt, sql`coalesce(${loungeSeats.repliesSeenAt}, '-infinity'::timestamptz)`),
      ),
    )
    .where(and(eq(loungePosts.tableId, loungeSeats.tableId), eq(loungePosts.authorId, memberId)));
  await db
    .update(loungeSeats)
    .set({ repliesSeenAt: options.now ?? new Date() })
    .where(and(eq(loungeSeats.memberId, memberId), eq(loungeSeats.roomId, roomId), exists(newReply)));
}

/** Whether the member asked for reply emails (for /lounge's switch). */
export async function replyEmailsOn(memberId: string, options: Options = {}): Promise<boolean> {
  const db = options.db ?? (await getDb());
  const [row] = await db
    .select({ on: loungeMembers.replyEmails })
    .from(loungeMembers)
    .where(eq(loungeMembers.memberId, memberId));
  return Boolean(row?.on);
}
