import { expect, test, type Page } from "@playwright/test";
import { signUp, uniqueEmail } from "../support/members";

/** Attack: forced sign-out from another site, with a link or image (a GET) or a hidden form (a cross-site POST). */

async function sessionOf(page: Page) {
  return (await (await page.request.get("/api/session")).json()) as {
    isAuthenticated: boolean;
    user: { email: string } | null;
  };
}

test("a GET of /auth/sign-out or a post from another site leaves the member signed in; Log Out signs out", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { email } = await signUp(page, { email: uniqueEmail("sign-out") });

  // What a link or an <img src> on another site does: the page with the button, nothing more.
  const shown = await page.goto("/auth/sign-out");
  expect(await sessionOf(page)).toMatchObject({ isAuthenticated: true, user: { email } });
  expect(shown?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Log out of Happr" })).toBeVisible();

  // A hidden form on another site posting with the member's cookies.
  const forged = await page.request.post("/auth/sign-out", {
    headers: { origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  expect(await sessionOf(page)).toMatchObject({ isAuthenticated: true, user: { email } });

  // The member's own press of the button.
  await page.getByRole("main").getByRole("button", { name: "Log Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await sessionOf(page)).toEqual({ isAuthenticated: false, user: null });
});
