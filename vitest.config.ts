import path from "node:path";
import { defineConfig } from "vitest/config";

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
// PGlite in memory, and again on the real PostgreSQL server when TEST_DATABASE_URL is set (CI sets
// it: see .ci/run). Attack tests (*.attack.test.ts) sit next to what they attack: SECURITY.md lists them.
const postgresUrl = process.env.TEST_DATABASE_URL;

// next-auth imports "next/server" without an extension, which Node's own ESM resolution refuses:
// bundled by Vite, as Next.js bundles it, it loads (proxy.ts's guard is tested whole).
const deps = { inline: ["next-auth"] };

export default defineConfig({
  ...shared,
  test: {
    projects: [
      {
        ...shared,
        test: {
          name: "unit",
          include: ["{lib,graphql,components,app,sanity,scripts,config,test,bench}/**/*.test.{ts,tsx}"],
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
                // Attack tests that need a database are named *.db.attack.test.ts.
                include: [
                  "{lib,graphql,app,scripts}/**/*.db.test.{ts,tsx}",
                  "{lib,graphql,app,scripts}/**/*.db.attack.test.{ts,tsx}",
                ],
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
