import { eq, or } from "drizzle-orm";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import {
  loungeCheers,
  loungeChildSettings,
  loungeMembers,
  loungePosts,
  loungeReports,
  loungeSeats,
  loungeTeenConfirmations,
} from "../db/schema/lounge";
import { exportModeration, forgetModeration } from "./moderation";

const iso = (date: Date) => date.toISOString();

/** The member's Lounge in their data download: their name, their posts (held and removed too), their reports. */
export async function exportLounge(memberId: string, options: { db?: Db } = {}) {
  const db = options.db ?? (await getDb());
  const [member] = await db.select().from(loungeMembers).where(eq(loungeMembers.memberId, memberId));
  const posts = await db
    .select()
    .from(loungePosts)
    .where(eq(loungePosts.authorId, memberId))
    .orderBy(loungePosts.createdAt);
  const reports = await db.select().from(loungeReports).where(eq(loungeReports.reporterId, memberId));
  const cheers = await db.select().from(loungeCheers).where(eq(loungeCheers.fromId, memberId));
  return {
    loungeName: member?.loungeName ?? null,
    rulesVersion: member?.rulesVersion ?? null,
    joinedAt: member ? iso(member.joinedAt) : null,
    replyEmails: member?.replyEmails ?? false,
    posts: posts.map((post) => ({
      id: post.id,
      roomId: post.roomId,
      replyTo: post.replyTo,
      text: post.text,
      status: post.status,
      holdReasons: post.holdReasons,
      createdAt: iso(post.createdAt),
    })),
    reportsMade: reports.map((report) => ({
      postId: report.postId,
      reason: report.reason,
      note: report.note,
      createdAt: iso(report.createdAt),
    })),
    cheersGiven: cheers.map((cheer) => ({ postId: cheer.postId, createdAt: iso(cheer.createdAt) })),
    appeals: await exportModeration(db, memberId),
  };
}

/** What an erasure removes: the member's posts (with the cheers and reports on them), cheers, reports, seats, name. */
export async function forgetLounge(tx: Db, memberId: string): Promise<void> {
  await forgetModeration(tx, memberId);
  await tx.delete(loungePosts).where(eq(loungePosts.authorId, memberId));
  await tx.delete(loungeCheers).where(eq(loungeCheers.fromId, memberId));
  await tx.delete(loungeReports).where(eq(loungeReports.reporterId, memberId));
  await tx.delete(loungeSeats).where(eq(loungeSeats.memberId, memberId));
  await tx.delete(loungeMembers).where(eq(loungeMembers.memberId, memberId));
  await tx.delete(loungeChildSettings).where(eq(loungeChildSettings.childId, memberId));
  // Confirmations they gave go too (the teen asks another grown-up): none keeps naming them.
  await tx
    .delete(loungeTeenConfirmations)
    .where(or(eq(loungeTeenConfirmations.memberId, memberId), eq(loungeTeenConfirmations.confirmedBy, memberId)));
}
