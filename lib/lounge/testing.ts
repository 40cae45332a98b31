import { eq } from "drizzle-orm";
import type { Db } from "../db/open";
import { childConsents, circleMemberships, circles } from "../db/schema/circles";
import {
  loungeAppeals,
  loungeCheers,
  loungeChildSettings,
  loungeModerationLog,
  loungeModeratorNotes,
  loungeSuspensions,
  loungeMembers,
  loungePosts,
  loungeReports,
  loungeRooms,
  loungeSeats,
  loungeTables,
  loungeTeenConfirmations,
} from "../db/schema/lounge";
import { memberProfiles } from "../db/schema/profile";
import type { LiveEvent } from "../live";

/** The tables a Lounge test empties between tests (the rooms stay: the migration seeds them). */
export const LOUNGE_TABLES = [
  loungeAppeals,
  loungeModerationLog,
  loungeModeratorNotes,
  loungeSuspensions,
  loungeReports,
  loungeCheers,
  loungePosts,
  loungeSeats,
  loungeTables,
  loungeMembers,
  loungeChildSettings,
  loungeTeenConfirmations,
  memberProfiles,
  childConsents,
  circleMemberships,
  circles,
];

/** A seeded room's id by its slug ("family-life", "kind-corner", "study-break"...). */
export async function roomId(db: Db, slug: string): Promise<string> {
  const [room] = await db.select({ id: loungeRooms.id }).from(loungeRooms).where(eq(loungeRooms.slug, slug));
  if (!room) throw new Error(`no room ${slug}`);
  return room.id;
}

/** A publisher that records what would go out on the live port. */
export function recordedEvents() {
  const events: { channel: string; event: LiveEvent }[] = [];
  return {
    events,
    publish: async (channel: string, event: LiveEvent) => {
      events.push({ channel, event });
      return String(events.length);
    },
  };
}
