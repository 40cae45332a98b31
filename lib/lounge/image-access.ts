import { and, eq } from "drizzle-orm";
import type { ImageHolder } from "../uploads";
import { loungePosts, loungeSeats } from "../db/schema/lounge";
import { loungeStanding } from "./access";

/**
 * Who may see a Lounge post's photo, asked by the image route (lib/uploads) on every request through
 * lib/features.ts `imageHolders`: a published post's photo, the members seated at its table who may
 * still enter the Lounge (a carer's switch off, or a band changed, shuts it at once); a held post's,
 * its author alone (the moderators' console serves what it reviews itself); a removed post's, nobody.
 * Night hours do not hide a photo already on a member's screen.
 */
export const loungePostImageHolder: ImageHolder = async (db, viewerId, holder) => {
  const [post] = await db
    .select({ authorId: loungePosts.authorId, status: loungePosts.status, tableId: loungePosts.tableId })
    .from(loungePosts)
    .where(eq(loungePosts.id, holder.id));
  if (!post || post.status === "removed") return false;
  if (post.status === "held") return post.authorId === viewerId;
  const [seat] = await db
    .select({ memberId: loungeSeats.memberId })
    .from(loungeSeats)
    .where(and(eq(loungeSeats.tableId, post.tableId), eq(loungeSeats.memberId, viewerId)));
  if (!seat) return false;
  return (await loungeStanding(db, viewerId, new Date())).mayEnter;
};
