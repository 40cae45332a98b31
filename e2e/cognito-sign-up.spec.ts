import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { z } from "zod";
import { startCognitoLocal, type CognitoLocalServer } from "./support/cognito-local";
import { extraPort, scratchDatabase, startInstance, type AppInstance } from "./support/app-instances";

/**
 * With Cognito configured, sign-up and confirmation run on the app's own pages against the user pool
 * (cognito-local on loopback, reached through the SDK's AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER):
 * the new member is in the pool, not in the built-in provider's table, and continues to the hosted
 * sign-in towards where they were going. The instance runs on a scratch PostgreSQL database so the
 * journey can look inside it.
 */
test.describe.configure({ mode: "serial" });
test.setTimeout(90_000);

let cognito: CognitoLocalServer;
let database: Awaited<ReturnType<typeof scratchDatabase>>;
let app: AppInstance;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cognito = await startCognitoLocal(extraPort(8));
  database = await scratchDatabase();
  app = await startInstance(extraPort(7), {
    DATABASE_URL: database.url,
    COGNITO_USER_POOL_ID: cognito.poolId,
    COGNITO_CLIENT_ID: cognito.clientId,
    COGNITO_DOMAIN: "happr-e2e.auth.us-east-1.amazoncognito.com",
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
  });
});

test.afterAll(async () => {
  await app?.stop();
  await cognito?.stop();
  await database?.drop();
});

test("a visitor signs up and confirms on the app's pages: the member is in the pool, not in the built-in database, and continues to the hosted sign-in", async ({
  page,
}) => {
  const email = `cognito.${Date.now()}@example.com`;
  await page.goto(`${app.url}/auth/sign-in?continue=%2Fpricing`);
  await expect(page.getByRole("button", { name: "Continue to sign in" })).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  await page.getByRole("link", { name: "Create an account" }).click();
  await page.getByLabel(/^First name/).fill("Ada");
  await page.getByLabel(/^Last name/).fill("Lovelace");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill("Sunny-Day-42!");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/auth\/confirm\?/);

  const user = z.object({
    UserStatus: z.string(),
    UserAttributes: z.array(z.object({ Name: z.string(), Value: z.string().optional() })),
  });
  const poolUser = () => cognito.call("AdminGetUser", { UserPoolId: cognito.poolId, Username: email }, user);
  expect((await poolUser()).UserStatus).toBe("UNCONFIRMED");

  await page.getByLabel(/^Confirmation code/).fill("000000");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Invalid verification code provided, please try again.")).toBeVisible();

  // The hosted sign-in is Cognito's (not on loopback): the journey stops where the app hands over.
  const handover = page.waitForRequest((request) => new URL(request.url()).pathname === "/auth/start");
  await page.route("**/auth/start**", (route) => route.fulfill({ status: 200, body: "hosted sign-in" }));
  await page.getByLabel(/^Confirmation code/).fill(await cognito.lastCode(email));
  await page.getByRole("button", { name: "Confirm" }).click();
  expect(new URL((await handover).url()).searchParams.get("continue")).toBe("/pricing");

  const confirmed = await poolUser();
  expect(confirmed.UserStatus).toBe("CONFIRMED");
  expect(confirmed.UserAttributes).toEqual(
    expect.arrayContaining([
      { Name: "email", Value: email },
      { Name: "given_name", Value: "Ada" },
      { Name: "family_name", Value: "Lovelace" },
    ]),
  );

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query("select count(*)::int as n from identity_accounts");
    expect(rows[0].n).toBe(0);
  } finally {
    await client.end();
  }
});
