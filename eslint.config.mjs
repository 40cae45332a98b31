import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// The house rules as lint rules: each provider's SDK stays in its adapter folder, components never
// reach into the database or into app/, and modules never import each other in a circle.
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
