import { readFileSync } from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { heicBomb, jpegBomb, phoneJpeg, pngBomb, quadrants } from "./__fixtures__/photos";
import { ImageError } from "./errors";
import { MAX_INPUT_BYTES, processImage, toDataUrl } from "./process";

const heic = readFileSync(path.join(import.meta.dirname, "__fixtures__/phone.heic"));

/** The colour at a corner of a derivative: which quadrant of the original ended up there. */
async function corners(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const name = (x: number, y: number) => {
    const at = (y * info.width + x) * info.channels;
    const [r, g, b] = [data[at]!, data[at + 1]!, data[at + 2]!];
    if (r > 150 && g > 150 && b < 100) return "yellow";
    if (r > 150) return "red";
    if (g > 150) return "green";
    if (b > 150) return "blue";
    return `rgb(${r},${g},${b})`;
  };
  const inset = Math.max(1, Math.floor(Math.min(info.width, info.height) / 8));
  return {
    topLeft: name(inset, inset),
    topRight: name(info.width - 1 - inset, inset),
    bottomLeft: name(inset, info.height - 1 - inset),
    bottomRight: name(info.width - 1 - inset, info.height - 1 - inset),
  };
}

async function refusal(input: Uint8Array): Promise<ImageError> {
  const error = await processImage(input).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImageError);
  return error as ImageError;
}

describe("processImage", () => {
  it("applies the photo's orientation, so a phone photo taken upright is shown upright", async () => {
    // Stored on its side (orientation 6): red top-left in the file is top-right once turned.
    const processed = await processImage(await phoneJpeg({ width: 800, height: 600, orientation: 6 }));
    expect(processed).toMatchObject({ sourceType: "jpeg", width: 600, height: 800 });
    for (const derivative of [processed.derivatives.display, processed.derivatives.thumbnail]) {
      expect(derivative.height).toBeGreaterThan(derivative.width);
      expect(await corners(derivative.bytes), derivative.kind).toEqual({
        topLeft: "blue",
        topRight: "red",
        bottomLeft: "yellow",
        bottomRight: "green",
      });
    }
    const upright = await processImage(await phoneJpeg({ orientation: 1 }));
    expect(await corners(upright.derivatives.display.bytes)).toEqual({
      topLeft: "red",
      topRight: "green",
      bottomLeft: "blue",
      bottomRight: "yellow",
    });
  });

  it("makes a 1600 px display size, a 320 px thumbnail and a 16 px placeholder small enough for a data: URL", async () => {
    const large = await quadrants(4000, 3000).jpeg().toBuffer();
    const { derivatives, width, height } = await processImage(large);
    expect({ width, height }).toEqual({ width: 4000, height: 3000 });
    expect(derivatives.display).toMatchObject({ contentType: "image/webp", width: 1600, height: 1200 });
    expect(derivatives.thumbnail).toMatchObject({ contentType: "image/webp", width: 320, height: 240 });
    expect(derivatives.placeholder).toMatchObject({ contentType: "image/webp", width: 16, height: 12 });
    expect(derivatives.placeholder.bytes.length).toBeLessThan(1024);
    expect(toDataUrl(derivatives.placeholder)).toMatch(/^data:image\/webp;base64,UklGR/);
    for (const derivative of Object.values(derivatives)) {
      expect((await sharp(derivative.bytes).metadata()).format, derivative.kind).toBe("webp");
    }
    // A small photo is not enlarged.
    const small = await processImage(await quadrants(200, 100).png().toBuffer());
    expect(small.derivatives.display).toMatchObject({ width: 200, height: 100 });
    expect(small.derivatives.thumbnail).toMatchObject({ width: 200, height: 100 });
  });

  it("keeps the capture day and decodes an iPhone-style HEIC", async () => {
    expect((await processImage(await phoneJpeg())).capturedOn).toBe("2024-05-01");
    const fromHeic = await processImage(heic);
    expect(fromHeic).toMatchObject({ sourceType: "heic", width: 800, height: 600, capturedOn: "2024-05-01" });
    expect(await corners(fromHeic.derivatives.display.bytes)).toEqual({
      topLeft: "red",
      topRight: "green",
      bottomLeft: "blue",
      bottomRight: "yellow",
    });
    expect((await processImage(await quadrants(64, 64).png().toBuffer())).capturedOn).toBeNull();
  });

  it("refuses a decompression bomb from its header, before decoding, saying why", async () => {
    const png = pngBomb(100_000, 100_000, deflateSync);
    expect(png.length).toBeLessThan(2_000);
    const started = performance.now();
    const error = await refusal(png);
    expect(error.status).toBe(413);
    expect(error.message).toBe("This photo is 100000 × 100000 pixels: at most 50 megapixels can be taken.");
    expect((await refusal(await jpegBomb(60_000, 60_000))).message).toMatch(
      /60000 × 60000 pixels: at most 50 megapixels/,
    );
    expect((await refusal(heicBomb(heic, 20_000, 20_000))).message).toMatch(
      /20000 × 20000 pixels: at most 50 megapixels/,
    );
    // Just over the limit is refused too; refusing is a header read, not a decode.
    expect((await refusal(pngBomb(10_000, 5_001, deflateSync))).status).toBe(413);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("refuses damaged, truncated, oversized and foreign files with a clear message", async () => {
    const jpeg = await phoneJpeg();
    const truncated = await refusal(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)));
    expect(truncated.status).toBe(422);
    expect(truncated.message).toBe("This JPEG photo could not be read: it may be damaged or incomplete.");
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(2000, 7)]);
    expect((await refusal(garbage)).status).toBe(422);
    const brokenHeic = Buffer.from(heic.subarray(0, 600));
    expect((await refusal(brokenHeic)).status).toBe(422);
    const gif = await quadrants(16, 16).gif().toBuffer();
    expect((await refusal(gif)).message).toBe("This file is not a JPEG, PNG, WebP or HEIC photo.");
    const tooBig = new Uint8Array(MAX_INPUT_BYTES + 1);
    tooBig.set([0xff, 0xd8, 0xff]);
    expect(await refusal(tooBig)).toMatchObject({ status: 413, message: "This photo is larger than 40 MB." });
  });
});
