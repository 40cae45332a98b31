import { and, eq, sql, type Placeholder, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../db/open";
import { childCamSettings } from "../db/schema/cam";
import { childConsents, circleMemberships } from "../db/schema/circles";
import { accessTo, itemsReaching } from "../circles/sharing";
import { childAccountOf, isChildAccountSql } from "../circles/carers";

type Operand = string | SQLWrapper;

/**
 * A child's moments reach only their own circle, and only while their carers let them share: on top
 * of the sharing rule, a moment whose owner has a child's account reaches a viewer only when the
 * child's Cam setting is on and the viewer is in the circle the child's account was made in. Asked on
 * every read, so a share given earlier stops reaching anyone when the setting goes off or the child
 * is in another circle with someone (the sharing rule alone would follow them there).
 */
export function childGate(ownerId: Operand, viewerId: Operand): SQL {
  return sql`(not ${isChildAccountSql(ownerId)} or (
    exists (select 1 from ${childCamSettings} s where s.child_id = ${ownerId} and s.may_share)
    and exists (select 1 from ${childConsents} c join ${circleMemberships} m on m.circle_id = c.circle_id
      where c.child_id = ${ownerId} and m.member_id = ${viewerId})))`;
}

/** SQL for a list: the moment (id, owner) is the viewer's own or reaches them (the rule, then the child's gate). */
export function momentVisibleTo(viewerId: string | Placeholder, momentId: SQLWrapper, ownerId: SQLWrapper): SQL {
  return sql`(${ownerId} = ${viewerId} or ((${momentId}::text, ${ownerId}) in (${itemsReaching(viewerId, "moment")})
    and ${childGate(ownerId, viewerId)}))`;
}

/** What `viewerId` may do with one moment: "owner", "view", or null (not theirs to see). */
export async function momentAccess(
  db: Db,
  viewerId: string,
  moment: { id: string; ownerId: string },
): Promise<"owner" | "view" | null> {
  const access = await accessTo(db, viewerId, { itemType: "moment", itemId: moment.id, ownerId: moment.ownerId });
  if (access === "owner") return "owner";
  if (access === null) return null;
  const result = (await db.execute(sql`select ${childGate(moment.ownerId, viewerId)} as yes`)) as unknown as {
    rows: { yes: boolean }[];
  };
  return result.rows[0]?.yes ? "view" : null;
}

/** Whether the member may share their moments: adults always; a child when their carers turned it on. */
export async function mayShareMoments(db: Db, memberId: string): Promise<boolean> {
  return mayShareMomentsAs(db, memberId, await childAccountOf(db, memberId));
}

/** mayShareMoments for a member whose child's account (or null) the caller has already read (/cam reads it once). */
export async function mayShareMomentsAs(db: Db, memberId: string, child: { childId: string } | null): Promise<boolean> {
  if (!child) return true;
  const [setting] = await db
    .select({ mayShare: childCamSettings.mayShare })
    .from(childCamSettings)
    .where(and(eq(childCamSettings.childId, memberId)));
  return setting?.mayShare ?? false;
}
