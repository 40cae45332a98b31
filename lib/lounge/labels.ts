import type { LoungeHoldReason } from "../db/schema/lounge";
import type { ReportReason } from "./model";

/**
 * The words people read for the Lounge's reasons, in one place: the report buttons, the moderators'
 * console and the public moderation report. No imports at run time, so the report form (a client
 * component) can take them too.
 */

/** A report's fixed reason, as a member taps it and a moderator reads it; safety first. */
export const REPORT_REASON_LABEL: Record<ReportReason, string> = {
  UNSAFE: "Someone may be unsafe",
  PERSONAL_DETAILS: "Shares personal details",
  UNKIND: "Unkind or hateful",
  SPAM: "Selling or spam",
  OTHER: "Something else",
};

/** Why the checks held a post, in a few words (the author reads the longer HOLD_REASON_TEXT). */
export const HOLD_REASON_LABEL: Record<LoungeHoldReason, string> = {
  phone: "a phone number",
  email: "an email address",
  link: "a link to a site outside the list",
  words: "words on the list",
  image: "a photo the automatic check flagged",
  "image-check": "a photo still being checked",
  "image-unchecked": "a photo the automatic check could not read",
};
