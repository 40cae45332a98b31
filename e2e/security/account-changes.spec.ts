import { expect, test, type Page } from "@playwright/test";
import { messagesTo, openSecurityCentre, signUp, uniqueEmail } from "../support/members";

/**
 * Attack: someone has a member's signed-in session (a stolen cookie, a browser left open) but not the
 * password, and moves the account's email to their own address, so that the password reset comes to
 * them. The e2e server asks for the password however recent the sign-in (REAUTH_WINDOW_SECONDS=0).
 */
test.describe.configure({ timeout: 90_000 });

const security = (page: Page) => page.getByRole("region", { name: "Sign-in, devices and data" });
const emailForm = (page: Page) => security(page).getByRole("form", { name: "Change your email address" });

test("an email change without the current password is refused; with it, it is made and the old address is told", async ({
  page,
}) => {
  const { email, password } = await signUp(page);
  await openSecurityCentre(page);
  const thief = uniqueEmail("thief");

  await emailForm(page)
    .getByLabel(/^New email address/)
    .fill(thief);
  await emailForm(page).getByRole("button", { name: "Change email" }).click();
  const currentPassword = emailForm(page).getByLabel(/^Current password/);
  await expect(emailForm(page).getByText("Enter your current password to change your email address.")).toBeVisible();
  await expect(currentPassword).toBeFocused();
  await expect(currentPassword).toHaveAttribute("aria-invalid", "true");
  await expect(currentPassword).toHaveAccessibleDescription(
    /Enter your current password to change your email address\./,
  );

  await emailForm(page)
    .getByLabel(/^New email address/)
    .fill(thief);
  await currentPassword.fill("Not-The-Password-1!");
  await emailForm(page).getByRole("button", { name: "Change email" }).click();
  await expect(emailForm(page).getByText("Current password is incorrect.")).toBeVisible();

  // Nothing changed and nothing went to the thief's address.
  await page.reload();
  await expect(security(page).getByRole("region", { name: "Email" }).getByText(email)).toBeVisible();
  expect(messagesTo(thief)).toEqual([]);

  const moved = uniqueEmail("moved");
  await emailForm(page)
    .getByLabel(/^New email address/)
    .fill(moved);
  await emailForm(page)
    .getByLabel(/^Current password/)
    .fill(password);
  await emailForm(page).getByRole("button", { name: "Change email" }).click();
  await expect(security(page).getByText(/Your email address is changed\. We sent a code to/)).toBeVisible();
  await expect(security(page).getByRole("region", { name: "Email" }).getByText(moved)).toBeVisible();

  const notice = messagesTo(email).at(-1)!;
  expect(notice.subject).toBe("Your Happr email address was changed");
  expect(notice.body).toMatch(/write to us at once at \S+ \(http:\/\/localhost:\d+\/contact\)/);
  expect(messagesTo(moved).map((message) => message.subject)).toEqual([
    "Verify your email address for Happr",
    "Your Happr email address was changed",
  ]);
});

test("the data download is a same-origin POST with the password: the old link and a cross-site form get nothing", async ({
  page,
  baseURL,
}) => {
  await signUp(page);
  // The session cookie alone, as a link or another site's form would send it.
  expect((await page.request.get("/my-account/data")).status()).toBe(405);
  const crossSite = await page.request.post("/my-account/data", {
    headers: { origin: "https://evil.example" },
    form: { currentPassword: "" },
  });
  expect(crossSite.status()).toBe(403);
  const withoutPassword = await page.request.post("/my-account/data", {
    headers: { origin: new URL(baseURL!).origin },
    form: { currentPassword: "" },
  });
  expect(withoutPassword.status()).toBe(403);
  expect(await withoutPassword.json()).toMatchObject({
    fieldErrors: { currentPassword: "Enter your current password to download your data." },
  });
  expect(withoutPassword.headers()["content-disposition"]).toBeUndefined();
});
