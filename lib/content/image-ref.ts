/**
 * Sanity image asset references: `image-<assetId>-<width>x<height>-<ext>`. Pure, so both the image
 * URL builders and the route that serves bundled images share one strict parser.
 */

export type ImageRef = { assetId: string; width: number; height: number; extension: ImageExtension };

/** What the site serves; SVG is left out on purpose (it can carry script). */
export const imageContentTypes = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
} as const;

export type ImageExtension = keyof typeof imageContentTypes;

const MAX_DIMENSION = 20_000;

// Sanity's asset ids are hex digests; dataset authors may use other letters or digits, never a dash
// (@sanity/image-url splits the ref on dashes).
const REF = /^image-([A-Za-z0-9]{1,100})-([1-9][0-9]{0,4})x([1-9][0-9]{0,4})-([a-z]{3,4})$/;
const FILE = /^([A-Za-z0-9]{1,100})-([1-9][0-9]{0,4})x([1-9][0-9]{0,4})\.([a-z]{3,4})$/;

function build(match: RegExpExecArray | null): ImageRef | null {
  if (!match) return null;
  const [, assetId, w, h, ext] = match;
  if (!assetId || !w || !h || !ext || !(ext in imageContentTypes)) return null;
  const width = Number(w);
  const height = Number(h);
  if (width > MAX_DIMENSION || height > MAX_DIMENSION) return null;
  return { assetId, width, height, extension: ext as ImageExtension };
}

/** Parses `image-<assetId>-<w>x<h>-<ext>`; null when the ref is malformed. */
export function parseImageRef(ref: string): ImageRef | null {
  return build(REF.exec(ref));
}

/** Parses a bundled image's file name, `<assetId>-<w>x<h>.<ext>`; null for anything else (no paths). */
export function parseImageFileName(name: string): ImageRef | null {
  return build(FILE.exec(name));
}

/** The file name of a bundled image under sanity/dataset/images/. */
export function imageFileName(ref: ImageRef): string {
  return `${ref.assetId}-${ref.width}x${ref.height}.${ref.extension}`;
}
