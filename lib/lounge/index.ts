// Happr Lounge (issue 42): rooms by age band, small tables, held posts, private cheers and reports.
export {
  cheerLoungePost,
  confirmTeenBand,
  getLoungeRooms,
  getLoungeTable,
  joinLounge,
  loungeTableChannel,
  postToLounge,
  reportLoungePost,
  setChildLounge,
  type PostView,
  type Publish,
  type RoomView,
  type RoomsView,
  type SlowModeView,
  type TableView,
} from "./store";
export { loungeStanding, type LoungeStanding } from "./access";
export {
  HOLD_REASON_TEXT,
  holdReasons,
  LINK_ALLOW_LIST,
  PHOTO_HOLD_THRESHOLD,
  photoHoldReason,
  type HoldReason,
} from "./holds";
export {
  checkNewPostPhotos,
  PHOTO_CHECK_JOB,
  photoCheckJobHandlers,
  POST_ANNOUNCE_JOB,
  type PhotoCheckOptions,
} from "./photo-check";
export { closedMessage, HEAT_POSTS_PER_MINUTE, openingOf, SLOW_MODE_MINUTES, SLOW_MODE_SECONDS } from "./pace";
export { DAILY_POST_LIMIT, LOUNGE_RULES_VERSION, POST_MAX, REPORT_REASONS, type ReportReason } from "./model";
export { LoungeError } from "./errors";
export { exportLounge, forgetLounge } from "./export";
export {
  addModeratorNote,
  appealModeration,
  decideAppeal,
  getModerationLog,
  getModerationPost,
  getModerationQueue,
  getMonthlyModerationReport,
  getMyAppealable,
  getOpenAppeals,
  isLoungeModerator,
  moderatePost,
  monthlyModerationCounts,
  type AppealView,
  type LogEntry,
  type ModerationPost,
  type MonthlyModerationReport,
  type QueueItem,
} from "./moderation";
export {
  CHILD_POSTS_SHOWN,
  childLoungeOverview,
  teensToConfirm,
  type ChildLoungeOverview,
  type ChildLoungePost,
  type TeenToConfirm,
} from "./family";
export {
  DISCREET_REPLY_SUBJECT,
  DISCREET_REPLY_TEXT,
  markRepliesSeen,
  noticeReply,
  REPLY_EMAIL_HOURS,
  REPLY_EMAIL_SUBJECT,
  replyEmailsOn,
  roomsWithNewReplies,
  setReplyEmails,
} from "./replies";
export { loungePostImageHolder, loungePostImageHolderWith } from "./image-access";
export { LOUNGE_IMAGE_HOLDER } from "./store";
