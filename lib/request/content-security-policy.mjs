/**
 * The site's Content-Security-Policy, in one place for next.config.ts (static pages) and proxy.ts
 * (members' pages). Plain JavaScript: next.config.ts loads it as it is, outside Next's bundles.
 *
 * - Static and public pages are rendered once, so they cannot carry a per-request nonce: their policy
 *   allows Next's inline bootstrap scripts with 'unsafe-inline' (DESIGN.md: a CSP that does not force
 *   static pages to render per request).
 * - Members' pages are rendered per request anyway (they read the session): proxy.ts gives each one a
 *   fresh nonce, Next puts it on its own scripts, and the policy allows scripts from this origin and
 *   with that nonce only, so a script injected into the page does not run.
 * Stripe.js's origins are added only where its card field is (`stripe`), the Sanity Studio's only on
 * /studio (`studio`). Everything else is same-origin.
 */

/** @param {{ nonce?: string, stripe?: boolean, studio?: boolean }} [options] */
export function contentSecurityPolicy({ nonce, stripe = false, studio = false } = {}) {
  const production = process.env.NODE_ENV === "production";
  const servedOverHttps = (process.env.SITE_URL ?? "").startsWith("https://");
  const script = ["'self'", nonce ? `'nonce-${nonce}'` : "'unsafe-inline'"];
  // React uses eval for its development-only debugging aids; production never needs it.
  if (!production) script.push("'unsafe-eval'");
  if (stripe) script.push("https://js.stripe.com");
  const connect = ["'self'"];
  if (stripe) connect.push("https://api.stripe.com");
  if (studio) connect.push("https://*.api.sanity.io", "wss://*.api.sanity.io", "https://*.apicdn.sanity.io");
  const frame = ["'self'"];
  if (stripe) frame.push("https://js.stripe.com", "https://hooks.stripe.com");
  const img = ["'self'", "data:", "blob:", "https://cdn.sanity.io"];
  if (studio)
    img.push("https://lh3.googleusercontent.com", "https://avatars.githubusercontent.com", "https://*.gravatar.com");
  return [
    "default-src 'self'",
    ...(studio ? ["worker-src 'self' blob:"] : []),
    `script-src ${script.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${img.join(" ")}`,
    "font-src 'self'",
    `connect-src ${connect.join(" ")}`,
    `frame-src ${frame.join(" ")}`,
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    ...(servedOverHttps ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** A nonce for one response: 128 random bits, base64. */
export function newNonce() {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}
