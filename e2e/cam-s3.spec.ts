import { randomUUID } from "node:crypto";
import { expect, test, type Browser } from "@playwright/test";
import { startLoopbackS3, type LoopbackS3 } from "../lib/storage/s3/loopback-s3-server";
import { extraPort, scratchDatabase, startInstance, type AppInstance } from "./support/app-instances";
import { outboxFile, signUp } from "./support/members";
import { subscribe } from "./support/subscriptions";
import { joinOwnersCircle } from "./support/circle";
import { shareAndRevoke } from "./support/cam";

// Cam's core journey again, on a `next start` of the same build whose object store is S3: s3rver on
// loopback (a real S3-compatible server), the app configured by its S3_* variables, on PostgreSQL.
test.describe.configure({ timeout: 420_000 });

let s3: LoopbackS3;
let database: Awaited<ReturnType<typeof scratchDatabase>>;
let app: AppInstance;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  s3 = await startLoopbackS3();
  database = await scratchDatabase();
  app = await startInstance(extraPort(3), {
    ...s3.env,
    DATABASE_URL: database.url,
    REDIS_URL: process.env.E2E_REDIS_URL ?? "redis://127.0.0.1:6379",
    REDIS_KEY_PREFIX: `happr-e2e:${randomUUID()}:`,
    // The journeys read sign-up codes and invitations from the main server's outbox file.
    OUTBOX_FILE: outboxFile,
  });
});

test.afterAll(async () => {
  await app?.stop();
  await database?.drop();
  await s3?.stop();
});

async function memberOnS3App(browser: Browser, name: { firstName: string; lastName: string }) {
  const context = await browser.newContext({ baseURL: app.url });
  const page = await context.newPage();
  return { context, page, ...(await signUp(page, name)) };
}

test("with the S3 object store: a moment is added, shared with a circle member who sees it, taken back (404 for them); a stranger and a guest get nothing", async ({
  browser,
  playwright,
}) => {
  expect(app.output()).toMatch(/S3 bucket happr-test/);
  const ben = await memberOnS3App(browser, { firstName: "Ben", lastName: "Buddy" });
  await ben.page.getByRole("main").getByRole("button", { name: "Log Out" }).click();
  const cara = await memberOnS3App(browser, { firstName: "Cara", lastName: "Stranger" });
  const ada = await memberOnS3App(browser, { firstName: "Ada", lastName: "Able" });
  await subscribe(ada.page, { name: "Happr Family", interval: "month" });
  await joinOwnersCircle(ada.page, { page: ben.page, email: ben.email, password: ben.password });
  const guest = await playwright.request.newContext({ baseURL: app.url });

  const moment = await shareAndRevoke({
    owner: ada.page,
    viewer: ben.page,
    viewerName: "Ben Buddy",
    stranger: cara.page,
    guest,
  });
  // The app answers the owner with a redirect to a short-lived URL signed for this one derivative.
  const redirect = await ada.page.request.get(moment.display, { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  const signed = new URL(redirect.headers().location!);
  expect(signed.origin).toBe(s3.endpoint);
  expect(signed.searchParams.get("X-Amz-Expires")).toBe("60");
  expect(signed.pathname).toContain("display");
  await guest.dispose();
  await Promise.all([ben, cara, ada].map((member) => member.context.close()));
});
