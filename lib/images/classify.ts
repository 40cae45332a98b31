import { Worker } from "node:worker_threads";
import { askWorkerThread, startWorkerThread, type WorkerThread } from "../worker-thread";
import sharp from "sharp";
import type { ClassifyAnswer, ClassifyRequest } from "./classify-worker";
import { ImageError } from "./errors";
import { MAX_INPUT_PIXELS } from "./process";

/**
 * An offline nudity classifier for photos people post publicly (the Lounge): bytes in, the model's
 * five probabilities out. NSFWJS's MobileNetV2 model, shipped inside the npm package (its weights are
 * JavaScript files in node_modules/nsfwjs/dist/models), run by TensorFlow.js on its WebAssembly
 * backend (the .wasm ships in @tensorflow/tfjs-backend-wasm): nothing is fetched, nothing leaves the
 * machine. The model runs on a worker thread (classify-worker.ts) started on first use and stopped when
 * idle: a process that is not classifying does not hold the model's memory, and requests are answered
 * while a photo is classified.
 *
 * Never call it on private photos (Cam, the Vision Board): the site promises no AI analysis of them.
 * Only lib/lounge imports it.
 */

/** The model's classes, each a probability in 0..1; together they sum to 1. */
export type ImageClassification = { drawing: number; hentai: number; neutral: number; porn: number; sexy: number };

/**
 * The port: a photo's bytes (JPEG, PNG or WebP: give a HEIC's derivative) to its classification;
 * throws when it cannot (an ImageError for bytes it cannot read).
 */
export type ImageClassifier = (bytes: Uint8Array) => Promise<ImageClassification>;

/** The model's input: 224 × 224 RGB. */
const INPUT_SIZE = 224;

/**
 * The classifier thread's limits. A burst of photos pays the model's load (2.5 s) once; a server whose
 * Lounge is quiet for `idleMs` gives the model's memory back. Past `startMs` loading or `photoMs` on
 * one photo the thread is stopped and the photo's check fails (the post stays held for a person).
 */
export const CLASSIFIER_LIMITS = { idleMs: 60_000, startMs: 60_000, photoMs: 30_000 };
export type ClassifierLimits = typeof CLASSIFIER_LIMITS;

type Thread = WorkerThread & { idle?: NodeJS.Timeout };

let thread: Thread | null = null;
let turn: Promise<unknown> = Promise.resolve();
let nextId = 0;

function startThread(limits: ClassifierLimits): Thread {
  const started: Thread = startWorkerThread({
    bundled: () => new Worker(new URL("./classify-worker.ts", import.meta.url)),
    callerUrl: import.meta.url,
    callerFile: "classify.ts",
    workerFile: "classify-worker.ts",
    name: "the photo classifier",
    startMs: limits.startMs,
  });
  started.worker.once("exit", () => {
    if (thread === started) thread = null;
  });
  return started;
}

function stop(stopped: Thread) {
  clearTimeout(stopped.idle);
  if (thread === stopped) thread = null;
  void stopped.worker.terminate();
}

async function classifyOnThread(
  pixels: Uint8Array<ArrayBuffer>,
  limits: ClassifierLimits,
): Promise<ImageClassification> {
  const current = (thread ??= startThread(limits));
  clearTimeout(current.idle);
  try {
    await current.ready;
  } catch (error) {
    stop(current); // a model that cannot load: the next photo starts another thread
    throw error;
  }
  try {
    const answer = await askWorkerThread<ClassifyRequest, ClassifyAnswer>(
      current,
      { id: ++nextId, pixels },
      {
        timeoutMs: limits.photoMs,
        stop: () => stop(current),
        transfer: [pixels.buffer],
      },
    );
    if ("error" in answer) throw new Error(answer.error);
    return answer.classification;
  } finally {
    if (thread === current) current.idle = setTimeout(() => stop(current), limits.idleMs).unref();
  }
}

/** Whether the classifier's thread is running (it ends `idleMs` after its last photo). */
export function classifierThreadRunning(): boolean {
  return thread !== null;
}

/**
 * The classifier with its thread's limits. The photo is decoded and squeezed to the model's 224 × 224
 * input by sharp (off the event loop, orientation applied, the largest photo lib/images accepts), so
 * the model's own work is the same small tensor whatever was sent; photos are classified one at a time.
 */
export function imageClassifier(limits: ClassifierLimits = CLASSIFIER_LIMITS): ImageClassifier {
  return async (bytes) => {
    let pixels: Buffer;
    try {
      pixels = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", autoOrient: true })
        .resize(INPUT_SIZE, INPUT_SIZE, { fit: "fill" })
        .removeAlpha()
        .toColourspace("srgb")
        .raw()
        .toBuffer();
    } catch (error) {
      throw new ImageError("This photo could not be read for the automatic check.", 422, { cause: error });
    }
    // A copy of its own: the bytes move to the thread (sharp's Buffer may share a pooled one).
    const mine = turn.then(() => classifyOnThread(new Uint8Array(pixels), limits));
    turn = mine.catch(() => undefined);
    return mine;
  };
}

/** The classifier the app uses. */
export const classifyImage: ImageClassifier = imageClassifier();
