import type { LoungeHoldReason } from "../db/schema/lounge";
import type { ImageClassification } from "../images";
import { HELD_WORDS } from "./held-words";

/**
 * The checks a post passes before anyone else sees it. A post that trips one is held for a moderator
 * (never dropped): its author sees it as held, nobody else sees it until a person decides. The checks
 * lean towards holding: a false hold costs a short wait, a missed phone number can cost a child's safety.
 */

/** Sites a post may link to without a hold: help lines and the public sources members share most. */
export const LINK_ALLOW_LIST: readonly string[] = [
  "happr.app",
  "nhs.uk",
  "childline.org.uk",
  "samaritans.org",
  "youngminds.org.uk",
  "mind.org.uk",
  "kidshelpphone.ca",
  "988lifeline.org",
  "wikipedia.org",
];

export type HoldReason = LoungeHoldReason;

/** What a moderator and the author read for each reason. */
export const HOLD_REASON_TEXT: Record<HoldReason, string> = {
  phone: "It seems to contain a phone number.",
  email: "It seems to contain an email address.",
  link: "It links to a site outside the Lounge's list.",
  words: "It uses words on the Lounge's list.",
  image: "Its photo may show nudity or sexual content (the automatic check): a moderator looks at it.",
  "image-check": "Its photo is being checked: the post appears when the check is done.",
  "image-unchecked": "Its photo could not be checked automatically: a moderator looks at it.",
};

/**
 * The photo check (issue 42): an offline classifier (lib/images `classifyImage`, NSFWJS) gives each
 * Lounge photo five probabilities; the post is held when porn + hentai + sexy together reach this.
 * Summed, because the model splits an explicit photo's weight between Porn and Sexy (and a drawn one
 * between Hentai and Drawing). 0.3, far below an even call, because the checks lean towards holding
 * (teens are in the Lounge; a false hold costs a short wait for a moderator), while everyday photos
 * of people score far below it: the bundled photo of people in shorts and T-shirts scores 0.012.
 */
export const PHOTO_HOLD_THRESHOLD = 0.3;

/**
 * The photo check's answer as a hold: "image" when flagged, "image-unchecked" when the classifier
 * could not answer (fail closed: held for a person, never dropped, never published unchecked), none
 * when the photo is clean.
 */
export function photoHoldReason(check: ImageClassification | { failed: true }): HoldReason | null {
  if ("failed" in check) return "image-unchecked";
  const unsafe = check.porn + check.hentai + check.sexy;
  if (!Number.isFinite(unsafe)) return "image-unchecked";
  return unsafe >= PHOTO_HOLD_THRESHOLD ? "image" : null;
}

// Digits written with the usual separators between them: "07700 900 123", "+44 (0)7700-900123", "0 7 7 0 0 ...".
const PHONE = /(?:\+|\b)\d(?:[\s().\-/]{0,3}\d){6,}/gu;
// Runs of digits that are dates or spans of years, not numbers to call: "2026-03-11", "11/03/2026", "1999-2024".
const NOT_A_PHONE = [/^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}$/, /^\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}$/, /^\d{4}\s?[-/]\s?\d{4}$/];
const hasPhone = (text: string) =>
  (text.match(PHONE) ?? []).some((run) => !NOT_A_PHONE.some((pattern) => pattern.test(run.trim())));
const EMAIL = /[\p{L}\p{N}._%+-]+\s*@\s*[\p{L}\p{N}-]+(?:\s*\.\s*[\p{L}\p{N}-]+)+/u;
// Spelled out: "name at example dot com", "name(at)example.com". A bare " at " needs a spelled "dot"
// too, so "look at bit.ly" or "at work. Later" are not read as addresses.
const AT = String.raw`(?:[(\[{]\s*at\s*[)\]}]|\s+at\s+)`;
const DOT = String.raw`(?:[(\[{]\s*dot\s*[)\]}]|\s+dot\s+)`;
const LABEL = String.raw`[\p{L}\p{N}-]+`;
const SPELLED_EMAIL = new RegExp(
  String.raw`[\p{L}\p{N}._%+-]+\s*(?:${AT}\s*${LABEL}(?:\s*${DOT}\s*${LABEL})+|[(\[{]\s*at\s*[)\]}]\s*${LABEL}(?:\.${LABEL})+)`,
  "iu",
);
const URL = /\b(?:https?:\/\/|www\.)[^\s<>"]+/giu;
// A bare domain ends in a top-level domain people type: "example.com", "bit.ly/x", "my-site.co.uk".
const BARE_DOMAIN =
  /\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:com|net|org|io|co|uk|me|app|dev|gg|tv|ly|xyz|info|biz|de|fr|es|it|nl|ru|us|ca|au|in|link|site|online|live|chat|club|fun|to|cc|be|ai)\b(?:\/[^\s]*)?/giu;

/** Look-alike letters folded back, so "k1ll" and "ｈａｔｅ" read as words. */
const LOOKALIKES: Record<string, string> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "@": "a",
  $: "s",
  "!": "i",
};

function wordsOf(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[013457@$!]/g, (char) => LOOKALIKES[char] ?? char)
    .replace(/[^\p{L}\s]/gu, "")
    .replace(/\s+/g, " ");
}

function hostOf(link: string): string {
  const bare = link.replace(/^[a-z]+:\/\//i, "").replace(/^www\./i, "");
  return bare
    .split(/[/?#:]/)[0]!
    .replace(/\s/g, "")
    .toLowerCase();
}

const allowed = (host: string) => LINK_ALLOW_LIST.some((site) => host === site || host.endsWith(`.${site}`));

/** The reasons to hold a post's text, in a fixed order; none: it may be published. */
export function holdReasons(text: string, heldWords: readonly string[] = HELD_WORDS): HoldReason[] {
  const reasons: HoldReason[] = [];
  const plain = text.normalize("NFKC");
  if (hasPhone(plain)) reasons.push("phone");
  if (EMAIL.test(plain) || SPELLED_EMAIL.test(plain)) reasons.push("email");
  // An address's domain is the address's reason, not a link's.
  const withoutEmails = plain.replace(new RegExp(EMAIL.source, "gu"), " ");
  const links = [...(withoutEmails.match(URL) ?? []), ...(withoutEmails.match(BARE_DOMAIN) ?? [])];
  if (links.some((link) => !allowed(hostOf(link)))) reasons.push("link");
  const words = ` ${wordsOf(plain)} `;
  // Spaced-out spellings read as the word: " s t u p i d " -> " stupid ".
  const joined = words.replace(/(?<= \p{L}) (?=\p{L} )/gu, "");
  if (
    heldWords.some((entry) => {
      const word = ` ${wordsOf(entry).trim()} `;
      return words.includes(word) || joined.includes(word);
    })
  )
    reasons.push("words");
  return reasons;
}
