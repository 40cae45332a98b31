import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { expect } from "vitest";
import { LEAK_STRINGS } from "./photos";

/** Test helpers: what a stored object must not hold (metadata.attack.test.ts, lib/cam's upload path). */
const encodings = (text: string) => [Buffer.from(text, "latin1"), Buffer.from(text, "utf16le")];

export function leaksIn(bytes: Uint8Array): string[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return LEAK_STRINGS.filter((text) => encodings(text).some((encoded) => buffer.includes(encoded)));
}

/** The chunks of a WebP file (RIFF): a derivative may hold only image data, never EXIF, XMP or ICCP. */
export function webpChunks(bytes: Uint8Array) {
  const buffer = Buffer.from(bytes);
  expect(buffer.toString("latin1", 0, 4)).toBe("RIFF");
  expect(buffer.toString("latin1", 8, 12)).toBe("WEBP");
  expect(buffer.readUInt32LE(4) + 8).toBe(buffer.length);
  const chunks: { type: string; flags?: number }[] = [];
  for (let at = 12; at < buffer.length;) {
    const type = buffer.toString("latin1", at, at + 4);
    const size = buffer.readUInt32LE(at + 4);
    chunks.push(type === "VP8X" ? { type, flags: buffer[at + 8]! } : { type });
    at += 8 + size + (size % 2);
  }
  return chunks;
}

export async function expectNoMetadata(bytes: Uint8Array, where: string) {
  expect(leaksIn(bytes), where).toEqual([]);
  for (const chunk of webpChunks(bytes)) {
    expect(["VP8 ", "VP8L", "VP8X", "ALPH"], `${where}: chunk ${chunk.type}`).toContain(chunk.type);
    // VP8X flags: 0x20 ICC profile, 0x08 EXIF, 0x04 XMP.
    if (chunk.flags !== undefined) expect(chunk.flags & 0x2c, `${where}: VP8X flags`).toBe(0);
  }
  const metadata = await sharp(bytes).metadata();
  expect(metadata.exif, where).toBeUndefined();
  expect(metadata.xmp, where).toBeUndefined();
  expect(metadata.iptc, where).toBeUndefined();
  expect(metadata.icc, where).toBeUndefined();
  expect(metadata.orientation, where).toBeUndefined();
}

export async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}
