import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// The house rules as lint rules: each provider's SDK stays in its adapter folder, components never
// reach into the database or into app/, modules never import each other in a circle, and each floor
// imports only from the floors below it (`floors`).
const providerSdks = {
  stripe: ["lib/billing/stripe/**"],
  "@stripe/*": ["components/billing/stripe-card-form.tsx"],
  "@sanity/client": ["lib/content/**"],
  "next-sanity": ["lib/content/**", "components/studio/**"],
  "oidc-provider": ["lib/identity/builtin/issuer/**"],
  redis: ["lib/cache/**", "lib/live/redis/**"],
  pg: ["lib/db/**", "lib/live/postgres/**"],
  "@electric-sql/pglite": ["lib/db/**"],
  nodemailer: ["lib/mail/**"],
  "@aws-sdk/client-cognito-identity-provider": ["lib/identity/cognito/**"],
  "@aws-sdk/client-s3": ["lib/storage/s3/**"],
  "@aws-sdk/s3-request-presigner": ["lib/storage/s3/**"],
  // The Lounge's offline photo check: one adapter, never on private photos (lib/images/README.md).
  nsfwjs: ["lib/images/classify.ts"],
  "@tensorflow/tfjs": ["lib/images/classify.ts"],
  "@tensorflow/tfjs-backend-wasm": ["lib/images/classify.ts"],
};

const componentRules = [
  { group: ["@/lib/db", "@/lib/db/*"], message: "Components never touch the database: load in a page or lib/." },
  { group: ["@/app/*"], message: "Components never import from app/: the page passes its action as a prop." },
];

const sdkRule = (name) => ({
  group: [name, `${name}/*`],
  message: `${name} stays in its adapter (${providerSdks[name].join(", ")}); go through the port.`,
});

/** no-restricted-imports for files that may use `allowed` SDKs; the last matching block wins, so each lists everything. */
const restricted = (allowed = [], extra = []) => ({
  "no-restricted-imports": [
    "error",
    {
      patterns: [
        ...Object.keys(providerSdks)
          .filter((name) => !allowed.includes(name))
          .map(sdkRule),
        ...extra,
      ],
    },
  ],
});

/**
 * The floors of the code, from the ground up. A module imports only from its own floor or the ones
 * below it (type imports and import() included: import/no-restricted-paths sees every import), so a
 * change to a floor never reaches down, and no import closes a circle across floors.
 *
 * 1. the kernel: errors, forms, log, time, secrets, messages, display, config and the small pure
 *    helpers (lib/*.ts below), with the product's fixed settings in config/; it imports nothing above;
 * 2. lib/db: the database, its schema and migrations (and the types of its JSON columns);
 * 3. the member's records: profile, settings; they need only the database, and the floors above read
 *    them (the outbox a member's discreet mode, sign-up starts the profile in its transaction);
 * 4. the platform: mail, jobs, rate limits, request, cache, content;
 * 5. identity, auth and billing (and the public site's contact and waitlist);
 * 6. circles: lib/circles (with its sharing, seat rule and Family-plan lookup), then lib/invitations;
 * 7. the members' features: habits, calendar (each its own folder; neither imports the other);
 * 8. the composition root: lib/features.ts, the one list of the members' features, and what is
 *    derived from it or spans them all (lib/member-data, lib/account, lib/health.ts);
 * 9. graphql/, then components/, then app/.
 * Tests and test set-ups may reach up (a test drives the whole app).
 */
const floors = [
  {
    name: "the kernel",
    paths: [
      "lib/errors.ts",
      "lib/forms.ts",
      "lib/log.ts",
      "lib/time.ts",
      "lib/secrets.ts",
      "lib/messages.ts",
      "lib/display.ts",
      "lib/config.ts",
      "lib/phone.ts",
      "lib/uuid.ts",
      "lib/bounded-map.ts",
      "lib/worker-thread.ts",
      "lib/country-names.ts",
      "lib/format",
      "config",
    ],
  },
  { name: "the database (lib/db)", paths: ["lib/db"] },
  { name: "the member's records (profile, settings)", paths: ["lib/profile", "lib/settings"] },
  {
    name: "the platform",
    paths: [
      "lib/mail",
      "lib/jobs",
      "lib/rate-limit",
      "lib/request",
      "lib/cache",
      "lib/content",
      "lib/storage",
      "lib/images",
      "lib/uploads",
      "lib/live",
      "lib/seo.ts",
      "lib/startup.ts",
      "lib/graphql-client",
    ],
  },
  {
    name: "identity, auth and billing",
    paths: ["lib/identity", "lib/auth", "lib/billing", "lib/contact", "lib/waitlist", "auth.ts"],
  },
  { name: "circles", paths: ["lib/circles"] },
  { name: "circles' invitations", paths: ["lib/invitations"] },
  { name: "the members' features", paths: ["lib/habits", "lib/calendar", "lib/cam", "lib/vision-board", "lib/lounge"] },
  {
    name: "the composition root",
    paths: ["lib/features.ts", "lib/member-data", "lib/account", "lib/today", "lib/health.ts"],
  },
  { name: "the API (graphql/)", paths: ["graphql"] },
  { name: "the components", paths: ["components"] },
  { name: "the pages (app/)", paths: ["app"] },
];

