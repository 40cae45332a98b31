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
import { images } from "../db/schema/uploads";
import { jobs } from "../db/schema";
import { createImageUpload, receiveUploadBody } from "../uploads";
import { phoneJpeg } from "../images/__fixtures__/photos";

/** Test helper: a photo the member has uploaded whole (no post names it yet); its upload id. */
export async function uploadedPhoto(db: Db, memberId: string, photo?: Uint8Array): Promise<string> {
  const bytes = photo ?? (await phoneJpeg({ width: 64, height: 48 }));
  const { uploadId } = await createImageUpload(memberId, { contentType: "image/jpeg", byteSize: bytes.length }, { db });
  await receiveUploadBody(
    memberId,
    uploadId,
    { contentRange: null, body: new Blob([new Uint8Array(bytes)]).stream() },
    { db },
  );
  return uploadId;
}

/** With LOUNGE_TABLES, what a test of posts' photos empties too. */
export const LOUNGE_IMAGE_TABLES = [images, jobs];

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
