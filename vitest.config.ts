import { availableParallelism } from "node:os";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

const shared = {
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // "server-only" throws outside React Server Components; the tests are plain Node.
      "server-only": path.resolve(import.meta.dirname, "test/empty-module.ts"),
    },
  },
};

// Database tests (*.db.test.ts, and the attack tests that need a database, *.db.attack.test.ts) run on
// PGlite in memory. When TEST_DATABASE_URL names a PostgreSQL server (CI sets it: see .ci/run), they run
// on that server instead, the database production runs on, and only the database adapter's own
// contract and the attack tests run on both (below): running every file twice doubled the suite's longest part for
// queries that Drizzle writes alike for both. PGlite, the embedded default, is also what the browser
// journeys' server runs on. TEST_DATABASES=both runs every database test on both, as before.
// Attack tests (*.attack.test.ts) sit next to what they attack: SECURITY.md lists them.
const postgresUrl = process.env.TEST_DATABASE_URL;
const everyDatabaseTest = [
  "{lib,graphql,app,scripts}/**/*.db.test.{ts,tsx}",
  "{lib,graphql,app,scripts}/**/*.db.attack.test.{ts,tsx}",
];
// The database adapter's contract, on PGlite and PostgreSQL alike: opening and migrating (lib/db, the
// identity credentials' migration), PGlite's one-connection pool, and the job queue's
// `FOR UPDATE SKIP LOCKED` claim that DESIGN.md promises on both; and every attack that needs a
// database, since a defence must hold on the embedded default a newcomer runs as on production.
const adapterContract = [
  "lib/db/**/*.db.test.ts",
  "{lib,graphql,app,scripts}/**/*.db.attack.test.{ts,tsx}",
  "lib/identity/builtin/issuer/credentials-migration.db.test.ts",
  "lib/jobs/**/*.db.test.ts",
];
const onPglite = postgresUrl && process.env.TEST_DATABASES !== "both" ? adapterContract : everyDatabaseTest;

// next-auth imports "next/server" without an extension, which Node's own ESM resolution refuses:
// bundled by Vite, as Next.js bundles it, it loads (proxy.ts's guard is tested whole).
const deps = { inline: ["next-auth"] };

export default defineConfig({
  ...shared,
  test: {
    // Vitest's default, one worker fewer than the cores, ran one file at a time on a 2-core CI machine,
    // while the database files mostly wait on the PostgreSQL server: two at least, as the cores allow.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        ...shared,
        test: {
          name: "unit",
          include: ["{lib,graphql,components,app,sanity,scripts,config,test,bench}/**/*.test.{ts,tsx}"],
          exclude: [...configDefaults.exclude, ...everyDatabaseTest],
          environment: "node",
          env: { TEST_DATABASE_URL: "" },
          testTimeout: 20_000,
          server: { deps },
        },
      },
      {
        ...shared,
        test: {
          name: "pglite",
          include: onPglite,
          environment: "node",
          env: { TEST_DATABASE_URL: "" },
          testTimeout: 20_000,
          server: { deps },
        },
      },
      ...(postgresUrl
        ? [
            {
              ...shared,
              test: {
                name: "postgres",
                include: everyDatabaseTest,
                environment: "node",
                env: { TEST_DATABASE_URL: postgresUrl },
                testTimeout: 30_000,
                server: { deps },
              },
            },
          ]
        : []),
    ],
  },
});
