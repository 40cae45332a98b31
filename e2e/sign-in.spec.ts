import { existsSync, readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";

const outboxFile = ".data/e2e/outbox.ndjson";

/** The newest 6-digit code emailed to `email`, from the server's outbox copy. */
async function codeSentTo(email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      // The server creates the file with the first message it queues.
      if (!existsSync(outboxFile)) return undefined;
      const lines = readFileSync(outboxFile, "utf8").trim().split("\n").map((line) => JSON.parse(line) as { to: string; body: string });
      code = lines.filter((message) => message.to.toLowerCase() === email.toLowerCase()).at(-1)?.body.match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("a new member signs up, confirms with the emailed code, lands signed in, signs out and signs in again through the guard", async ({ page }) => {
  const email = `member.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = "Sunrise-Garden-42!";

  await page.goto("/auth/sign-up");
  await page.getByLabel(/^First name/).fill("Ada");
  await page.getByLabel(/^Last name/).fill("Lovelace");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Create account" }).click();

  await page.getByLabel(/^Confirmation code/).fill(await codeSentTo(email));
  await page.getByRole("button", { name: "Confirm" }).click();

  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "My Account" })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Log Out" })).toBeVisible();

  await page.getByRole("main").getByRole("link", { name: "Log Out" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Join the waitlist" })).toBeVisible();

  await page.goto("/my-account?tab=profile");
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Username cannot be empty")).toBeVisible();
  await signIn(page, email, "Wrong-password-1!");
  await expect(page.getByText(/incorrect username or password/i)).toBeVisible();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/my-account\?tab=profile$/);
  await expect(page.getByText(email)).toBeVisible();
});

test("a signed-out visitor is sent to sign in from every members' page", async ({ request }) => {
  for (const path of ["/my-account", "/pricing", "/manage-subscription/plan"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBeGreaterThanOrEqual(300);
    expect(response.status(), path).toBeLessThan(400);
    expect(response.headers().location, path).toContain(`/auth/sign-in?continue=${encodeURIComponent(path)}`);
  }
});
