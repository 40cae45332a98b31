/**
 * Draft preview for editors: the secret check of GET /api/draft-mode/enable and the paths it may send
 * the editor to. One secret (SANITY_PREVIEW_SECRET) for both content sources: Sanity's own
 * `defineEnableDraftMode` validates a secret the Presentation tool stores in the dataset, which needs
 * Sanity's servers and means nothing to the bundled dataset.
 */
import { createHash, timingSafeEqual } from "node:crypto";

export type EnableDecision =
  | { ok: true; redirectTo: string }
  | { ok: false; status: 401 | 404; message: string };

/**
 * A same-site path to send the editor to, or "/" for anything else: an absolute URL, a
 * protocol-relative `//host`, a backslash that browsers read as a slash, control characters.
 */
export function sameSitePath(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(value)) return "/";
  const base = "http://same-site.invalid";
  if (!URL.canParse(value, base)) return "/";
  const url = new URL(value, base);
  if (url.origin !== base) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Compares digests, so neither the secret's length nor its prefix leaks through timing. */
function secretMatches(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Decides an enable request: 404 when previews are off (no secret configured), 401 for a missing or wrong secret. */
export function checkEnableRequest(url: URL, expectedSecret: string | undefined): EnableDecision {
  if (!expectedSecret) return { ok: false, status: 404, message: "Previews are not configured (SANITY_PREVIEW_SECRET is not set)" };
  const given = url.searchParams.get("secret");
  if (!given || !secretMatches(given, expectedSecret)) return { ok: false, status: 401, message: "Invalid preview secret" };
  return { ok: true, redirectTo: sameSitePath(url.searchParams.get("redirect")) };
}
