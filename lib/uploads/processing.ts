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

/** What processing found, for `recordProcessed` in the job's transaction. */
export type ProcessedUpload =
  | { outcome: "not-waiting" }
  | { outcome: "failed"; message: string; pieces: string[] }
  | {
      outcome: "ready";
      pieces: string[];
      keys: string[];
      image: Pick<typeof images.$inferInsert, "width" | "height" | "capturedOn" | "placeholder" | "storedBytes">;
    };

/**
 * Processes one upload an item holds, outside any transaction (decoding a 12-megapixel photo takes
 * half a second: lib/jobs `SlowJobHandler`): its pieces read back and joined (at most 40 MB, the job's
 * memory, never the request's), `processImage`, the derivatives stored under the image's opaque
 * prefix. A photo lib/images refuses (a decompression bomb, damaged data, another type) is answered as
 * failed with its message; a store that does not answer throws, so the job runs again later.
 */
export async function processUpload(db: Db, imageId: string, store: ObjectStore): Promise<ProcessedUpload> {
  const [row] = await db.select().from(images).where(eq(images.id, imageId));
  if (!row || row.status !== "processing") return { outcome: "not-waiting" };
  const pieces: Uint8Array[] = [];
  for (const key of row.pieces) {
    const bytes = await store.getBytes(key);
    if (!bytes)
      return { outcome: "failed", message: "This photo's bytes are gone: please send it again.", pieces: row.pieces };
    pieces.push(bytes);
  }
  const original = Buffer.concat(pieces);
  try {
    const processed = await processImage(original);
    let storedBytes = 0;
    const keys: string[] = [];
    for (const variant of SERVED_VARIANTS) {
      const derivative = processed.derivatives[variant];
      const key = derivativeKey(row.objectPrefix, variant);
      await store.put(key, derivative.bytes, { contentType: derivative.contentType });
      keys.push(key);
      storedBytes += derivative.bytes.length;
    }
    return {
      outcome: "ready",
      pieces: row.pieces,
      keys,
      image: {
        width: processed.width,
        height: processed.height,
        capturedOn: processed.capturedOn,
        placeholder: toDataUrl(processed.derivatives.placeholder),
        storedBytes,
      },
    };
  } catch (error) {
    if (!(error instanceof ImageError)) throw error;
    return { outcome: "failed", message: error.message, pieces: row.pieces };
  } finally {
    original.fill(0);
  }
}

/**
 * In the job's transaction: the image marked ready (or failed) if it still waits for this, and the
 * original's pieces deleted (the original bytes are not kept). An image deleted while it was processed
 * (its item removed, the account erased) had its objects deleted then: the derivatives stored since
 * are deleted here.
 */
export async function recordProcessed(tx: Db, imageId: string, processed: ProcessedUpload, store: ObjectStore) {
  if (processed.outcome === "not-waiting") return;
  const [row] = await tx.select({ status: images.status }).from(images).where(eq(images.id, imageId)).for("update");
  if (!row) {
    if (processed.outcome === "ready") for (const key of processed.keys) await store.delete(key);
    return;
  }
  // Finished by another run already: the derivatives under these keys are the ones it shows.
  if (row.status !== "processing") return;
  await tx
    .update(images)
    .set(
      processed.outcome === "ready"
        ? { status: "ready", ...processed.image, pieces: [], error: null, updatedAt: new Date() }
        : { status: "failed", error: processed.message, pieces: [], updatedAt: new Date() },
    )
    .where(eq(images.id, imageId));
  for (const key of processed.pieces) await store.delete(key);
}

/** The uploads' job kinds: processing, and removing an upload no item named within a day. */
export function uploadJobHandlers(options: { store?: ObjectStore } = {}): Record<string, JobHandler> {
  return {
    [IMAGE_PROCESS_JOB]: {
      work: async (job, db) => {
        const store = options.store ?? (await getObjectStore());
        const processed = await processUpload(db, job.key, store);
        return async (tx) => {
          await recordProcessed(tx, job.key, processed, store);
          return null;
        };
      },
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
