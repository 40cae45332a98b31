/**
 * What processing one phone photo costs (issue 40): a 12-megapixel JPEG (4032 × 3024, photo-like
 * detail, EXIF with GPS, XMP and IPTC, orientation 6) through `processImage` (lib/images: header checks,
 * capture day, orientation, one downscale, the display, thumbnail and placeholder WebPs), against
 * sharp's bare decode + resize to 1600 px + WebP encode of the same file in the same run (the baseline:
 * what any pipeline must at least pay). Each measurement runs in a fresh child process (so one's
 * memory does not hide under another's): the median of N timed runs after one untimed warm-up, and the
 * process's peak RSS while it ran (getrusage's maxRSS, and process.memoryUsage().rss sampled every
 * 2 ms) beside its RSS before the first run (Node, sharp and the file loaded). A HEIC photo given as a
 * second argument is measured too: the HEVC decode alone (libheif in WebAssembly) and the pipeline.
 *
 * The Lounge's photo check (issue 42, lib/images/classify.ts) is measured on what it reads, the
 * photo's 1600 px display WebP: `classifyImage` (sharp to 224 × 224, then NSFWJS's MobileNetV2 on
 * TensorFlow.js's WebAssembly backend) against sharp's decode to the same 224 × 224 pixels alone. Its
 * warm-up is the model's load (on its worker thread), its RSS before that run against its peak is the
 * memory the model costs, and the RSS once the thread has ended (here half a second after the last
 * photo) what is given back.
 *
 *   npx tsx bench/image-processing.ts [runs=7] [photo.heic]
 *
 * Figures are reported, not asserted.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import sharp from "sharp";
import { twelveMegapixelJpeg } from "./lib/twelve-megapixel-jpeg";
import { decodeHeicPixels } from "../lib/images/heic";
import { MAX_INPUT_PIXELS, processImage } from "../lib/images/process";
import { CLASSIFIER_LIMITS, imageClassifier } from "../lib/images/classify";

/** The classifier's thread ends this long after its last photo here (a minute in the app). */
const CLASSIFIER_IDLE_MS = 500;
const classifyImage = imageClassifier({ ...CLASSIFIER_LIMITS, idleMs: CLASSIFIER_IDLE_MS });

type Case = "baseline" | "pipeline" | "heic-decode" | "heic-pipeline" | "classify-decode" | "classify";
const TASKS: Record<Case, (bytes: Buffer) => Promise<unknown>> = {
  baseline: (bytes) =>
    sharp(bytes, { autoOrient: true })
      .resize({ width: 1600, height: 1600, fit: "inside" })
      .webp({ quality: 82 })
      .toBuffer(),
  pipeline: (bytes) => processImage(bytes),
  "heic-decode": (bytes) => decodeHeicPixels(bytes, MAX_INPUT_PIXELS),
  "heic-pipeline": (bytes) => processImage(bytes),
  "classify-decode": (bytes) =>
    sharp(bytes, { autoOrient: true }).resize(224, 224, { fit: "fill" }).removeAlpha().raw().toBuffer(),
  classify: (bytes) => classifyImage(bytes),
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

type Measurement = {
  median: number;
  min: number;
  max: number;
  /** The untimed first run: for the classifier, the model's load with it. */
  warmUp: number;
  before: number;
  peak: number;
  /** RSS once the work is done (for the classifier, once its thread has ended). */
  after: number;
  maxRss: number;
};

/** In the child: one untimed warm-up, then `runs` timed ones, printed as one JSON line. */
async function measureHere(name: Case, file: string, runs: number) {
  const bytes = readFileSync(file);
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  const warmStart = performance.now();
  await TASKS[name](bytes);
  const warmUp = performance.now() - warmStart;
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await TASKS[name](bytes);
    times.push(performance.now() - started);
  }
  clearInterval(sampler);
  if (name === "classify") await sleep(CLASSIFIER_IDLE_MS + 1000);
  const result: Measurement = {
    median: median(times),
    min: Math.min(...times),
    max: Math.max(...times),
    warmUp,
    before,
    peak: Math.max(peak, process.memoryUsage.rss()),
    after: process.memoryUsage.rss(),
    maxRss: process.resourceUsage().maxRSS * 1024,
  };
  console.log(JSON.stringify(result));
}

