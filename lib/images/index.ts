export { readCaptureDay } from "./capture-date";
export { classifyImage, type ImageClassification, type ImageClassifier } from "./classify";
export { ACCEPTED_TYPES_TEXT, CONTENT_TYPES, detectImageType, type ImageType } from "./detect";
export { ImageError } from "./errors";
export {
  DERIVATIVE_SIZES,
  MAX_INPUT_BYTES,
  MAX_INPUT_PIXELS,
  processImage,
  toDataUrl,
  type Derivative,
  type DerivativeKind,
  type ProcessedImage,
} from "./process";
