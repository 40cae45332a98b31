import { and, eq } from "drizzle-orm";
import type { ImageHolder } from "../uploads";
import { loungePosts, loungeReports, loungeSeats } from "../db/schema/lounge";
import { loungeStanding } from "./access";
import { isLoungeModerator } from "./moderation";

/**
 * Who may see a Lounge post's photo, asked by the image route (lib/uploads) on every request through
 * lib/features.ts `imageHolders`: a published post's photo, the members seated at its table who may
 * still enter the Lounge (a carer's switch off, or a band changed, shuts it at once); a held post's,
 * its author; a removed post's, nobody. A moderator named in LOUNGE_MODERATORS also sees the photo of
 * a post their console decides: held, reported, or removed (an appeal). Night hours do not hide a
 * photo already on a member's screen.
 */
export function loungePostImageHolderWith(options: { moderators?: readonly string[] } = {}): ImageHolder {
  return async (db, viewerId, holder) => {
    const [post] = await db
      .select({ authorId: loungePosts.authorId, status: loungePosts.status, tableId: loungePosts.tableId })
      .from(loungePosts)
      .where(eq(loungePosts.id, holder.id));
    if (!post) return false;
    const moderator = () => isLoungeModerator(viewerId, { db, moderators: options.moderators });
    if (post.status === "removed") return moderator();
    if (post.status === "held") return post.authorId === viewerId || moderator();
    const [seat] = await db
      .select({ memberId: loungeSeats.memberId })
      .from(loungeSeats)
      .where(and(eq(loungeSeats.tableId, post.tableId), eq(loungeSeats.memberId, viewerId)));
    if (seat && (await loungeStanding(db, viewerId, new Date())).mayEnter) return true;
    const [reported] = await db
      .select({ id: loungeReports.id })
      .from(loungeReports)
      .where(eq(loungeReports.postId, holder.id))
      .limit(1);
    return Boolean(reported) && moderator();
  };
}

/** The rule with the operator's moderators (LOUNGE_MODERATORS). */
export const loungePostImageHolder: ImageHolder = loungePostImageHolderWith();
