import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { camPreferences, childCamSettings, momentAlbums, momentReactions, moments } from "../db/schema/cam";
import { shares } from "../db/schema/circles";
import { images } from "../db/schema/uploads";
import { derivativeKey, forgetImagesOf } from "../uploads";
import { getObjectStore, type ObjectStore } from "../storage";

/** Where a moment's photo sits in the data download's ZIP. */
export const photoPathOf = (momentId: string) => `cam/${momentId}.webp`;

/**
 * The member's Happr Cam, for the data download (asked for: discreet mode keeps Cam out unless the
 * member ticks it): their moments with the file each photo is in, their albums, the reactions on their
 * moments and those they wrote, for a child their carers' sharing setting, and their own Cam choices.
 */
export async function exportCam(memberId: string, options: { db?: Db } = {}) {
  const db = options.db ?? (await getDb());
  const rows = await db
    .select({ moment: moments, status: images.status, width: images.width, height: images.height })
    .from(moments)
    .innerJoin(images, eq(images.id, moments.imageId))
    .where(eq(moments.ownerId, memberId))
    .orderBy(moments.createdAt);
  const ids = rows.map((row) => row.moment.id);
  const received = ids.length
    ? await db
        .select({
          momentId: momentReactions.momentId,
          reaction: momentReactions.reaction,
          note: momentReactions.note,
          at: momentReactions.createdAt,
        })
        .from(momentReactions)
        .where(inArray(momentReactions.momentId, ids))
    : [];
  const written = await db
    .select({
      momentId: momentReactions.momentId,
      reaction: momentReactions.reaction,
      note: momentReactions.note,
      at: momentReactions.createdAt,
    })
    .from(momentReactions)
    .where(eq(momentReactions.authorId, memberId));
  const albums = await db
    .select({ id: momentAlbums.id, name: momentAlbums.name })
    .from(momentAlbums)
    .where(eq(momentAlbums.ownerId, memberId));
  const [setting] = await db.select().from(childCamSettings).where(eq(childCamSettings.childId, memberId));
  const [choices] = await db.select().from(camPreferences).where(eq(camPreferences.memberId, memberId));
  return {
    moments: rows.map(({ moment, status, width, height }) => ({
      id: moment.id,
      day: moment.day,
      note: moment.note,
      alt: moment.alt,
      habitId: moment.habitId,
      albumId: moment.albumId,
      goalId: moment.goalId,
      createdAt: moment.createdAt.toISOString(),
      photo: status === "ready" ? { file: photoPathOf(moment.id), width, height } : null,
      reactions: received
        .filter((reaction) => reaction.momentId === moment.id)
        .map(({ reaction, note, at }) => ({ reaction, note, at: at.toISOString() })),
    })),
    albums,
    reactionsYouWrote: written.map(({ momentId, reaction, note, at }) => ({
      momentId,
      reaction,
      note,
      at: at.toISOString(),
    })),
    childSharing: setting ? { mayShareWithCircle: setting.mayShare } : null,
    // Their own choices: covered photos (null: following discreet mode), the weekly prompt's day (null: off).
    preferences: choices ? { concealPhotos: choices.concealPhotos, promptWeekday: choices.promptWeekday } : null,
  };
}

/** Each ready photo of the member's moments (its display size), for the download's ZIP: path and bytes. */
export async function* camPhotoFiles(
  memberId: string,
  options: { db?: Db; store?: ObjectStore } = {},
): AsyncGenerator<{ path: string; bytes: Uint8Array }> {
  const db = options.db ?? (await getDb());
  const store = options.store ?? (await getObjectStore());
  const rows = await db
    .select({ id: moments.id, prefix: images.objectPrefix })
    .from(moments)
    .innerJoin(images, eq(images.id, moments.imageId))
    .where(eq(moments.ownerId, memberId));
  for (const row of rows) {
    const bytes = await store.getBytes(derivativeKey(row.prefix, "display"));
    if (bytes) yield { path: photoPathOf(row.id), bytes };
  }
}

/**
 * Erasure, in its transaction: the member's moments (with the shares and reactions on them), their
 * albums, the reactions they wrote on others' moments, a child's setting, and every image they stored
 * (rows and objects).
 */
export async function forgetCam(tx: Db, memberId: string, options: { store?: ObjectStore } = {}): Promise<void> {
  // Circles' erasure ends every share of theirs too; these go here so Cam alone leaves none behind.
  await tx.delete(shares).where(and(eq(shares.itemType, "moment"), eq(shares.ownerId, memberId)));
  await tx.delete(momentReactions).where(eq(momentReactions.authorId, memberId));
  await tx.delete(moments).where(eq(moments.ownerId, memberId));
  await tx.delete(momentAlbums).where(eq(momentAlbums.ownerId, memberId));
  await tx.delete(childCamSettings).where(eq(childCamSettings.childId, memberId));
  await tx.delete(camPreferences).where(eq(camPreferences.memberId, memberId));
  await forgetImagesOf(tx, memberId, options);
}
