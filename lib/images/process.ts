import sharp, { type Metadata, type OutputInfo, type Sharp } from "sharp";
import { readCaptureDay } from "./capture-date";
import { detectImageType, type ImageType } from "./detect";
import { ImageError } from "./errors";
import { checkPixels, decodeHeicPixels } from "./heic";

/** At most 40 MB of upload: a 48-megapixel phone JPEG is about 25 MB. */
export const MAX_INPUT_BYTES = 40 * 1024 * 1024;
/** At most 50 megapixels (a 48-megapixel phone photo, 8064 × 6048, fits); refused before decoding. */
export const MAX_INPUT_PIXELS = 50_000_000;

export const DERIVATIVE_SIZES = { display: 1600, thumbnail: 320, placeholder: 16 } as const;
export type DerivativeKind = keyof typeof DERIVATIVE_SIZES;

export type Derivative = {
  kind: DerivativeKind;
  contentType: "image/webp";
  width: number;
  height: number;
  bytes: Uint8Array;
};

export type ProcessedImage = {
  /** What the bytes were. */
  sourceType: ImageType;
  /** The photo's size as shown (after its orientation). */
  width: number;
  height: number;
  /** The day it was taken (YYYY-MM-DD), as the camera wrote it, for the member to see and change; null when unknown. */
  capturedOn: string | null;
  /** Re-encoded from pixels alone: no EXIF, GPS, XMP, IPTC, ICC profile or maker note survives. */
  derivatives: Record<DerivativeKind, Derivative>;
};

/**
 * Turns an uploaded photo into what Happr stores: a display size (1600 px on the long side), a thumbnail
 * (320 px) and a placeholder (16 px, blurred, a few hundred bytes: fit for a data: URL), all WebP,
 * re-encoded from pixels so every metadata block is left behind. Only the capture day is read, before.
 * The original bytes are not returned and must not be kept by the caller.
 *
 * Steps: the type from the bytes; the size limits (bytes, then pixels from the header, before decoding:
 * a decompression bomb is refused without being decoded); decoding (HEIC with libheif in WebAssembly,
 * the rest with sharp), the orientation applied; one downscale to the display size; the three encodings.
 */
export async function processImage(input: Uint8Array): Promise<ProcessedImage> {
  if (input.length > MAX_INPUT_BYTES) {
    throw new ImageError(`This photo is larger than ${MAX_INPUT_BYTES / 1024 / 1024} MB.`, 413);
  }
  const sourceType = detectImageType(input);
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" as const };

  let metadata: Metadata;
  try {
    // The header only (no pixel is decoded), without sharp's own limit, so the refusal below names the size.
    metadata = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch (error) {
    throw unreadable(sourceType, error);
  }
  checkPixels(metadata.width ?? 0, metadata.height ?? 0, MAX_INPUT_PIXELS);
  const capturedOn = await readCaptureDay(metadata.exif);

  let decoded: Sharp;
  let orientedSize: { width: number; height: number };
  if (sourceType === "heic") {
    const pixels = await decodeHeicPixels(input, MAX_INPUT_PIXELS);
    decoded = sharp(Buffer.from(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength), {
      raw: { width: pixels.width, height: pixels.height, channels: pixels.channels },
    });
    orientedSize = { width: pixels.width, height: pixels.height };
  } else {
    // autoOrient: the EXIF orientation is applied to the pixels (it is metadata too, and goes).
    decoded = sharp(input, { ...options, autoOrient: true });
    orientedSize = metadata.autoOrient ?? { width: metadata.width!, height: metadata.height! };
  }

  let display: { data: Buffer; info: OutputInfo };
  try {
    display = await decoded
      .resize({
        width: DERIVATIVE_SIZES.display,
        height: DERIVATIVE_SIZES.display,
        fit: "inside",
        withoutEnlargement: true,
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw unreadable(sourceType, error);
  }
  const pixels = () =>
    sharp(display.data, {
      raw: { width: display.info.width, height: display.info.height, channels: display.info.channels },
    });
  const encode = async (kind: DerivativeKind, image: Sharp, quality: number): Promise<Derivative> => {
    const { data, info } = await image.webp({ quality, effort: 4 }).toBuffer({ resolveWithObject: true });
    return { kind, contentType: "image/webp", width: info.width, height: info.height, bytes: new Uint8Array(data) };
  };
  const inside = (size: number) => ({ width: size, height: size, fit: "inside" as const, withoutEnlargement: true });

  const [displayImage, thumbnail, placeholder] = await Promise.all([
    encode("display", pixels(), 82),
    encode("thumbnail", pixels().resize(inside(DERIVATIVE_SIZES.thumbnail)), 75),
    encode("placeholder", pixels().resize(inside(DERIVATIVE_SIZES.placeholder)).blur(1), 40),
  ]);
  return {
    sourceType,
    width: orientedSize.width,
    height: orientedSize.height,
    capturedOn,
    derivatives: { display: displayImage, thumbnail, placeholder },
  };
}

/** The placeholder (or any small derivative) as a data: URL for an <img> shown while the thumbnail loads. */
export function toDataUrl(derivative: Derivative): string {
  return `data:${derivative.contentType};base64,${Buffer.from(derivative.bytes).toString("base64")}`;
}

const NAMES: Record<ImageType, string> = { jpeg: "JPEG", png: "PNG", webp: "WebP", heic: "HEIC" };

function unreadable(type: ImageType, error: unknown): ImageError {
  const message = error instanceof Error ? error.message : "";
  if (/pixel limit/i.test(message)) {
    return new ImageError(
      `This photo has more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels and cannot be taken.`,
      413,
      { cause: error },
    );
  }
  return new ImageError(`This ${NAMES[type]} photo could not be read: it may be damaged or incomplete.`, 422, {
    cause: error,
  });
}
