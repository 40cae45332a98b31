import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { extraPort, scratchDatabase, startInstance, type AppInstance } from "./support/app-instances";
import { journeyNode, tsxBin } from "./support/journey-node";
import { outboxFile, signUp } from "./support/members";

/**
 * A repricing at the payment provider shows on the site without a deploy. Two instances of the build
 * run on one PostgreSQL and the Redis on 127.0.0.1:6379 with the sandbox billing engine; the plan is
 * repriced in the sandbox (npm run billing:sandbox-price, as one would in Stripe's dashboard), one
 * instance's sandbox clock delivers price.created/price.updated, and both serve the new amount on
 * /planform (prerendered) and /pricing.
 */
test.describe.configure({ mode: "serial" });
test.setTimeout(240_000);

let database: Awaited<ReturnType<typeof scratchDatabase>>;
const instances: AppInstance[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  database = await scratchDatabase();
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: process.env.E2E_REDIS_URL ?? "redis://127.0.0.1:6379",
    REDIS_KEY_PREFIX: `happr-e2e:${randomUUID()}:`,
    // The journeys read sign-up codes from the main server's outbox file.
    OUTBOX_FILE: outboxFile,
    SIGN_UPS_PER_ADDRESS_PER_HOUR: "1000",
  };
  instances.push(await startInstance(extraPort(3), env));
  instances.push(await startInstance(extraPort(4), env));
});

test.afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await database?.drop();
});

const html = async (url: string) => (await fetch(url)).text();

test("a plan repriced in the sandbox shows its new amount on /planform and /pricing of every instance, no rebuild", async ({
  browser,
}) => {
  const [a, b] = instances as [AppInstance, AppInstance];
  // The built page has no amounts (the build asks no provider); its first request regenerates it.
  for (const instance of [a, b])
    await expect.poll(() => html(`${instance.url}/planform`), { timeout: 30_000, intervals: [500] }).toContain("$9.99");

  const context = await browser.newContext({ baseURL: b.url });
  const page = await context.newPage();
  await signUp(page);
  const familyCard = (path: string) =>
    page
      .goto(path)
      .then(() => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Happr Family" }) }));
  await expect(await familyCard("/planform")).toContainText(/\$9\.99\s*per month/);
  await expect(await familyCard("/pricing")).toContainText(/\$9\.99\s*per month/);

  await promisify(execFile)(
    journeyNode(),
    [tsxBin, "--conditions=react-server", "scripts/sandbox-price.ts", "happr_family_monthly", "1299", "usd"],
    { env: { ...process.env, DATABASE_URL: database.url, NODE_ENV: "development" } },
  );

  // The sandbox's clock (every 30 s, on either instance) delivers the price events; the expired tag
  // is shared through Redis, so B shows it whichever instance applied them.
  await expect.poll(() => html(`${b.url}/planform`), { timeout: 60_000, intervals: [1000] }).toContain("$12.99");
  expect(await html(`${a.url}/planform`)).toContain("$12.99");
  const planform = await familyCard("/planform");
  await expect(planform).toContainText(/\$12\.99\s*per month/);
  await expect(planform).not.toContainText("$9.99");
  // The individual plan was not repriced.
  await expect(page.getByText("$4.99", { exact: true })).toBeVisible();
  await expect(await familyCard("/pricing")).toContainText(/\$12\.99\s*per month/);
  await context.close();
});
