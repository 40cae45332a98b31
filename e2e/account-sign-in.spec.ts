import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { TOTP_PERIOD_SECONDS, totpCode } from "../lib/identity/totp";
import { codeSentTo, messagesTo, openSecurityCentre, signIn, signUp, uniqueEmail } from "./support/members";

// A sign-in hashes the password (scrypt) and runs the OIDC round trip: on a busy machine that outlasts expect's 5 s.
const signInTimeout = 15_000;

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

async function expectNoAxeViolations(page: Page) {
  // Dynamic pages stream their <title> in after the body: check the page once it is there.
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
}

/** Header and footer agree with the session (the spinner is gone once the check answered): the members' places in the header. */
async function expectSignedIn(page: Page) {
  await expect(page.getByRole("banner").getByRole("link", { name: "Account", exact: true })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("button", { name: "Log Out" })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Sign In" })).toHaveCount(0);
}

async function expectSignedOut(page: Page) {
  await expect(page.getByRole("banner").getByRole("button", { name: "Join the waitlist" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("navigation", { name: "Members" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("button", { name: "Log Out" })).toHaveCount(0);
}

/** A browser of its own (own cookies), for the "other device" of a journey. */
async function otherBrowser(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, reducedMotion: "reduce" });
  return { context, page: await context.newPage() };
}

async function signInFrom(page: Page, path: string, email: string, password: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await signIn(page, email, password);
}

/** Waits for the next 30-second step, so the code is one the issuer has not seen yet (codes are single use). */
async function freshCode(secret: string, usedAt: Date): Promise<string> {
  const step = (date: Date) => Math.floor(date.getTime() / 1000 / TOTP_PERIOD_SECONDS);
  await expect
    .poll(() => step(new Date()) > step(usedAt), { timeout: (TOTP_PERIOD_SECONDS + 5) * 1000, intervals: [500] })
    .toBe(true);
  return totpCode(secret, new Date());
}

test("a member turns on the authenticator app, signs in with its code, and turns it off again", async ({ page }) => {
  test.setTimeout(180_000);
  const { email, password } = await signUp(page, { email: uniqueEmail("totp") });
  await openSecurityCentre(page);
  const card = page.getByRole("region", { name: "Authenticator app" });
  await expect(card.getByText(/^Off\./)).toBeVisible();

  await card.getByLabel(/^Current password/).fill(password);
  await card.getByRole("button", { name: "Turn on authenticator app" }).click();
  await expect(card.getByRole("img", { name: /QR code/ })).toBeVisible();
  await expect(card.getByRole("img", { name: /QR code/ })).toHaveAttribute("src", /^data:image\/png;base64,/);
  const secret = (await card.getByTestId("authenticator-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // Focus moves to the code field, where the member types next.
  await expect(card.getByLabel("Code from your app")).toBeFocused();
  await expectNoAxeViolations(page);

  // A wrong first code keeps the setup open with the error on the field.
  const enrolledAt = new Date();
  const right = totpCode(secret, enrolledAt);
  await card.getByLabel("Code from your app").fill(right === "000000" ? "111111" : "000000");
  await card.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(card.getByText(/didn't match/)).toBeVisible();
  await expect(card.getByLabel("Code from your app")).toHaveAttribute("aria-invalid", "true");

  await card.getByLabel("Code from your app").fill(totpCode(secret, new Date()));
  await card.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(card.getByRole("status")).toHaveText(/Authenticator app is on/);
  await expect(card.getByText("My TOTP device")).toBeVisible();

  // Still on after a reload: the state is the provider's, not the page's.
  await page.reload();
  await expect(card.getByText("My TOTP device")).toBeVisible();

  await page.getByRole("contentinfo").getByRole("button", { name: "Log Out" }).click();
  await expectSignedOut(page);

  await signInFrom(page, "/my-account/security", email, password);
  await expect(page.getByRole("heading", { name: "Enter the code from your authenticator app" })).toBeVisible({
    timeout: signInTimeout,
  });
  await expectNoAxeViolations(page);
  await page.getByLabel(/^Code/).fill(await freshCode(secret, new Date()));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/my-account\/security$/, { timeout: signInTimeout });
  await expectSignedIn(page);

  await card.getByLabel(/^Current password/).fill(password);
  await card.getByRole("button", { name: "Turn off authenticator app" }).click();
  await expect(card.getByRole("status")).toHaveText("Authenticator app is off.");
  await page.getByRole("contentinfo").getByRole("button", { name: "Log Out" }).click();
  await expectSignedOut(page);

  // With the app off, the password alone signs in again.
  await signInFrom(page, "/my-account/security", email, password);
  await expect(page).toHaveURL(/\/my-account\/security$/, { timeout: signInTimeout });
  await expect(card.getByText(/^Off\./)).toBeVisible();
});

test("a member who forgot the password resets it with the emailed code; sessions elsewhere end", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { email, password } = await signUp(page, { email: uniqueEmail("reset") });
  await expectSignedIn(page);

  const other = await otherBrowser(browser, baseURL);
  try {
    await other.page.goto("/auth/forgot-password");
    await expectNoAxeViolations(other.page);
    await other.page.getByRole("button", { name: "Send reset code" }).click();
    await expect(other.page.getByText("Username cannot be empty")).toBeVisible();
    const before = messagesTo(email).length;
    await other.page.getByLabel(/^Email/).fill(email);
    await other.page.getByRole("button", { name: "Send reset code" }).click();
    await expect(other.page).toHaveURL(/\/auth\/reset-password\?email=/);
    await expect(other.page.getByLabel(/^Email/)).toHaveValue(email);
    await expectNoAxeViolations(other.page);

    const code = await codeSentTo(email, { after: before });
    const newPassword = "Moonlit-Harbour-77?";
    await other.page.getByLabel(/^Reset code/).fill(code);
    await other.page.getByLabel(/^New password/).fill("short");
    await other.page.getByRole("button", { name: "Set new password" }).click();
    await expect(other.page.getByLabel(/^New password/)).toHaveAttribute("aria-invalid", "true");
    await expect(other.page.getByText(/^Password did not conform with policy/)).toBeVisible();
    // Codes are never echoed back into the form: the member types it again with the better password.
    await other.page.getByLabel(/^Reset code/).fill(code);
    await other.page.getByLabel(/^New password/).fill(newPassword);
    await other.page.getByRole("button", { name: "Set new password" }).click();
    await expect(other.page.getByText("Your password has been changed. Sign in with your new password.")).toBeVisible();

    // The first browser's session ended with the reset: its next request is sent to sign in.
    await page.goto("/my-account");
    await expect(page).toHaveURL(/\/auth\/sign-in\?/);
    await expectSignedOut(page);

    // The code was single use, the old password is gone, the new one works.
    await signIn(page, email, password);
    await expect(page.getByText(/incorrect username or password/i)).toBeVisible();
    await signIn(page, email, newPassword);
    await expect(page).toHaveURL(/\/my-account$/, { timeout: signInTimeout });
    await expectSignedIn(page);
  } finally {
    await other.context.close();
  }
});

test("sign out everywhere in one browser ends the session in another on its next request", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { email, password } = await signUp(page, { email: uniqueEmail("everywhere") });

  const other = await otherBrowser(browser, baseURL);
  try {
    await signInFrom(other.page, "/my-account", email, password);
    await expect(other.page).toHaveURL(/\/my-account$/, { timeout: signInTimeout });
    await expectSignedIn(other.page);

    // A post from another site is refused, and signs nobody out.
    const forged = await page.request.post("/auth/sign-out-everywhere", {
      headers: { origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
    await other.page.reload();
    await expect(other.page).toHaveURL(/\/my-account$/, { timeout: signInTimeout });

    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectSignedOut(page);

    // The other browser still holds an unexpired session cookie; it is refused all the same.
    await other.page.goto("/my-account");
    await expect(other.page).toHaveURL(/\/auth\/sign-in\?/);
    await other.page.goto("/");
    await expectSignedOut(other.page);

    // Signing in again afterwards works as usual.
    await signInFrom(other.page, "/my-account", email, password);
    await expect(other.page).toHaveURL(/\/my-account$/, { timeout: signInTimeout });
    await expectSignedIn(other.page);
  } finally {
    await other.context.close();
  }
});

test("a second sign-in in the same browser replaces the first one's pending MFA step", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { email, password } = await signUp(page, { email: uniqueEmail("pending") });
  await openSecurityCentre(page);
  const card = page.getByRole("region", { name: "Authenticator app" });
  await card.getByLabel(/^Current password/).fill(password);
  await card.getByRole("button", { name: "Turn on authenticator app" }).click();
  const secret = (await card.getByTestId("authenticator-secret").textContent())!.trim();
  const enrolledAt = new Date();
  await card.getByLabel("Code from your app").fill(totpCode(secret, enrolledAt));
  await card.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(card.getByText("My TOTP device")).toBeVisible();

  const other = await otherBrowser(browser, baseURL);
  try {
    const firstTab = other.page;
    const secondTab = await other.context.newPage();
    for (const tab of [firstTab, secondTab]) {
      await signInFrom(tab, "/my-account", email, password);
      await expect(tab.getByRole("heading", { name: "Enter the code from your authenticator app" })).toBeVisible({
        timeout: signInTimeout,
      });
    }
    const code = await freshCode(secret, enrolledAt);
    await firstTab.getByLabel(/^Code/).fill(code);
    await firstTab.getByRole("button", { name: "Continue" }).click();
    // The first tab's step was abandoned by the second sign-in: it starts over from the password.
    await expect(firstTab.getByText("Invalid session for the user, session is expired.")).toBeVisible();
    await expect(firstTab.getByRole("button", { name: "Sign in" })).toBeVisible();

    await secondTab.getByLabel(/^Code/).fill(code);
    await secondTab.getByRole("button", { name: "Continue" }).click();
    await expect(secondTab).toHaveURL(/\/my-account$/, { timeout: signInTimeout });
  } finally {
    await other.context.close();
  }
});
