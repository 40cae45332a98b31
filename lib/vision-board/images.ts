import { inArray } from "drizzle-orm";
import type { Db } from "../db/open";
import { images } from "../db/schema/uploads";
import { imageUrlOf } from "../uploads";

/** A board photo as the pages and the API show it (lib/uploads' image, served through its route). */
export type BoardImage = {
  status: "processing" | "ready" | "failed";
  url: string | null;
  thumbnailUrl: string | null;
  placeholder: string | null;
  width: number | null;
  height: number | null;
};

/** The photos' states and addresses, by image id, in one read (an image not ready has no address yet). */
export async function boardImages(db: Db, imageIds: string[]): Promise<Map<string, BoardImage>> {
  if (imageIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: images.id,
      status: images.status,
      width: images.width,
      height: images.height,
      placeholder: images.placeholder,
    })
    .from(images)
    .where(inArray(images.id, imageIds));
  return new Map(
    rows.map((row) => {
      const ready = row.status === "ready";
      const image: BoardImage = {
        status: ready ? "ready" : row.status === "failed" ? "failed" : "processing",
        url: ready ? imageUrlOf(row.id, "display") : null,
        thumbnailUrl: ready ? imageUrlOf(row.id, "thumbnail") : null,
        placeholder: ready ? row.placeholder : null,
        width: ready ? row.width : null,
        height: ready ? row.height : null,
      };
      return [row.id, image];
    }),
  );
}
