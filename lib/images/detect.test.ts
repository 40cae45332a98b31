import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { quadrants } from "./__fixtures__/photos";
import { detectImageType } from "./detect";
import { ImageError } from "./errors";

const heic = readFileSync(path.join(import.meta.dirname, "__fixtures__/phone.heic"));

describe("detectImageType: the type comes from the bytes, never the name", () => {
  it("knows JPEG, PNG, WebP and HEIC by their first bytes", async () => {
    const image = quadrants(32, 32);
    expect(detectImageType(await image.clone().jpeg().toBuffer())).toBe("jpeg");
    expect(detectImageType(await image.clone().png().toBuffer())).toBe("png");
    expect(detectImageType(await image.clone().webp().toBuffer())).toBe("webp");
    expect(detectImageType(heic)).toBe("heic");
  });

  it("refuses everything else with a message naming what is taken", async () => {
    const image = quadrants(32, 32);
    const refused: [string, Uint8Array, RegExp][] = [
      ["GIF", await image.clone().gif().toBuffer(), /not a JPEG, PNG, WebP or HEIC photo/],
      ["AVIF", await image.clone().avif().toBuffer(), /AVIF image: please choose a JPEG, PNG, WebP or HEIC photo/],
      ["TIFF", await image.clone().tiff().toBuffer(), /not a JPEG, PNG, WebP or HEIC photo/],
      ["SVG", new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), /not a JPEG/],
      ["PDF", new TextEncoder().encode("%PDF-1.7\n"), /not a JPEG/],
      ["HTML claiming to be a JPEG", new TextEncoder().encode("<html>IMG_0001.jpg</html>"), /not a JPEG/],
      ["empty", new Uint8Array(0), /not a JPEG/],
      ["RIFF that is not WebP (WAV)", new TextEncoder().encode("RIFF\0\0\0\0WAVEfmt "), /not a JPEG/],
      ["an MP4 video", new TextEncoder().encode("\0\0\0\x18ftypmp42\0\0\0\0isommp42"), /not a JPEG/],
    ];
    for (const [name, bytes, message] of refused) {
      expect(() => detectImageType(bytes), name).toThrow(message);
      try {
        detectImageType(bytes);
      } catch (error) {
        expect(error, name).toBeInstanceOf(ImageError);
        expect((error as ImageError).status, name).toBe(415);
      }
    }
  });

  it("takes a generic HEIF brand only with a HEVC brand beside it", () => {
    const ftyp = (major: string, ...compatible: string[]) => {
      const body = Buffer.from(`ftyp${major}\0\0\0\0${compatible.join("")}`, "latin1");
      const size = Buffer.alloc(4);
      size.writeUInt32BE(body.length + 4);
      return Buffer.concat([size, body, Buffer.alloc(16)]);
    };
    expect(detectImageType(ftyp("mif1", "mif1", "heic"))).toBe("heic");
    expect(() => detectImageType(ftyp("mif1", "mif1", "avif"))).toThrow(/AVIF/);
    expect(() => detectImageType(ftyp("mif1", "mif1", "miaf"))).toThrow(/not a JPEG/);
  });

  it("is not fooled by a PNG signature cut short", async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: "white" } })
      .png()
      .toBuffer();
    expect(() => detectImageType(png.subarray(0, 7))).toThrow(ImageError);
  });
});
