import { parentPort } from "node:worker_threads";
import type { ImageClassification } from "./classify";

/**
 * The worker thread that runs the Lounge's photo classifier (classify.ts starts it and stops it when
 * idle): TensorFlow.js, its WebAssembly backend and NSFWJS's model live here, so their ~200 MB go
 * when the thread ends and their ~250 ms a photo never hold the event loop that answers requests.
 * One photo at a time: a square RGB tensor's bytes in (the model's 224 × 224), the five probabilities
 * (or why not) out.
 */
export type ClassifyRequest = { id: number; pixels: Uint8Array };
export type ClassifyAnswer = { id: number; classification: ImageClassification } | { id: number; error: string };

type Model = { classify: (input: unknown, topk: number) => Promise<{ className: string; probability: number }[]> };
type Tf = { tensor3d: (values: Uint8Array, shape: [number, number, number], dtype: "int32") => { dispose(): void } };

/**
 * The ESM builds are imported on purpose: nsfwjs's CommonJS build copies its 3.5 MB base64 weights
 * character by character into a namespace object (13 s and hundreds of MB, measured), its ESM build
 * does not (about 1 s).
 */
async function loadModel(): Promise<{ tf: Tf; model: Model }> {
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

async function classifyPixels({ tf, model }: { tf: Tf; model: Model }, pixels: Uint8Array) {
  const side = Math.sqrt(pixels.length / 3);
  const input = tf.tensor3d(pixels, [side, side, 3], "int32");
  try {
    const predictions = await model.classify(input, 5);
    const probability = (name: string) => predictions.find((p) => p.className === name)?.probability ?? Number.NaN;
    const result: ImageClassification = {
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
}

if (parentPort) {
  const port = parentPort;
  // A model that cannot load fails the thread ("error" in classify.ts): the next photo starts another.
  const loaded = loadModel();
  port.on("message", ({ id, pixels }: ClassifyRequest) => {
    void loaded
      .then((net) => classifyPixels(net, pixels))
      .then(
        (classification) => port.postMessage({ id, classification } satisfies ClassifyAnswer),
        (error: unknown) => port.postMessage({ id, error: String(error) } satisfies ClassifyAnswer),
      );
  });
  void loaded.then(() => port.postMessage("ready"));
}
