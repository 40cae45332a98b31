import path from "node:path";
import type { NextConfig } from "next";
import { contentSecurityPolicy } from "./lib/request/content-security-policy.mjs";

const isProduction = process.env.NODE_ENV === "production";

// Static pages' policy: Next's inline bootstrap scripts need 'unsafe-inline' for scripts there. The
// members' pages, rendered per request, get a nonce policy instead, from proxy.ts (which overrides this
// header). The page with Stripe Elements' card field (Add a card) may load Stripe.js, its frames and
// its API; the embedded Studio (/studio) talks to the Sanity project's API and shows its users' avatars.
const staticPolicy = contentSecurityPolicy();
const studioPolicy = contentSecurityPolicy({ studio: true });

const securityHeaders = [
  { key: "Content-Security-Policy", value: staticPolicy },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), browsing-topics=(), payment=(self)" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  ...(isProduction
    ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains; preload" }]
    : []),
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // A calendar import sends an .ics file of up to 1 MB (lib/calendar's limit) through a server action.
  experimental: { serverActions: { bodySizeLimit: "2mb" } },
  // Pages are prerendered with or without the sandbox's demo banner: the start-up check compares this
  // (fixed into the build) with the billing the running environment selects (lib/startup.ts).
  env: { HAPPR_BUILT_FOR_BILLING: process.env.STRIPE_SECRET_KEY ? "stripe" : "sandbox" },
  // With REDIS_URL, pages, fetched data and expired tags are kept in Redis so a webhook received by
  // one instance refreshes them all; without it, Next's file-system cache (one instance).
  ...(process.env.REDIS_URL
    ? { cacheHandler: path.resolve(import.meta.dirname, "lib/cache/redis-cache-handler.mjs"), cacheMaxMemorySize: 0 }
    : {}),
  // Next makes an ETag by hashing the whole body on every request: 0.47 ms for the 60 kB home page
  // (measured), most of a static page's cost to serve, for a 304 that only saves the transfer.
  // Static pages are cached by the CDN (s-maxage), so we serve them without.
  generateEtags: false,
  // `npm test` type-checks the whole project once (`tsc --noEmit`); the build need not do it again.
  typescript: { ignoreBuildErrors: true },
  reactStrictMode: true,
  // PGlite ships WASM and data files that must be loaded from node_modules at run time.
  // heic-decode's libheif-js is a 2 MB WebAssembly bundle: loaded by Node as it is, not rebundled (sharp is external by default).
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pg",
    "groq-js",
    "oidc-provider",
    "graphql",
    "heic-decode",
    "libheif-js",
    // The Lounge's photo check (lib/images/classify.ts): TensorFlow.js loads its .wasm from node_modules,
    // and NSFWJS's model is 3.5 MB of JavaScript; imported by Node when a photo is first checked.
    "nsfwjs",
    "@tensorflow/tfjs",
    "@tensorflow/tfjs-backend-wasm",
  ],
  // The built-in issuer is a Pages API route (Node req/res); bundling "server-only" there lets Next
  // resolve it to its server stub instead of requiring the throwing package at run time.
  transpilePackages: ["server-only"],
  // graphql/type-defs.ts reads the schema's .graphql files at run time: ship them with the route.
  outputFileTracingIncludes: { "/graphql": ["./graphql/contract/*.graphql", "./graphql/extensions/*.graphql"] },
  images: {
    remotePatterns: [{ protocol: "https", hostname: "cdn.sanity.io" }],
    // Every image <img> lists each width in its srcset (about 117 bytes apiece), on every page view.
    // Content images are shown at most 720 CSS px wide (100vw on phones), so these cover 1x-3x
    // screens (a 3x phone takes 1200); Next's defaults (15 widths, 32 px to 3840 px) add ~1 kB of
    // HTML per image.
    deviceSizes: [640, 828, 1200, 1920],
    imageSizes: [384],
  },
  async headers() {
    // A later entry's header replaces an earlier one's for the same path.
    return [
      { source: "/:path*", headers: securityHeaders },
      { source: "/studio/:path*", headers: [{ key: "Content-Security-Policy", value: studioPolicy }] },
    ];
  },
};

export default nextConfig;
