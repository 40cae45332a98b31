// My Vision Board (issue 41): boards, items, goals that turn into plans. README.md says how.
export * from "./errors";
export * from "./model";
export { goalProgress, type ProgressInput } from "./progress";
export { BOARD_IMAGE_HOLDER, type BoardLinks, type GoalMoment } from "./links";
export { goalKind, goalOwnerOf } from "./kind";
export { boardItemImageHolder } from "./image-access";
export { exportVisionBoard, forgetVisionBoard } from "./export";
export * from "./store";
export type { Cheer, ItemView, MilestoneView } from "./views";
export {
  DEFAULT_LOOK_BACK,
  LOOK_BACK_CHOICES,
  LOOK_BACK_JOB,
  exportLookBack,
  lookBackChoice,
  lookBackJobHandlers,
  setLookBack,
} from "./look-back";
