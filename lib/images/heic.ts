import { ImageError } from "./errors";

type HeicImage = {
  width: number;
  height: number;
  decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
};
type HeicImages = HeicImage[] & { dispose(): void };

/**
 * Decodes a HEIC (HEVC) photo's primary image to RGBA pixels with libheif compiled to WebAssembly
 * (`heic-decode` over `libheif-js`): sharp's prebuilt libvips reads HEIF containers but has no HEVC
 * decoder. The size is checked from the container before a pixel is decoded. libheif applies the
 * container's rotation and mirroring (irot/imir), which is where HEIF keeps the orientation.
 * The decoder runs on the calling thread (WebAssembly, not libuv's pool): seconds of CPU for a
 * 12-megapixel photo (bench/image-processing.ts), so it belongs in a job, not a request.
 */
export async function decodeHeicPixels(bytes: Uint8Array, maxPixels: number) {
  // Imported on the first HEIC photo, not with the server: libheif's WebAssembly instance holds about
  // 26 MB from the moment it loads (bench/memory-breakdown.ts found it in every server's heap).
  const { default: decodeHeic } = await import("heic-decode");
  let images: HeicImages;
  try {
    images = (await decodeHeic.all({ buffer: bytes })) as unknown as HeicImages;
  } catch (error) {
    throw new ImageError("This HEIC photo could not be read.", 422, { cause: error });
  }
  try {
    const primary = images[0];
    if (!primary) throw new ImageError("This HEIC file holds no image.", 422);
    checkPixels(primary.width, primary.height, maxPixels);
    const decoded = await primary.decode();
    return { width: decoded.width, height: decoded.height, channels: 4 as const, data: decoded.data };
  } catch (error) {
    if (error instanceof ImageError) throw error;
    throw new ImageError("This HEIC photo could not be read.", 422, { cause: error });
  } finally {
    images.dispose();
  }
}

export function checkPixels(width: number, height: number, maxPixels: number) {
  if (!(width > 0 && height > 0)) throw new ImageError("This photo has no size: it could not be read.", 422);
  if (width * height > maxPixels) {
    throw new ImageError(
      `This photo is ${width} × ${height} pixels: at most ${Math.floor(maxPixels / 1_000_000)} megapixels can be taken.`,
      413,
    );
  }
}
