/**
 * Draft preview for editors: the secret check of GET /api/draft-mode/enable and the paths it may send
 * the editor to. One secret (SANITY_PREVIEW_SECRET) for both content sources: Sanity's own
 * `defineEnableDraftMode` validates a secret the Presentation tool stores in the dataset, which needs
 * Sanity's servers and means nothing to the bundled dataset.
 */
import { createHash, timingSafeEqual } from "node:crypto";

export type EnableDecision = { ok: true; redirectTo: string } | { ok: false; status: 401 | 404; message: string };

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

/**
 * Decides an enable request from its query (a preview link) or form (the secret typed in): 404 when
 * previews are off (no secret configured), 401 for a missing or wrong secret.
 */
export function checkEnableRequest(params: URLSearchParams, expectedSecret: string | undefined): EnableDecision {
  if (!expectedSecret)
    return { ok: false, status: 404, message: "Previews are not configured (SANITY_PREVIEW_SECRET is not set)" };
  const given = params.get("secret");
  if (!given || !secretMatches(given, expectedSecret))
    return { ok: false, status: 401, message: "Invalid preview secret" };
  return { ok: true, redirectTo: sameSitePath(params.get("redirect")) };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The page the Studio's "Open preview" opens (the Studio never holds the secret, so it cannot build a
 * preview link): the editor types the secret once, and draft mode lasts the browser session.
 */
export function previewSecretForm(redirect: string, refused: boolean): string {
  const path = sameSitePath(redirect);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Preview drafts | Happr</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#111}label,input,button{display:block;font:inherit}input{width:100%;margin:.25rem 0 1rem;padding:.5rem;border:1px solid #555;border-radius:.375rem}button{padding:.5rem 1rem;border:0;border-radius:.375rem;background:#1d4ed8;color:#fff}[role=alert]{color:#b91c1c}</style>
</head><body><main>
<h1>Preview drafts</h1>
<p>Enter the preview secret to see <code>${escapeHtml(path)}</code> with unpublished drafts.</p>
${refused ? `<p role="alert">That preview secret is not right.</p>` : ""}
<form method="post" action="/api/draft-mode/enable">
<input type="hidden" name="redirect" value="${escapeHtml(path)}">
<label for="secret">Preview secret</label>
<input id="secret" name="secret" type="password" autocomplete="current-password" required>
<button type="submit">Preview</button>
</form>
<p><a href="${escapeHtml(path)}">See the published page instead</a></p>
</main></body></html>`;
}
