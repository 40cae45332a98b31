/**
 * What processing one phone photo costs (issue 40): a 12-megapixel JPEG (4032 × 3024, photo-like
 * detail, EXIF with GPS, XMP and IPTC, orientation 6) through `processImage` (lib/images: header checks,
 * capture day, orientation, one downscale, the display, thumbnail and placeholder WebPs), against
 * sharp's bare decode + resize to 1600 px + WebP encode of the same file in the same run (the baseline:
 * what any pipeline must at least pay). Prints the median of N timed runs after one untimed warm-up,
 * and the peak RSS while each ran (process.memoryUsage().rss sampled every 2 ms), above the RSS
 * before it. A HEIC photo given as a second argument is measured the same way (its baseline: sharp
 * from the already-decoded pixels, since sharp cannot decode HEVC).
 *
 *   npx tsx bench/image-processing.ts [runs=7] [photo.heic]
 *
 * Figures are reported, not asserted.
 */
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { EXIF, withIptc, XMP } from "../lib/images/__fixtures__/photos";
import { decodeHeicPixels } from "../lib/images/heic";
import { MAX_INPUT_PIXELS, processImage } from "../lib/images/process";

const runs = Number(process.argv[2] ?? 7);
const heicPath = process.argv[3];

/** A 12-megapixel photo-like image: smooth gradients with seeded noise (compresses as a photo does). */
async function twelveMegapixelJpeg(): Promise<Buffer> {
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Runs `task` once untimed, then `runs` times: the median time and the peak RSS over the timed runs. */
async function measure(task: () => Promise<unknown>) {
  await task();
  const global = globalThis as { gc?: () => void };
  global.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
    peak = Math.max(peak, process.memoryUsage.rss());
  }
  clearInterval(sampler);
  return { median: median(times), min: Math.min(...times), max: Math.max(...times), before, peak };
}

function report(name: string, result: Awaited<ReturnType<typeof measure>>) {
  console.log(
    `  ${name.padEnd(34)} median ${result.median.toFixed(0).padStart(5)} ms (min ${result.min.toFixed(0)}, max ${result.max.toFixed(0)})` +
      `   peak RSS ${mb(result.peak)} (+${mb(result.peak - result.before)} over ${mb(result.before)})`,
  );
}

const jpeg = await twelveMegapixelJpeg();
const metadata = await sharp(jpeg).metadata();
console.log(
  `12-megapixel JPEG: ${metadata.width} × ${metadata.height}, ${(jpeg.length / 1024 / 1024).toFixed(1)} MB, ` +
    `orientation ${metadata.orientation}, EXIF ${metadata.exif?.length ?? 0} B, XMP ${metadata.xmp?.length ?? 0} B; ` +
    `${runs} timed runs each, sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, concurrency ${sharp.concurrency()}`,
);

// The baseline first, so the pipeline's peak is not hidden under the baseline's.
const baseline = await measure(() =>
  sharp(jpeg, { autoOrient: true })
    .resize({ width: 1600, height: 1600, fit: "inside" })
    .webp({ quality: 82 })
    .toBuffer(),
);
const pipeline = await measure(() => processImage(jpeg));
report("baseline: sharp decode+resize+webp", baseline);
report("processImage (3 derivatives)", pipeline);
console.log(`  pipeline / baseline time: ${(pipeline.median / baseline.median).toFixed(2)}`);

if (heicPath) {
  const heic = readFileSync(heicPath);
  const heicMeta = await sharp(heic).metadata();
  console.log(`HEIC ${heicPath}: ${heicMeta.width} × ${heicMeta.height}, ${(heic.length / 1024 / 1024).toFixed(1)} MB`);
  const decodeOnly = await measure(() => decodeHeicPixels(heic, MAX_INPUT_PIXELS));
  const heicPipeline = await measure(() => processImage(heic));
  report("HEVC decode alone (libheif WASM)", decodeOnly);
  report("processImage (3 derivatives)", heicPipeline);
}
