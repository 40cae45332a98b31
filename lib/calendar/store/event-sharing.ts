import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/open";
import { shares } from "../../db/schema/circles";
import { EVENT_VISIBILITIES } from "../../db/schema/calendar";
import { circlesOf, membershipOf, shareACircle } from "../../circles/membership";
import { invalidField } from "../errors";
import { EVENT_ITEM_TYPE, type EventRow } from "./rows";
import type { Visibility } from "./event-access";

// Who an event reaches, as its owner chose: the visibility and people checked against the owner's
// circles, and the event's shares written from them in the event's transaction (lib/sharing's rule
// reads them).
const sharingSchema = z.object({
  visibility: z.enum(EVENT_VISIBILITIES, { message: "must be PRIVATE, BUSY, PEOPLE or CIRCLE" }),
  people: z
    .array(z.string({ message: "must be member ids" }).trim().min(1, "must not hold an empty id").max(255), {
      message: "must be a list of member ids",
    })
    .max(20, "lists at most 20 people")
    .nullish()
    .transform((people) => [...new Set(people ?? [])]),
  circleId: z.uuid({ message: "is not a circle id" }).nullish(),
  requiresAcknowledgement: z.boolean({ message: "must be true or false" }).nullish(),
});

export type EventSharing = {
  visibility: Visibility;
  people: string[];
  circleId: string | null;
  requiresAcknowledgement: boolean;
};

export function parseSharing(input: unknown): z.output<typeof sharingSchema> {
  const parsed = sharingSchema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? "visibility");
  throw invalidField(field, issue.message);
}

/**
 * Checks who an event of `ownerId` may reach: attendees are in a circle with the owner (and in the
 * event's circle for CIRCLE and BUSY), a circle is one the owner is in. 400 naming the field.
 */
export async function checkSharing(
  db: Db,
  ownerId: string,
  input: z.output<typeof sharingSchema>,
): Promise<EventSharing> {
  const people = input.people.filter((id) => id !== ownerId);
  const requiresAcknowledgement = input.requiresAcknowledgement ?? false;
  if (input.visibility === "private") {
    if (people.length) throw invalidField("people", "a private event reaches nobody else: choose PEOPLE or CIRCLE");
    if (requiresAcknowledgement) throw invalidField("requiresAcknowledgement", "a private event has nobody to ask");
    return { visibility: "private", people: [], circleId: null, requiresAcknowledgement: false };
  }
  if (input.visibility === "people") {
    if (!people.length) throw invalidField("people", "list at least one person for PEOPLE");
    for (const person of people)
      if (!(await shareACircle(db, ownerId, person)))
        throw invalidField("people", "you can add only people in your circles");
    return { visibility: "people", people, circleId: null, requiresAcknowledgement };
  }
  let circleId = input.circleId ?? null;
  if (circleId) {
    if (!(await membershipOf(db, circleId, ownerId)))
      throw invalidField("circleId", "you can share only with a circle you are in");
  } else {
    const mine = await circlesOf(db, ownerId);
    if (mine.length === 0) throw invalidField("circleId", "you are in no circle yet: choose PRIVATE or invite someone");
    if (mine.length > 1) throw invalidField("circleId", "you are in more than one circle: choose one");
    circleId = mine[0]!.circleId;
  }
  for (const person of people)
    if (!(await membershipOf(db, circleId, person)))
      throw invalidField("people", "attendees must be in the event's circle");
  return { visibility: input.visibility, people, circleId, requiresAcknowledgement };
}

/**
 * Writes the event's shares from its sharing choice, replacing those an earlier choice wrote. Shares
 * the owner made by hand (shareItem) stay, and win over a visibility share to the same person or circle.
 */
export async function writeShares(tx: Db, eventId: string, ownerId: string, sharing: EventSharing): Promise<void> {
  await tx
    .delete(shares)
    .where(and(eq(shares.itemType, EVENT_ITEM_TYPE), eq(shares.itemId, eventId), eq(shares.fromVisibility, true)));
  const base = {
    itemType: EVENT_ITEM_TYPE,
    itemId: eventId,
    ownerId,
    permission: "view" as const,
    fromVisibility: true,
  };
  const rows = [
    ...(sharing.circleId && (sharing.visibility === "circle" || sharing.visibility === "busy")
      ? [{ ...base, circleId: sharing.circleId, memberId: null }]
      : []),
    ...(sharing.visibility === "private"
      ? []
      : sharing.people.map((memberId) => ({ ...base, memberId, circleId: null }))),
  ];
  if (rows.length) await tx.insert(shares).values(rows).onConflictDoNothing();
}

/** After a split, the shares the owner made by hand for the series reach its new part too. */
export async function copyHandMadeShares(tx: Db, from: EventRow, to: EventRow): Promise<void> {
  const handMade = await tx
    .select()
    .from(shares)
    .where(and(eq(shares.itemType, EVENT_ITEM_TYPE), eq(shares.itemId, from.id), eq(shares.fromVisibility, false)));
  if (!handMade.length) return;
  await tx
    .insert(shares)
    .values(handMade.map(({ id: _id, createdAt: _createdAt, ...share }) => ({ ...share, itemId: to.id })))
    .onConflictDoNothing();
}

export const sharingOfRow = (row: EventRow): EventSharing => ({
  visibility: row.visibility,
  people: row.people,
  circleId: row.circleId,
  requiresAcknowledgement: row.requiresAcknowledgement,
});
