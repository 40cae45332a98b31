import { expect, test } from "@playwright/test";
import { codeSentTo, memberPassword, openMembersPlace, signIn, uniqueEmail } from "./support/members";

test("a new member signs up, confirms with the emailed code, lands signed in, signs out and signs in again through the guard", async ({
  page,
  browser,
}) => {
  // Sign-up, the members' home, then the account from the navigation: room for a busy machine.
  test.setTimeout(90_000);
  const email = uniqueEmail();
  const password = memberPassword;

  await page.goto("/auth/sign-up");
  await page.getByLabel(/^First name/).fill("Ada");
  await page.getByLabel(/^Last name/).fill("Lovelace");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Create account" }).click();

  await page.getByLabel(/^Confirmation code/).fill(await codeSentTo(email));
  await page.getByRole("button", { name: "Confirm" }).click();

  // Without a continue, the members' home.
  await expect(page).toHaveURL(/\/today$/);
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Account", exact: true })).toBeVisible();
  await openMembersPlace(page, "Account");
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Signed in as" }).getByText(email)).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("button", { name: "Log Out" })).toBeVisible();
  // The guard passed the new session as it is, so the browser skips it for (at most) the next hour.
  const fresh = (await page.context().cookies()).find((cookie) => cookie.name === "happr-session-fresh");
  expect(fresh?.httpOnly).toBe(true);
  expect(fresh!.expires * 1000).toBeGreaterThan(Date.now() + 50 * 60_000);
  expect(fresh!.expires * 1000).toBeLessThanOrEqual(Date.now() + 60 * 60_000);

  // A copy of the session cookie taken before Log Out (as a stolen one, or a response still in flight
  // that sets it again) must not work afterwards.
  const cookiesBeforeLogOut = await page.context().cookies();
  await page.getByRole("main").getByRole("button", { name: "Log Out" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Join the waitlist" })).toBeVisible();
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("happr-session-fresh");
  const copy = await browser.newContext();
  await copy.addCookies(cookiesBeforeLogOut);
  const replay = await copy.newPage();
  await replay.goto("/my-account");
  await expect(replay).toHaveURL(/\/auth\/sign-in/);
  await copy.close();

  await page.goto("/my-account?tab=profile");
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Username cannot be empty")).toBeVisible();
  await signIn(page, email, "Wrong-password-1!");
  await expect(page.getByText(/incorrect username or password/i)).toBeVisible();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/my-account\?tab=profile$/);
  await expect(page.getByRole("region", { name: "Signed in as" }).getByText(email)).toBeVisible();
});

test("a signed-out visitor is sent to sign in from every members' page", async ({ request }) => {
  for (const path of ["/my-account", "/circle", "/pricing", "/manage-subscription/plan"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBeGreaterThanOrEqual(300);
    expect(response.status(), path).toBeLessThan(400);
    expect(response.headers().location, path).toContain(`/auth/sign-in?continue=${encodeURIComponent(path)}`);
  }
});

test("a visitor who forges the cookie that skips the guard still reaches no member's page or file", async ({
  request,
}) => {
  const forged = { cookie: "happr-session-fresh=1" };
  for (const path of [
    "/my-account",
    "/circle",
    "/habits",
    "/calendar",
    "/cam",
    "/cam/compare",
    "/vision-board",
    "/lounge",
    "/lounge/00000000-0000-4000-8000-000000000000",
    "/pricing",
    "/manage-subscription",
  ]) {
    const response = await request.get(path, { headers: forged, maxRedirects: 0 });
    // The members' layout sends them to sign-in, coming back to the same page.
    expect(response.status(), path).toBe(307);
    expect(response.headers().location, path).toContain(`/auth/sign-in?continue=${encodeURIComponent(path)}`);
  }
  for (const path of [
    "/calendar/download",
    "/habits/00000000-0000-4000-8000-000000000000/csv",
    "/api/images/00000000-0000-4000-8000-000000000000/display",
  ]) {
    const response = await request.get(path, { headers: forged, maxRedirects: 0 });
    expect(response.status(), path).toBe(401);
  }
});
