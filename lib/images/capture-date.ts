import exifr from "exifr";

/**
 * The day a photo was taken, as the camera wrote it (EXIF DateTimeOriginal, else DateTimeDigitized):
 * a local calendar day `YYYY-MM-DD`, the only thing kept from the photo's metadata. It is shown to the
 * member, who may change or clear it. Null when there is none, or it is not a real day (cameras write
 * "0000:00:00 00:00:00" when their clock was never set), or it is in the future.
 *
 * `exif` is the EXIF block as sharp's metadata() gives it: a TIFF structure, after "Exif\0\0" in JPEG
 * and WebP, bare in PNG and HEIF.
 */
export async function readCaptureDay(exif: Uint8Array | undefined, now = new Date()): Promise<string | null> {
  if (!exif || exif.length < 8) return null;
  const tiff = Buffer.from(exif.buffer, exif.byteOffset, exif.byteLength);
  const start = tiff.subarray(0, 6).toString("latin1") === "Exif\0\0" ? tiff.subarray(6) : tiff;
  let tags: { DateTimeOriginal?: unknown; CreateDate?: unknown } | undefined;
  try {
    tags = await exifr.parse(start, {
      tiff: true,
      exif: true,
      gps: false,
      xmp: false,
      iptc: false,
      icc: false,
      reviveValues: false,
      pick: ["DateTimeOriginal", "CreateDate"],
    });
  } catch {
    return null;
  }
  return parseExifDay(tags?.DateTimeOriginal, now) ?? parseExifDay(tags?.CreateDate, now);
}

/** "2024:05:01 14:03:22" (EXIF's form) -> "2024-05-01", when it is a real day from 1900 to tomorrow. */
export function parseExifDay(value: unknown, now = new Date()): string | null {
  if (typeof value !== "string") return null;
  const match = /^(\d{4})[:-](\d{2})[:-](\d{2})/.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  // A day ahead of UTC's today is still today somewhere.
  if (year < 1900 || date.getTime() > now.getTime() + 24 * 3600 * 1000) return null;
  return `${match[1]}-${match[2]}-${match[3]}`;
}