function measureInChild(name: Case, file: string, runs: number): Measurement {
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, import.meta.filename, "--case", name, file, String(runs)],
    {
      encoding: "utf8",
      maxBuffer: 1024 * 1024,
    },
  );
  const line = child.stdout.trim().split("\n").at(-1) ?? "";
  if (child.status !== 0 || !line.startsWith("{")) {
    throw new Error(`The ${name} measurement failed:\n${child.stderr.slice(-2000)}`);
  }
  return JSON.parse(line) as Measurement;
}

function report(name: string, result: Measurement) {
  console.log(
    `  ${name.padEnd(34)} median ${result.median.toFixed(0).padStart(5)} ms (min ${result.min.toFixed(0)}, max ${result.max.toFixed(0)})` +
      `   peak RSS ${mb(result.maxRss)} (sampled ${mb(result.peak)}; ${mb(result.before)} before the first run, ${mb(result.after)} after)`,
  );
}

if (process.argv[2] === "--case") {
  await measureHere(process.argv[3] as Case, process.argv[4]!, Number(process.argv[5]));
} else {
  const runs = Number(process.argv[2] ?? 7);
  const heicPath = process.argv[3];
  const folder = mkdtempSync(path.join(tmpdir(), "happr-bench-images-"));
  try {
    const jpeg = await twelveMegapixelJpeg();
    const jpegPath = path.join(folder, "photo.jpg");
    writeFileSync(jpegPath, jpeg);
    const metadata = await sharp(jpeg).metadata();
    console.log(
      `12-megapixel JPEG: ${metadata.width} × ${metadata.height}, ${(jpeg.length / 1024 / 1024).toFixed(1)} MB, ` +
        `orientation ${metadata.orientation}, EXIF ${metadata.exif?.length ?? 0} B, XMP ${metadata.xmp?.length ?? 0} B; ` +
        `${runs} timed runs each, sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, ` +
        `sharp concurrency ${sharp.concurrency()}, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs`,
    );
    const baseline = measureInChild("baseline", jpegPath, runs);
    const pipeline = measureInChild("pipeline", jpegPath, runs);
    report("baseline: sharp decode+resize+webp", baseline);
    report("processImage (3 derivatives)", pipeline);
    console.log(`  pipeline / baseline time: ${(pipeline.median / baseline.median).toFixed(2)}`);
    const displayPath = path.join(folder, "display.webp");
    writeFileSync(displayPath, (await processImage(jpeg)).derivatives.display.bytes);
    console.log("The Lounge's photo check, on the display WebP (1600 × 1200):");
    const decode = measureInChild("classify-decode", displayPath, runs);
    const classify = measureInChild("classify", displayPath, runs);
    report("baseline: sharp to 224 × 224 pixels", decode);
    report("classifyImage (NSFWJS, WASM)", classify);
    console.log(
      `  classify / baseline time: ${(classify.median / decode.median).toFixed(1)}; the model's load (first run): ` +
        `${classify.warmUp.toFixed(0)} ms; its memory: ${mb(classify.maxRss - classify.before)} of peak RSS over the ` +
        `process before it (${mb(decode.maxRss - decode.before)} for the decode alone)`,
    );
    if (heicPath) {
      const heic = readFileSync(heicPath);
      const heicMeta = await sharp(heic).metadata();
      console.log(
        `HEIC ${heicPath}: ${heicMeta.width} × ${heicMeta.height}, ${(heic.length / 1024 / 1024).toFixed(1)} MB`,
      );
      report("HEVC decode alone (libheif WASM)", measureInChild("heic-decode", heicPath, runs));
      report("processImage (3 derivatives)", measureInChild("heic-pipeline", heicPath, runs));
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
