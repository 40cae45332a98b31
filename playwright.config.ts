import { randomBytes } from "node:crypto";
import { defineConfig, devices } from "@playwright/test";
import { journeyCommand, journeyNode, tsxBin } from "./e2e/support/journey-node";
import { PREVIEW_SECRET } from "./e2e/support/preview";
import { LOUNGE_MODERATORS } from "./e2e/support/lounge";

// Journeys run in Debian's Chromium against the production build (`next build && next start`, on
// Node.js 24: e2e/support/journey-node.ts) on the embedded defaults, with a database of their own so
// runs never see each other's data.
const port = Number(process.env.E2E_PORT ?? 3210);
// "localhost", as the sign-in redirects are built from SITE_URL and must match the browser's origin.
const baseURL = `http://localhost:${port}`;
// Amazon SNS's stand-in (e2e/support/sns-stand-in.ts): the last port of this run's range (E2E_PORT..+19).
const snsPort = port + 19;
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  // A sign-in hashes the password (scrypt) and runs the OIDC round trip: on a loaded 2-core CI machine
  // that passed Playwright's default 5 s wait for the page that follows.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    contextOptions: { reducedMotion: "reduce" },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], channel: undefined, launchOptions: chromium },
      testIgnore: /mobile\.spec\.ts|lockout\.spec\.ts/,
    },
    // The lockout journeys run on servers of their own (e2e/security/lockout.spec.ts), after the rest:
    // their bursts of twenty browsers at once would slow the journeys running beside them.
    {
      name: "lockout",
      use: { ...devices["Desktop Chrome"], channel: undefined, launchOptions: chromium },
      testMatch: /lockout\.spec\.ts/,
      dependencies: ["desktop", "mobile"],
    },
    { name: "mobile", use: { ...devices["Pixel 7"], launchOptions: chromium }, testMatch: /mobile\.spec\.ts/ },
  ],
  webServer: [
    {
      command: journeyCommand(tsxBin, "e2e/support/sns-stand-in.ts", snsPort),
      port: snsPort,
      reuseExistingServer: !process.env.CI,
      stdout: "pipe",
    },
    {
      // The production build and `next start` on Node.js 24, where Happr is deployed, starting each run
      // on an empty embedded database (the script says why).
      command: `bash e2e/support/web-server.sh ${port}`,
      url: `${baseURL}/api/health`,
      // The build alone took over 10 minutes on a 2-core machine shared with other builds.
      timeout: 1_200_000,
      reuseExistingServer: !process.env.CI,
      env: {
        E2E_NODE: journeyNode(),
        DATA_DIR: ".data/e2e",
        // The journeys read sign-up codes from here (the server holds the embedded database).
        OUTBOX_FILE: ".data/e2e/outbox.ndjson",
        SITE_URL: baseURL,
        NODE_ENV: "production",
        // Production asks for the embedded billing engine and message outbox by name (lib/config.ts).
        BILLING: "sandbox",
        MAIL: "outbox",
        // Texts go through the SNS adapter to a stand-in on loopback (production without SMS=sns does
        // not offer the phone features: lib/mail/sms/texts-unavailable.db.test.ts); codes are read from
        // OUTBOX_FILE as every message is copied there when queued.
        SMS: "sns",
        AWS_REGION: "us-east-1",
        AWS_ENDPOINT_URL_SNS: `http://127.0.0.1:${snsPort}`,
        AWS_ACCESS_KEY_ID: "e2e-access-key",
        AWS_SECRET_ACCESS_KEY: "e2e-secret-key",
        // Account changes always ask for the current password here (a session minutes old would not):
        // the journeys type it, and e2e/security shows a session alone is refused.
        REAUTH_WINDOW_SECONDS: "0",
        // Every journey signs up its own members, all from 127.0.0.1: more than the 30 an hour one address
        // may. The limit itself is proven by lib/rate-limit/outsider-limits.db.attack.test.ts.
        SIGN_UPS_PER_ADDRESS_PER_HOUR: "1000",
        // Editors' draft preview (e2e/draft-preview.spec.ts, e2e/security/draft-preview-cache.spec.ts).
        SANITY_PREVIEW_SECRET: PREVIEW_SECRET,
        // The Lounge's moderators, by address: e2e/lounge-moderation.spec.ts signs them up.
        LOUNGE_MODERATORS: LOUNGE_MODERATORS.join(","),
        // Production refuses to start without a session secret; a throwaway one per run is right here.
        AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(33).toString("base64"),
      },
      stdout: "pipe",
    },
  ],
});
