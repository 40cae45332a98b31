/**
 * A state-changing form post must come from the site's own pages (CSRF defence in depth beside the
 * SameSite=Lax session cookie): the Origin header names the site, or, when a browser leaves Origin
 * out, Fetch Metadata says same-origin. Anything else (another site, no evidence at all) is refused.
 */
export function isSameOriginPost(headers: Headers, siteUrl: string): boolean {
  const origin = headers.get("origin");
  if (origin !== null) return origin === new URL(siteUrl).origin;
  return headers.get("sec-fetch-site") === "same-origin";
}
