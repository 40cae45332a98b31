import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { preparedPerDatabase } from "../db/prepared";
import { images } from "../db/schema/uploads";
import { parseOrFail } from "../errors";
import { ACCEPTED_TYPES_TEXT, detectImageType, ImageError, MAX_INPUT_BYTES } from "../images";
import { scheduleJob } from "../jobs";
import { getObjectStore, newObjectId, type ObjectStore } from "../storage";
import { isUuid } from "../uuid";
import { UploadError, uploadNotFound } from "./errors";

/** The largest photo taken: lib/images' limit (40 MB). */
export const MAX_UPLOAD_BYTES = MAX_INPUT_BYTES;
/** What one member may keep: stored derivatives plus uploads not yet processed (their declared size). */
export const QUOTA_BYTES = 1024 * 1024 * 1024;
/** The largest piece stored at once: a body is cut into pieces of this size as it arrives. */
export const MAX_PIECE_BYTES = 8 * 1024 * 1024;
/** An upload no item names within this time is deleted (its bytes and its row). */
export const UNCLAIMED_UPLOAD_HOURS = 24;
/** The types an upload may declare; the type taken is decided from the bytes. */
export const ACCEPTED_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif"] as const;

export const IMAGE_PROCESS_JOB = "image-process";
export const UPLOAD_EXPIRE_JOB = "image-upload-expire";

type Options = { db?: Db; store?: ObjectStore };

const fail = (message: string, field: string | undefined) => new UploadError(400, message, { field });

const uploadInput = z.object({
  contentType: z
    .string({ message: "Give the photo's content type." })
    .trim()
    .toLowerCase()
    .max(100, "The content type is too long."),
  byteSize: z
    .number({ message: "Give the photo's size in bytes." })
    .int("The photo's size is a whole number of bytes.")
    .min(1, "The photo is empty."),
});

export type ImageUpload = { uploadId: string; uploadUrl: string; maxBytes: number };

export const uploadUrlOf = (uploadId: string) => `/api/uploads/${uploadId}`;

/**
 * Starts an upload: checks the declared type and size against the limits and the member's quota
 * (serialised per member), and answers where to send the bytes. An upload no item names is removed
 * after a day (a job).
 */
export async function createImageUpload(memberId: string, input: unknown, options: Options = {}): Promise<ImageUpload> {
  const { contentType, byteSize } = parseOrFail(uploadInput, input, fail);
  if (!(ACCEPTED_CONTENT_TYPES as readonly string[]).includes(contentType))
    throw new UploadError(415, `Please choose ${ACCEPTED_TYPES_TEXT}.`, { field: "contentType" });
  if (byteSize > MAX_UPLOAD_BYTES)
    throw new UploadError(
      413,
      `This photo is ${megabytes(byteSize)}: at most ${megabytes(MAX_UPLOAD_BYTES)} can be sent.`,
      {
        field: "byteSize",
      },
    );
  const db = options.db ?? (await getDb());
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${memberId}`}, 0))`);
    const used = await usedBytes(tx, memberId);
    if (used + byteSize > QUOTA_BYTES)
      throw new UploadError(
        413,
        `Your photos use ${megabytes(used)} of ${megabytes(QUOTA_BYTES)}: delete some moments to send this one.`,
        { field: "byteSize" },
      );
    const [row] = await tx
      .insert(images)
      .values({
        ownerId: memberId,
        declaredType: contentType,
        byteSize,
        objectPrefix: `members/${safeSegment(memberId)}/images/${newObjectId()}/`,
      })
      .returning({ id: images.id });
    const runAt = new Date(Date.now() + UNCLAIMED_UPLOAD_HOURS * 3600_000);
    await scheduleJob(tx, { kind: UPLOAD_EXPIRE_JOB, key: row!.id, memberId, runAt, payload: {} });
    return { uploadId: row!.id, uploadUrl: uploadUrlOf(row!.id), maxBytes: MAX_UPLOAD_BYTES };
  });
}

/** Member ids are the issuer's subjects: kept to key-safe characters (an id never comes from a form). */
const safeSegment = (memberId: string) => memberId.replace(/[^A-Za-z0-9_-]/g, "_");

export const memberObjectPrefix = (memberId: string) => `members/${safeSegment(memberId)}/`;

const megabytes = (bytes: number) =>
  bytes >= 1024 * 1024 * 1024 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

async function usedBytes(db: Db, memberId: string): Promise<number> {
  const [row] = await usedBytesRead(db).execute({ memberId });
  return Number(row?.used ?? 0);
}

// Prepared (lib/db/prepared.ts): Cam's page shows the space used on every view.
const usedBytesRead = preparedPerDatabase((db) =>
  db
    .select({
      used: sql<number>`coalesce(sum(case when ${images.status} in ('ready') then ${images.storedBytes}
        when ${images.status} = 'failed' then 0 else ${images.byteSize} end), 0)::bigint`,
    })
    .from(images)
    .where(eq(images.ownerId, sql.placeholder("memberId")))
    .prepare("uploads_used_bytes"),
);

