// Happr Cam: progress moments (README.md). The pages load through ./page.ts.
export { CamError, isCamError } from "./errors";
export {
  ALBUM_NAME_MAX,
  ALT_MAX,
  NOTE_MAX,
  PAGE_MAX,
  PAGE_SIZE,
  REACTIONS,
  REACTION_LABELS,
  REACTION_NOTE_MAX,
  type MomentInput,
  type Reaction,
} from "./model";
export {
  MOMENT_HOLDER,
  childCamSharing,
  createAlbum,
  createMoment,
  deleteAlbum,
  deleteMoment,
  getMoment,
  getMyAlbums,
  getMyMoments,
  reactToMoment,
  setChildCamSharing,
  updateMoment,
  type Album,
  type CamLinks,
  type MomentImage,
  type MomentReaction,
  type MomentShare,
  type MomentView,
} from "./store";
export { momentImageHolder, momentKind } from "./kind";
export { camPhotoFiles, exportCam, forgetCam, photoPathOf } from "./export";
export { camJobHandlers } from "./jobs";
export { concealChoice, concealsPhotos, setConcealPhotos, type ConcealChoice } from "./preferences";
export { PROMPT_JOB, camPromptWeekday, setCamPrompt } from "./prompts";
