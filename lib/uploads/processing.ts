import { eq } from "drizzle-orm";
import type { Db } from "../db/open";
import { images } from "../db/schema/uploads";
import { ImageError, processImage, toDataUrl, type DerivativeKind } from "../images";
import { runDueJobs, type JobHandler } from "../jobs";
import { logError } from "../log";
import { getObjectStore, type ObjectStore } from "../storage";
import { IMAGE_PROCESS_JOB, UPLOAD_EXPIRE_JOB, deleteImages } from "./uploads";

/** The stored derivatives an image URL may name (the placeholder travels as a data URL). */
export const SERVED_VARIANTS = ["display", "thumbnail"] as const satisfies readonly DerivativeKind[];
export type ServedVariant = (typeof SERVED_VARIANTS)[number];

export const derivativeKey = (objectPrefix: string, variant: ServedVariant) => `${objectPrefix}${variant}.webp`;

/**
 * Processes one upload an item holds: its pieces read back and joined (at most 40 MB, the job's
 * memory, never the request's), `processImage`, the derivatives stored under the image's opaque
 * prefix, the pieces deleted: the original bytes are not kept. A photo lib/images refuses (a
 * decompression bomb, damaged data, another type) marks the image failed with its message; a store
 * that does not answer throws, so the job runs again later.
 */
export async function processUpload(tx: Db, imageId: string, store: ObjectStore): Promise<void> {
  const [row] = await tx.select().from(images).where(eq(images.id, imageId)).for("update");
  if (!row || row.status !== "processing") return;
  const pieces: Uint8Array[] = [];
  for (const key of row.pieces) {
    const bytes = await store.getBytes(key);
    if (!bytes) return markFailed(tx, row.id, "This photo's bytes are gone: please send it again.");
    pieces.push(bytes);
  }
  const original = Buffer.concat(pieces);
  try {
    const processed = await processImage(original);
    let storedBytes = 0;
    for (const variant of SERVED_VARIANTS) {
      const derivative = processed.derivatives[variant];
      await store.put(derivativeKey(row.objectPrefix, variant), derivative.bytes, {
        contentType: derivative.contentType,
      });
      storedBytes += derivative.bytes.length;
    }
    await tx
      .update(images)
      .set({
        status: "ready",
        width: processed.width,
        height: processed.height,
        capturedOn: processed.capturedOn,
        placeholder: toDataUrl(processed.derivatives.placeholder),
        storedBytes,
        pieces: [],
        error: null,
        updatedAt: new Date(),
      })
      .where(eq(images.id, row.id));
  } catch (error) {
    if (!(error instanceof ImageError)) throw error;
    await markFailed(tx, row.id, error.message);
  } finally {
    original.fill(0);
  }
  for (const key of row.pieces) await store.delete(key);
}

async function markFailed(tx: Db, imageId: string, message: string) {
  await tx
    .update(images)
    .set({ status: "failed", error: message, pieces: [], updatedAt: new Date() })
    .where(eq(images.id, imageId));
}

/** The uploads' job kinds: processing, and removing an upload no item named within a day. */
export function uploadJobHandlers(options: { store?: ObjectStore } = {}): Record<string, JobHandler> {
  return {
    [IMAGE_PROCESS_JOB]: async (job, tx) => {
      await processUpload(tx, job.key, options.store ?? (await getObjectStore()));
      return null;
    },
    [UPLOAD_EXPIRE_JOB]: async (job, tx) => {
      const [row] = await tx.select({ holderId: images.holderId }).from(images).where(eq(images.id, job.key));
      if (row && row.holderId === null) await deleteImages(tx, [job.key], options);
      return null;
    },
  };
}

/**
 * Runs the processing jobs that are due now, right after an upload completes or an item names it (the
 * job timer would reach them within a minute): the member sees the photo in seconds.
 */
export async function processPendingImages(options: { db?: Db; store?: ObjectStore } = {}): Promise<void> {
  const handlers = uploadJobHandlers(options);
  await runDueJobs({ [IMAGE_PROCESS_JOB]: handlers[IMAGE_PROCESS_JOB]! }, { db: options.db, limit: 5 }).catch(
    (error: unknown) => logError("[uploads] processing failed", error),
  );
}
