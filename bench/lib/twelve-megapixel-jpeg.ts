import sharp from "sharp";
import { EXIF, withIptc, XMP } from "../../lib/images/__fixtures__/photos";

/** A 12-megapixel photo-like image: smooth gradients with seeded noise (compresses as a photo does). */
export async function twelveMegapixelJpeg(): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 40;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      const noise = (seed >> 16) & 31;
      const at = (y * width + x) * 3;
      pixels[at] = ((x * 255) / width + noise) & 0xff;
      pixels[at + 1] = ((y * 255) / height + noise) & 0xff;
      pixels[at + 2] = (((x + y) * 127) / (width + height) + 64 + noise) & 0xff;
    }
  }
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .withExif(EXIF)
    .withXmp(XMP)
    .withMetadata({ orientation: 6 })
    .toBuffer();
  return withIptc(jpeg);
}
