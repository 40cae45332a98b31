// Images members send (Cam now, the Vision Board and the Lounge next): the upload, its processing job
// and serving to whoever may see the item that holds the image. README.md says how.
export { UploadError } from "./errors";
export {
  ACCEPTED_CONTENT_TYPES,
  IMAGE_PROCESS_JOB,
  MAX_PIECE_BYTES,
  MAX_UPLOAD_BYTES,
  QUOTA_BYTES,
  UNCLAIMED_UPLOAD_HOURS,
  UPLOAD_EXPIRE_JOB,
  claimUpload,
  createImageUpload,
  deleteImages,
  forgetImagesOf,
  memberObjectPrefix,
  parseContentRange,
  receiveUploadBody,
  uploadProgress,
  uploadQuota,
  uploadUrlOf,
  type ImageUpload,
  type ReceiveResult,
  type UploadProgress,
} from "./uploads";
export {
  SERVED_VARIANTS,
  derivativeKey,
  processPendingImages,
  processUpload,
  uploadJobHandlers,
  type ServedVariant,
} from "./processing";
export {
  IMAGE_HEADERS,
  SERVED_FILE_NAME,
  SIGNED_URL_SECONDS,
  imageResponse,
  imageUrlOf,
  type ImageHolder,
  type ImageHolders,
} from "./serve";
export { imageViewColumns, imageViewOf, imageViews, type ImageView } from "./view";
