import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { childConsents, circleMemberships, circles } from "../db/schema/circles";
import { memberTimeZone } from "../profile/zone";
import { deliverAt, getQuietHours, quietHoursSchema, type QuietHours } from "../settings";
import { isChildAccountSql } from "./carers";
import { CircleError, circleMessages } from "./errors";
import { membershipOf } from "./membership";
import { parseInput } from "./roles";

/**
 * The quiet hours an owner or guardian sets for a circle's children: every reminder and notification
 * to a child in that circle waits until they end, on top of the child's own (memberDeliverAt below
 * combines them). null turns them off.
 */
export async function setChildQuietHours(
  actorId: string,
  input: { circleId: unknown; quietHours: unknown },
  options: { db?: Db } = {},
): Promise<void> {
  const circleId = parseInput(z.uuid({ message: "circleId is invalid" }), input.circleId, "circleId");
  const quietHours = input.quietHours === null ? null : parseInput(quietHoursSchema, input.quietHours);
  const db = options.db ?? (await getDb());
  const actor = await membershipOf(db, circleId, actorId);
  if (!actor) throw new CircleError(404, circleMessages.circleNotFound);
  if (actor.role !== "owner" && actor.role !== "guardian")
    throw new CircleError(403, "Only the circle's owner or a guardian sets the children's quiet hours");
  await db.update(circles).set({ childQuietHours: quietHours }).where(eq(circles.id, circleId));
}

/**
 * The children's quiet hours of the circle the member's account was made in, while it is a child's
 * (carers.ts): a role someone gave an adult brings no one's quiet hours over their reminders.
 */
export async function childQuietHoursOf(db: Db, memberId: string): Promise<QuietHours[]> {
  const rows = await db
    .select({ quietHours: circles.childQuietHours })
    .from(childConsents)
    .innerJoin(circles, eq(circles.id, childConsents.circleId))
    .where(
      and(
        eq(childConsents.childId, memberId),
        isChildAccountSql(childConsents.childId),
        isNotNull(circles.childQuietHours),
      ),
    );
  return rows.flatMap((row) => (row.quietHours ? [row.quietHours] : []));
}

/** The circles the member owns or guards, each with its children's quiet hours (for the form that sets them). */
export async function childQuietHoursToManage(
  memberId: string,
  options: { db?: Db } = {},
): Promise<{ circleId: string; name: string; quietHours: QuietHours | null }[]> {
  const db = options.db ?? (await getDb());
  return db
    .select({ circleId: circles.id, name: circles.name, quietHours: circles.childQuietHours })
    .from(circleMemberships)
    .innerJoin(circles, eq(circles.id, circleMemberships.circleId))
    .where(and(eq(circleMemberships.memberId, memberId), inArray(circleMemberships.role, ["owner", "guardian"])));
}

/**
 * When a reminder or notification for the member may go out, if it were sent at `at`: after every
 * quiet hour that applies to them (their own, and a child's guardians' ones), in their profile's time
 * zone. The reminders pass it to the outbox as the message's `holdUntil`.
 */
export async function memberDeliverAt(memberId: string, at: Date, tx?: Db): Promise<Date> {
  const db = tx ?? (await getDb());
  const own = await getQuietHours(memberId, db);
  const windows = [...(own ? [own] : []), ...(await childQuietHoursOf(db, memberId))];
  if (windows.length === 0) return at;
  return deliverAt(at, windows, await memberTimeZone(db, memberId));
}
