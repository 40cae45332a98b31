import { inArray } from "drizzle-orm";
import type { Db } from "../db/open";
import { images } from "../db/schema/uploads";
import { imageUrlOf } from "./serve";

/**
 * An image as the pages and the API show it, whatever item holds it (a moment, a board photo): an
 * image not ready has no address, size or placeholder yet; a failed one says why.
 */
export type ImageView = {
  status: "processing" | "ready" | "failed";
  url: string | null;
  thumbnailUrl: string | null;
  placeholder: string | null;
  width: number | null;
  height: number | null;
  error: string | null;
};

/** The columns of `images` that `imageViewOf` reads: select them with the holder's own row. */
export const imageViewColumns = {
  status: images.status,
  width: images.width,
  height: images.height,
  placeholder: images.placeholder,
  error: images.error,
};
type ImageViewRow = {
  status: string;
  width: number | null;
  height: number | null;
  placeholder: string | null;
  error: string | null;
};

/** The one mapping from a stored image to what is shown (served through lib/uploads' image route). */
export function imageViewOf(imageId: string, row: ImageViewRow): ImageView {
  const ready = row.status === "ready";
  return {
    status: ready ? "ready" : row.status === "failed" ? "failed" : "processing",
    url: ready ? imageUrlOf(imageId, "display") : null,
    thumbnailUrl: ready ? imageUrlOf(imageId, "thumbnail") : null,
    placeholder: ready ? row.placeholder : null,
    width: ready ? row.width : null,
    height: ready ? row.height : null,
    error: row.status === "failed" ? row.error : null,
  };
}

/** Many images' views by id, in one read (for holders that keep only the image's id). */
export async function imageViews(db: Db, imageIds: string[]): Promise<Map<string, ImageView>> {
  if (imageIds.length === 0) return new Map();
  const rows = await db
    .select({ id: images.id, ...imageViewColumns })
    .from(images)
    .where(inArray(images.id, imageIds));
  return new Map(rows.map((row) => [row.id, imageViewOf(row.id, row)]));
}
