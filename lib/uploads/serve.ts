import { and, eq } from "drizzle-orm";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { images } from "../db/schema/uploads";
import { getObjectStore, type ObjectStore } from "../storage";
import { isUuid } from "../uuid";
import { derivativeKey, SERVED_VARIANTS, type ServedVariant } from "./processing";

/**
 * Whether `viewerId` may see the item that holds an image: each kind of holder answers with its own
 * access rule (a moment: the sharing rule). Given by the features through lib/features.ts
 * (`imageHolders`): uploads import no feature. A holder kind not given serves nothing.
 */
export type ImageHolder = (db: Db, viewerId: string, holder: { id: string; ownerId: string }) => Promise<boolean>;
export type ImageHolders = Record<string, ImageHolder>;

/** The generic name a browser is given: never the member's file name. */
export const SERVED_FILE_NAME = "photo.webp";
/** A signed URL lives this long: enough to follow the redirect, short because it cannot be revoked. */
export const SIGNED_URL_SECONDS = 60;

export const imageUrlOf = (imageId: string, variant: ServedVariant) => `/api/images/${imageId}/${variant}`;

/**
 * Images are GETs that change nothing, so they take no Origin check (a link opened from elsewhere
 * shows the member their own photo); the session cookie (SameSite=Lax) is not sent when another
 * site embeds one, and Cross-Origin-Resource-Policy refuses the bytes to another site's page anyway.
 */
export const IMAGE_HEADERS = {
  "cache-control": "private, no-store",
  "cross-origin-resource-policy": "same-origin",
  "content-disposition": `inline; filename="${SERVED_FILE_NAME}"`,
  "x-content-type-options": "nosniff",
} as const;

/**
 * The answer to `GET /api/images/<imageId>/<variant>` for a member: checked on every request (no
 * cache), so a revoked share stops at once. 404 for an image that is not ready, a variant that is not
 * served, or an item the viewer may not see, alike. On disk the bytes are streamed; on S3 a redirect
 * to a signed URL for that one derivative.
 */
export async function imageResponse(
  viewerId: string,
  imageId: string,
  variant: string,
  holders: ImageHolders,
  options: { db?: Db; store?: ObjectStore } = {},
): Promise<Response> {
  const notFound = () =>
    Response.json({ statusCode: 404, message: "Image not found" }, { status: 404, headers: IMAGE_HEADERS });
  if (!isUuid(imageId) || !(SERVED_VARIANTS as readonly string[]).includes(variant)) return notFound();
  const db = options.db ?? (await getDb());
  const [row] = await db
    .select({
      ownerId: images.ownerId,
      holderKind: images.holderKind,
      holderId: images.holderId,
      prefix: images.objectPrefix,
    })
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.status, "ready")));
  if (!row?.holderKind || !row.holderId) return notFound();
  const holder = holders[row.holderKind];
  if (!holder || !(await holder(db, viewerId, { id: row.holderId, ownerId: row.ownerId }))) return notFound();
  const store = options.store ?? (await getObjectStore());
  const key = derivativeKey(row.prefix, variant as ServedVariant);
  const signed = await store.signedUrl(key, { expiresInSeconds: SIGNED_URL_SECONDS, fileName: SERVED_FILE_NAME });
  if (signed) return new Response(null, { status: 302, headers: { ...IMAGE_HEADERS, location: signed } });
  const object = await store.get(key);
  if (!object) return notFound();
  return new Response(object.body, {
    headers: { ...IMAGE_HEADERS, "content-type": object.contentType, "content-length": String(object.size) },
  });
}