const floorZones = floors.flatMap((floor, index) =>
  floor.paths.flatMap((target) =>
    floors.slice(index + 1).flatMap((above) =>
      above.paths.map((from) => ({
        target,
        from,
        message: `${target} is in ${floor.name}, ${from} in ${above.name}, above it: a floor imports only from its own floor or below (eslint.config.mjs lists them).`,
      })),
    ),
  ),
);

// Within a floor: the features never import each other (they meet in lib/features.ts).
const featureZones = [
  ["lib/habits", "lib/calendar"],
  ["lib/calendar", "lib/habits"],
  ["lib/cam", "lib/habits"],
  ["lib/habits", "lib/cam"],
  ["lib/cam", "lib/calendar"],
  ["lib/calendar", "lib/cam"],
  ["lib/vision-board", "lib/habits"],
  ["lib/habits", "lib/vision-board"],
  ["lib/vision-board", "lib/calendar"],
  ["lib/calendar", "lib/vision-board"],
  ["lib/vision-board", "lib/cam"],
  ["lib/cam", "lib/vision-board"],
  ["lib/lounge", "lib/habits"],
  ["lib/habits", "lib/lounge"],
  ["lib/lounge", "lib/calendar"],
  ["lib/calendar", "lib/lounge"],
  ["lib/lounge", "lib/cam"],
  ["lib/cam", "lib/lounge"],
  ["lib/lounge", "lib/vision-board"],
  ["lib/vision-board", "lib/lounge"],
].map(([target, from]) => ({
  target,
  from,
  message: `${target} and ${from} are both members' features: a feature never imports another (they meet in lib/features.ts).`,
}));

const testFiles = [
  "**/*.test.ts",
  "**/*.test.tsx",
  "**/testing.ts",
  "**/test-helpers.ts",
  "**/test-hooks.ts",
  "**/test-database.ts",
  "**/cognito-local-testing.ts",
  "**/test-smtp-server.ts",
  "**/fake-*.ts",
  "**/__fixtures__/**",
];

const adapterFolders = [...new Set(Object.values(providerSdks).flat())];
const sdksAllowedIn = (folder) => Object.keys(providerSdks).filter((name) => providerSdks[name].includes(folder));

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    "node_modules/**",
    "next-env.d.ts",
    "test-results/**",
    "playwright-report/**",
    "lib/content/sanity.types.ts",
    "graphql/generated/**",
    "lib/graphql-client/generated/**",
    ".data/**",
  ]),
  {
    // Cycles are looked for in our code only: parsing node_modules costs minutes and finds nothing we own.
    settings: { "import/ignore": ["node_modules"] },
    rules: {
      "import/no-cycle": ["error", { ignoreExternal: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  { rules: restricted() },
  { files: ["components/**"], rules: restricted([], componentRules) },
  ...adapterFolders.map((folder) => ({
    files: [folder],
    rules: restricted(sdksAllowedIn(folder), folder.startsWith("components/") ? componentRules : []),
  })),
  {
    files: ["lib/**", "graphql/**", "components/**", "app/**", "config/**", "auth.ts"],
    ignores: testFiles,
    rules: { "import/no-restricted-paths": ["error", { zones: [...floorZones, ...featureZones] }] },
  },
  // Dates are formatted through lib/format/intl.ts, which makes each formatter once: building one per
  // call cost ~100 µs and native memory the server kept (issue 43).
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}"],
    ignores: ["lib/format/intl.ts", "**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          message: "Use dateTimeFormat() from lib/format/intl.ts: it makes each formatter once.",
        },
        {
          selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/][arguments.length>0]",
          message:
            "Use dateTimeFormat() from lib/format/intl.ts: toLocale*String with options builds a formatter per call.",
        },
      ],
    },
  },
  // Tests and tools drive the real servers and SDKs directly; the Studio is Sanity's own app.
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "e2e/**", "bench/**", "scripts/**", "test/**", "sanity/**", "sanity.*.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  // Tests read untyped JSON answers, and their `useSandboxBilling`-style set-ups are not React hooks.
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "e2e/**", "graphql/test-helpers.ts", "test/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "react-hooks/rules-of-hooks": "off" },
  },
]);