/** What the page shows: the bytes the member's photos take and the most they may. */
export async function uploadQuota(memberId: string, options: Options = {}) {
  const db = options.db ?? (await getDb());
  return { usedBytes: await usedBytes(db, memberId), limitBytes: QUOTA_BYTES };
}

export type UploadProgress = { uploadId: string; byteSize: number; received: number; complete: boolean };

async function ownUpload(db: Db, memberId: string, uploadId: string) {
  if (!isUuid(uploadId)) throw uploadNotFound();
  const [row] = await db
    .select()
    .from(images)
    .where(and(eq(images.id, uploadId), eq(images.ownerId, memberId)));
  if (!row) throw uploadNotFound();
  return row;
}

const progressOf = (row: { id: string; byteSize: number; received: number }): UploadProgress => ({
  uploadId: row.id,
  byteSize: row.byteSize,
  received: row.received,
  complete: row.received === row.byteSize,
});

/** How much of the caller's upload has arrived (to resume from `received`). */
export async function uploadProgress(
  memberId: string,
  uploadId: string,
  options: Options = {},
): Promise<UploadProgress> {
  const db = options.db ?? (await getDb());
  return progressOf(await ownUpload(db, memberId, uploadId));
}

/** `bytes <first>-<last>/<total>`, as HTTP writes a range; null without the header. */
export function parseContentRange(header: string | null): { first: number; last: number; total: number } | null {
  if (header === null) return null;
  const match = /^bytes (\d{1,10})-(\d{1,10})\/(\d{1,10})$/.exec(header.trim());
  if (!match)
    throw new UploadError(400, "Content-Range must read bytes <first>-<last>/<total>.", { field: "Content-Range" });
  const [first, last, total] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (last < first || last >= total)
    throw new UploadError(400, "Content-Range's last byte must come after its first and before the total.", {
      field: "Content-Range",
    });
  return { first, last, total };
}

/** Enough of the first bytes to tell the type (a HEIC's ftyp box and its brands). */
const TYPE_SNIFF_BYTES = 4096;

export type ReceiveResult = UploadProgress & { processingScheduled: boolean };

/**
 * Takes the bytes of a PUT to an upload: the whole photo, or the chunk `Content-Range` names, which
 * must start where the bytes received end. The body is read as a stream with a limit (what the
 * upload still lacks, whatever Content-Length says) and stored as it arrives, in pieces of at most
 * 8 MB under the upload's opaque prefix; the type is decided from the first bytes (415 otherwise).
 * Two PUTs racing for the same offset: the first to record its pieces wins, the other answers 409
 * and its pieces are deleted. When the last byte arrives and an item already names the upload, its
 * processing is scheduled.
 */
export async function receiveUploadBody(
  memberId: string,
  uploadId: string,
  request: { contentRange: string | null; body: ReadableStream<Uint8Array> | null },
  options: Options = {},
): Promise<ReceiveResult> {
  const db = options.db ?? (await getDb());
  const store = options.store ?? (await getObjectStore());
  const row = await ownUpload(db, memberId, uploadId);
  const range = parseContentRange(request.contentRange);
  const offset = range?.first ?? 0;
  if (row.status !== "uploading" || row.received === row.byteSize)
    throw new UploadError(409, "Every byte of this upload has arrived already.");
  if (range && range.total !== row.byteSize)
    throw new UploadError(400, `Content-Range's total must be the size declared, ${row.byteSize} bytes.`, {
      field: "Content-Range",
    });
  if (offset !== row.received)
    throw new UploadError(409, `${row.received} bytes have arrived: send the next chunk from byte ${row.received}.`);
  const expected = range ? range.last - range.first + 1 : row.byteSize - row.received;
  if (range && expected > MAX_PIECE_BYTES)
    throw new UploadError(413, `Send chunks of at most ${megabytes(MAX_PIECE_BYTES)}.`, { field: "Content-Range" });

  if (offset === 0 && expected < Math.min(TYPE_SNIFF_BYTES, row.byteSize))
    throw new UploadError(400, "Send at least the first 4 KB in the first chunk: they say what the file is.", {
      field: "Content-Range",
    });

  const written: string[] = [];
  let total = 0;
  try {
    total = await readInPieces(request.body, expected, async (piece, isFirst) => {
      if (isFirst && offset === 0) detectImageType(piece);
      const key = `${row.objectPrefix}upload/${String(offset + total).padStart(10, "0")}-${newObjectId()}`;
      await store.put(key, piece, { contentType: "application/octet-stream" });
      written.push(key);
    });
    if (total !== expected)
      throw new UploadError(400, `The body held ${total} bytes where ${expected} were expected.`, { field: "body" });
    const result = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(images)
        .set({
          received: sql`${images.received} + ${total}`,
          pieces: sql`${images.pieces} || ${JSON.stringify(written)}::jsonb`,
          updatedAt: new Date(),
        })
        .where(and(eq(images.id, row.id), eq(images.received, offset), eq(images.status, "uploading")))
        .returning();
      if (!updated) throw new UploadError(409, "Another request sent these bytes first: ask how much has arrived.");
      let processingScheduled = false;
      if (updated.received === updated.byteSize) processingScheduled = await markUploaded(tx, updated.id);
      return { ...progressOf(updated), processingScheduled };
    });
    return result;
  } catch (error) {
    await Promise.all(written.map((key) => store.delete(key).catch(() => undefined)));
    if (error instanceof ImageError) throw new UploadError(error.status, error.message, { field: "file" });
    throw error;
  }
}

