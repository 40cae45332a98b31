import sharp from "sharp";
import { ImageError } from "./errors";
import { MAX_INPUT_PIXELS } from "./process";

/**
 * An offline nudity classifier for photos people post publicly (the Lounge): bytes in, the model's
 * five probabilities out. NSFWJS's MobileNetV2 model, shipped inside the npm package (its weights are
 * JavaScript files in node_modules/nsfwjs/dist/models), run by TensorFlow.js on its WebAssembly
 * backend (the .wasm ships in @tensorflow/tfjs-backend-wasm): nothing is fetched, nothing leaves the
 * machine. Loaded on first use only: a process that never classifies never pays the model's memory.
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

type Model = { classify: (input: unknown, topk: number) => Promise<{ className: string; probability: number }[]> };
type Tf = { tensor3d: (values: Uint8Array, shape: [number, number, number], dtype: "int32") => { dispose(): void } };

let loading: Promise<{ tf: Tf; model: Model }> | null = null;

/**
 * Loads TensorFlow.js, its WebAssembly backend and the model once per process. The ESM builds are
 * imported on purpose: nsfwjs's CommonJS build copies its 3.5 MB base64 weights character by character
 * into a namespace object (13 s and hundreds of MB, measured), its ESM build does not (about 1 s).
 */
async function loadModel() {
  const tf = await import("@tensorflow/tfjs");
  await import("@tensorflow/tfjs-backend-wasm");
  if (!(await tf.setBackend("wasm"))) throw new Error("TensorFlow.js: the WebAssembly backend did not start");
  await tf.ready();
  const [{ load }, { MobileNetV2Model }] = await Promise.all([
    import("nsfwjs/core"),
    import("nsfwjs/models/mobilenet_v2"),
  ]);
  const model = await load("MobileNetV2", { modelDefinitions: [MobileNetV2Model] });
  return { tf: tf as unknown as Tf, model: model as unknown as Model };
}

function model() {
  loading ??= loadModel().catch((error: unknown) => {
    // A failed load is tried again on the next photo, not remembered for ever.
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * The classifier the app uses. The photo is decoded and squeezed to the model's 224 × 224 input by
 * sharp (off the event loop, orientation applied, the largest photo lib/images accepts), so the
 * model's own work is the same small tensor whatever was sent.
 */
export const classifyImage: ImageClassifier = async (bytes) => {
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
  const { tf, model: net } = await model();
  const input = tf.tensor3d(new Uint8Array(pixels), [INPUT_SIZE, INPUT_SIZE, 3], "int32");
  try {
    const predictions = await net.classify(input, 5);
    const probability = (name: string) => predictions.find((p) => p.className === name)?.probability ?? Number.NaN;
    const result = {
      drawing: probability("Drawing"),
      hentai: probability("Hentai"),
      neutral: probability("Neutral"),
      porn: probability("Porn"),
      sexy: probability("Sexy"),
    };
    if (Object.values(result).some((value) => !Number.isFinite(value)))
      throw new Error("The classifier answered without all five classes");
    return result;
  } finally {
    input.dispose();
  }
};
