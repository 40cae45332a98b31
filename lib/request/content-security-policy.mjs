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
 * /studio (`studio`). Everything else is same-origin, but for the members' photos when they are kept
 * on S3: the app answers a photo's address with a redirect to a URL signed for that one object, so
 * members' pages allow images from the bucket's origin (`objectStoreOrigin`).
 */

/**
 * The origin a signed URL for the S3 bucket points at, or null when photos are on disk (served by the
 * app itself). As lib/config.ts reads the S3_* variables: path-style (the endpoint's own origin) with
 * S3_ENDPOINT unless S3_FORCE_PATH_STYLE=false, virtual-hosted (the bucket's own host) on AWS.
 */
export function objectStoreOrigin(env = process.env) {
  const { S3_BUCKET: bucket, S3_REGION: region, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: forced } = env;
  if (!bucket) return null;
  const pathStyle = forced ? forced === "true" : endpoint !== undefined;
  const url = new URL(endpoint ?? `https://s3.${region}.amazonaws.com`);
  return pathStyle ? url.origin : `${url.protocol}//${bucket}.${url.host}`;
}

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
  const photos = nonce ? objectStoreOrigin() : null;
  if (photos) img.push(photos);
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