/**
 * Reads a body up to `limit` bytes, handing on pieces of at most MAX_PIECE_BYTES as they fill. More
 * bytes than the limit: 413, nothing more is read.
 */
async function readInPieces(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
  onPiece: (piece: Uint8Array, isFirst: boolean) => Promise<void>,
): Promise<number> {
  if (!body) return 0;
  const reader = body.getReader();
  let buffered: Uint8Array[] = [];
  let bufferedBytes = 0;
  let total = 0;
  let first = true;
  const flush = async () => {
    if (bufferedBytes === 0) return;
    const piece = concat(buffered, bufferedBytes);
    buffered = [];
    bufferedBytes = 0;
    await onPiece(piece, first);
    first = false;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > limit)
        throw new UploadError(413, `This upload takes ${limit} more bytes, and more were sent.`, { field: "body" });
      let chunk = value;
      while (chunk.length > 0) {
        const room = MAX_PIECE_BYTES - bufferedBytes;
        buffered.push(chunk.subarray(0, room));
        bufferedBytes += Math.min(room, chunk.length);
        chunk = chunk.subarray(room);
        if (bufferedBytes === MAX_PIECE_BYTES) await flush();
      }
    }
    await flush();
    return total;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Every byte is there: processing starts now when an item names the upload, else when one does. */
async function markUploaded(tx: Db, imageId: string): Promise<boolean> {
  const [row] = await tx
    .update(images)
    .set({ status: sql`case when ${images.holderId} is null then 'uploaded' else 'processing' end` })
    .where(eq(images.id, imageId))
    .returning({ status: images.status, ownerId: images.ownerId });
  if (row?.status !== "processing") return false;
  await scheduleProcessing(tx, imageId, row.ownerId);
  return true;
}

async function scheduleProcessing(tx: Db, imageId: string, ownerId: string) {
  await scheduleJob(tx, { kind: IMAGE_PROCESS_JOB, key: imageId, memberId: ownerId, runAt: new Date(), payload: {} });
}

/**
 * An item (`holder`) takes the caller's upload, in the item's transaction: 404 for an upload that is
 * not the caller's, 409 for one another item holds. Processing is scheduled now if every byte is
 * there, else when the last one arrives. Answers whether it was scheduled now.
 */
export async function claimUpload(
  tx: Db,
  memberId: string,
  uploadId: string,
  holder: { kind: string; id: string },
): Promise<{ processingScheduled: boolean }> {
  if (!isUuid(uploadId)) throw uploadNotFound();
  const [row] = await tx
    .select()
    .from(images)
    .where(and(eq(images.id, uploadId), eq(images.ownerId, memberId)))
    .for("update");
  if (!row) throw uploadNotFound();
  if (row.holderId !== null && !(row.holderKind === holder.kind && row.holderId === holder.id))
    throw new UploadError(409, "This upload already belongs to another item: send the photo again.", {
      field: "uploadId",
    });
  if (row.status === "failed")
    throw new UploadError(422, row.error ?? "This photo could not be taken.", { field: "uploadId" });
  const processing = row.status === "uploaded";
  await tx
    .update(images)
    .set({ holderKind: holder.kind, holderId: holder.id, ...(processing ? { status: "processing" as const } : {}) })
    .where(eq(images.id, row.id));
  if (processing) await scheduleProcessing(tx, row.id, memberId);
  return { processingScheduled: processing };
}

/**
 * Deletes images and every object under them (the holder is gone). The rows go in the caller's
 * transaction; the objects right away (an object without its row is never served).
 */
export async function deleteImages(tx: Db, imageIds: string[], options: { store?: ObjectStore } = {}): Promise<void> {
  if (imageIds.length === 0) return;
  const store = options.store ?? (await getObjectStore());
  const rows = await tx
    .delete(images)
    .where(inArray(images.id, imageIds))
    .returning({ objectPrefix: images.objectPrefix, id: images.id });
  for (const row of rows) await store.deletePrefix(row.objectPrefix);
}

/** For an erased account: every image row and every object the member stored. */
export async function forgetImagesOf(tx: Db, memberId: string, options: { store?: ObjectStore } = {}): Promise<void> {
  const store = options.store ?? (await getObjectStore());
  await tx.delete(images).where(eq(images.ownerId, memberId));
  await store.deletePrefix(memberObjectPrefix(memberId));
}
