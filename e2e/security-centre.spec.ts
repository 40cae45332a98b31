import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { codeSentTo, messagesTo, openSecurityCentre, signIn, signUp } from "./support/members";
import { subscribe, uniquePhone } from "./support/subscriptions";

// Long journeys (several sign-ups, a checkout) on a shared, busy machine.
test.describe.configure({ timeout: 90_000 });

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
const security = (page: Page) => page.getByRole("region", { name: "Sign-in, devices and data" });

/** With My Account's Log Out button. */
async function logOut(page: Page) {
  await page.goto("/my-account");
  await page.getByRole("main").getByRole("button", { name: "Log Out" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Join the waitlist" })).toBeVisible();
}

/** Adds a phone number in the security centre and verifies it with the code from the outbox. */
async function verifyPhone(page: Page, phone: string, password: string) {
  const before = messagesTo(phone).length;
  const form = security(page).getByRole("form", { name: "Phone number" });
  await form.getByLabel(/^Mobile number/).fill(phone);
  await form.getByLabel(/^Current password/).fill(password);
  await security(page).getByRole("button", { name: "Add phone number" }).click();
  await expect(security(page).getByText(/Your phone number is saved\. We sent a code to \+\*+\d{4}\./)).toBeVisible();
  await security(page)
    .getByLabel(/^Phone verification code/)
    .fill(await codeSentTo(phone, { after: before }));
  await security(page).getByRole("button", { name: "Verify phone" }).click();
  await expect(security(page).getByText("Your phone number is verified.")).toBeVisible();
  await expect(
    security(page).getByRole("region", { name: "Phone" }).getByText("Verified", { exact: true }),
  ).toBeVisible();
}

test("verify a phone, turn on SMS codes, sign in with one; a remembered device skips the code until it is forgotten", async ({
  page,
}) => {
  const { email, password } = await signUp(page);
  await openSecurityCentre(page);
  const phone = uniquePhone();
  await verifyPhone(page, phone, password);

  await security(page).getByLabel("Text me a code when I sign in (SMS)").check();
  await security(page)
    .getByRole("form", { name: "Sign-in verification" })
    .getByLabel(/^Current password/)
    .fill(password);
  await security(page).getByRole("button", { name: "Save verification settings" }).click();
  await expect(security(page).getByText("Your sign-in verification settings are saved.")).toBeVisible();

  await logOut(page);
  await page.goto("/my-account/security");
  let before = messagesTo(phone).length;
  await signIn(page, email, password);
  await expect(page.getByRole("heading", { name: "Enter the code we texted you" })).toBeVisible();
  await page.getByLabel(/^Code/).fill(await codeSentTo(phone, { after: before }));
  await page.getByLabel("Remember this device for 30 days").check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/my-account\/security$/);

  const devices = security(page).getByRole("list", { name: "Remembered devices" });
  await expect(devices.getByRole("listitem")).toHaveCount(1);
  await expect(devices.getByRole("listitem")).toContainText("Remembered");
  const deviceName = (await devices.getByRole("listitem").locator("p").first().textContent())!.trim();

  // Remembered: no code asked.
  await logOut(page);
  await page.goto("/my-account/security");
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/my-account\/security$/);

  await security(page)
    .getByRole("button", { name: `Forget ${deviceName}` })
    .click();
  await expect(security(page).getByText(/No remembered devices/)).toBeVisible();

  // Forgotten: asked again.
  await logOut(page);
  await page.goto("/my-account/security");
  before = messagesTo(phone).length;
  await signIn(page, email, password);
  await expect(page.getByRole("heading", { name: "Enter the code we texted you" })).toBeVisible();
  await page.getByLabel(/^Code/).fill(await codeSentTo(phone, { after: before }));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/my-account\/security$/);
});

