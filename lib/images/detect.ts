import { ImageError } from "./errors";

export type ImageType = "jpeg" | "png" | "webp" | "heic";

export const ACCEPTED_TYPES_TEXT = "a JPEG, PNG, WebP or HEIC photo";

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));

// HEIF brands of HEVC-coded stills (an iPhone writes "heic" with "mif1"); "mif1"/"msf1" alone are the
// generic HEIF brands, which we take only when a compatible brand says HEVC (AVIF says "avif").
const HEVC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx"]);
const GENERIC_HEIF_BRANDS = new Set(["mif1", "msf1"]);

/**
 * The image's type, from its first bytes (never its name or the type the browser claims): JPEG
 * (FF D8 FF), PNG (the 8-byte signature), WebP (RIFF....WEBP), HEIC (an ISO-BMFF `ftyp` box with a HEVC
 * brand). Anything else is refused, naming what we take.
 */
export function detectImageType(bytes: Uint8Array): ImageType {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (
    bytes.length >= 8 &&
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((value, index) => bytes[index] === value)
  ) {
    return "png";
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === "ftyp") {
    const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
    const end = Math.min(boxSize, bytes.length, 4096);
    const major = ascii(bytes, 8, 12);
    const compatible: string[] = [];
    for (let offset = 16; offset + 4 <= end; offset += 4) compatible.push(ascii(bytes, offset, offset + 4));
    if (HEVC_BRANDS.has(major)) return "heic";
    if (GENERIC_HEIF_BRANDS.has(major) && compatible.some((brand) => HEVC_BRANDS.has(brand))) return "heic";
    if (major === "avif" || major === "avis" || compatible.includes("avif")) {
      throw new ImageError(`This is an AVIF image: please choose ${ACCEPTED_TYPES_TEXT}.`, 415);
    }
  }
  throw new ImageError(`This file is not ${ACCEPTED_TYPES_TEXT}.`, 415);
}

export const CONTENT_TYPES: Record<ImageType, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  heic: "image/heic",
};
