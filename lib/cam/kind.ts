import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/open";
import { moments } from "../db/schema/cam";
import { childConsents, circleMemberships } from "../db/schema/circles";
import type { ItemKind } from "../circles/sharing";
import { childAccountOf } from "../circles/carers";
import type { ImageHolder } from "../uploads";
import { isUuid } from "../uuid";
import { mayShareMoments, momentAccess } from "./access";
import { CamError } from "./errors";

/**
 * The shareable kind for moments (given to sharing through lib/features.ts). Lists call a moment by
 * its day (a note may be private). A share is view only, and a child's moment is shared only when
 * their carers allow it and only inside the circle their account was made in.
 */
export const momentKind: ItemKind = {
  ownerOf: async (itemId, db) => {
    if (!isUuid(itemId)) return null;
    const [row] = await db.select({ ownerId: moments.ownerId }).from(moments).where(eq(moments.id, itemId));
    return row?.ownerId ?? null;
  },
  listTitlesOf: async (itemIds, db) => {
    const ids = itemIds.filter(isUuid);
    if (ids.length === 0) return new Map();
    const rows = await db.select({ id: moments.id, day: moments.day }).from(moments).where(inArray(moments.id, ids));
    return new Map(rows.map((row) => [row.id, `Moment of ${row.day}`]));
  },
  checkShare: async (tx, share) => checkMomentShare(tx, share),
};

async function checkMomentShare(
  tx: Db,
  share: { ownerId: string; memberId: string | null; circleId: string | null; permission: "view" | "edit" },
) {
  if (share.permission !== "view")
    throw new CamError(400, "Moments are shared to be seen, never changed: choose view.", { field: "permission" });
  const child = await childAccountOf(tx, share.ownerId);
  if (!child) return;
  if (!(await mayShareMoments(tx, share.ownerId)))
    throw new CamError(403, "Your grown-ups have not turned on sharing for your moments. Ask them on the Circle page.");
  const outside = () =>
    new CamError(400, "Your moments stay in your family's circle: choose someone from it.", {
      field: share.memberId ? "memberId" : "circleId",
    });
  if (share.circleId && share.circleId !== child.circleId) throw outside();
  if (share.memberId) {
    const [inCircle] = await tx
      .select({ memberId: circleMemberships.memberId })
      .from(circleMemberships)
      .innerJoin(childConsents, eq(childConsents.circleId, circleMemberships.circleId))
      .where(and(eq(childConsents.childId, share.ownerId), eq(circleMemberships.memberId, share.memberId)));
    if (!inCircle) throw outside();
  }
}

/** The image of a moment is served to whoever may see the moment (the sharing rule and the child's gate). */
export const momentImageHolder: ImageHolder = async (db, viewerId, holder) =>
  (await momentAccess(db, viewerId, holder)) !== null;