test("changing the password keeps this browser signed in and signs another one out", async ({ page, browser }) => {
  const { email, password } = await signUp(page);
  await openSecurityCentre(page);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto("/my-account");
  await signIn(otherPage, email, password);
  await expect(otherPage).toHaveURL(/\/my-account$/);

  const newPassword = "Moonlit-River-77?";
  const passwordForm = security(page).getByRole("form", { name: "Change your password" });
  await passwordForm.getByLabel(/^Current password/).fill("Not-my-password-1!");
  await security(page)
    .getByLabel(/^New password/)
    .fill(newPassword);
  await security(page)
    .getByLabel(/^Confirm new password/)
    .fill(newPassword);
  await security(page).getByRole("button", { name: "Change password" }).click();
  await expect(security(page).getByText(/Incorrect username or password/)).toBeVisible();

  await passwordForm.getByLabel(/^Current password/).fill(password);
  await security(page)
    .getByLabel(/^New password/)
    .fill(newPassword);
  await security(page)
    .getByLabel(/^Confirm new password/)
    .fill(newPassword);
  const renewed = page.waitForResponse((response) => response.url().includes("/auth/renew?ticket="));
  await security(page).getByRole("button", { name: "Change password" }).click();
  // This browser gets a fresh session (a sign-in through the issuer without the password), and keeps it.
  expect((await renewed).status()).toBe(303);
  await page.waitForResponse(
    (response) =>
      /\/my-account\/security$/.test(response.url()) &&
      response.request().isNavigationRequest() &&
      response.status() === 200,
  );
  // Back in the security centre, where the password was changed.
  await expect(page.getByRole("heading", { level: 1, name: "Security centre" })).toBeVisible();
  // And the new session holds on the next request.
  await page.goto("/my-account");
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByText(email).first()).toBeVisible();

  await otherPage.goto("/my-account");
  await expect(otherPage).toHaveURL(/\/auth\/sign-in/);
  await signIn(otherPage, email, password);
  await expect(otherPage.getByText(/Incorrect username or password/)).toBeVisible();
  await signIn(otherPage, email, newPassword);
  await expect(otherPage).toHaveURL(/\/my-account$/);
  await other.close();
});

test("download the data, delete the account (its subscription ends), and fail to sign in with it afterwards", async ({
  page,
}) => {
  const { email, password } = await signUp(page);
  await subscribe(page, { name: "Happr Individual", interval: "month" });
  await openSecurityCentre(page);

  await security(page).getByRole("button", { name: "Download my data (JSON)" }).click();
  const downloadDialog = page.getByRole("dialog", { name: "Download your data" });
  await expect(downloadDialog.getByLabel(/^Current password/)).toBeFocused();
  await downloadDialog.getByLabel(/^Current password/).fill(password);
  const downloading = page.waitForEvent("download");
  await downloadDialog.getByRole("button", { name: "Download" }).click();
  const download = await downloading;
  await expect(downloadDialog.getByText("Your data is downloading.")).toBeVisible();
  await page.keyboard.press("Escape");
  expect(messagesTo(email).map((message) => message.subject)).toContain("Your Happr data was downloaded");
  expect(download.suggestedFilename()).toMatch(/^happr-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await download.path())!, "utf8"));
  expect(data.account.email).toBe(email);
  expect(data.subscriptions).toEqual([expect.objectContaining({ status: "active" })]);
  expect(data.transactions.length).toBeGreaterThan(0);
  expect(data.circle).toEqual({ memberOf: null, circles: [], members: [], invitations: [] });
  expect(data.shares).toEqual([]);

  await security(page).getByRole("button", { name: "Delete account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/^Current password/)).toBeFocused();
  await dialog.getByLabel(/^Current password/).fill(password);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByText("Tick the box to confirm you want to delete your account")).toBeVisible();
  // React clears a form after its action: the password is typed again.
  await dialog.getByLabel(/^Current password/).fill(password);
  await dialog.getByLabel(/I understand/).check();
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  // Signed out and home.
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Join the waitlist" })).toBeVisible();

  await page.goto("/my-account");
  await signIn(page, email, password);
  await expect(page.getByText(/Incorrect username or password/)).toBeVisible();
});

test("axe finds nothing on the security centre and the open delete dialog", async ({ page }) => {
  await signUp(page);
  await openSecurityCentre(page);
  await expect(security(page)).toBeVisible();
  let results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
  await security(page).getByRole("button", { name: "Delete account" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(security(page).getByRole("button", { name: "Delete account" })).toBeFocused();
});
