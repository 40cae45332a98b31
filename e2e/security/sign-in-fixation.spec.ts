import { expect, test, type BrowserContext } from "@playwright/test";
import { signIn, signUp, uniqueEmail } from "../support/members";

/**
 * Attack: sign-in interaction fixation. An outsider starts a sign-in, sends its link to a member,
 * the member signs in there, and the outsider resumes the issuer's interaction with their own
 * cookies. Before the defence the outsider ended signed in as the member (and, with a forged
 * X-Forwarded-Host on the issuer's requests, the member was sent to the forged host).
 */

// A sign-in hashes the password (scrypt) and runs the OIDC round trip: give a busy machine room.
const signInTimeout = 15_000;

async function sessionOf(context: BrowserContext) {
  return (await (await context.request.get("/api/session")).json()) as {
    isAuthenticated: boolean;
    user: { email: string } | null;
  };
}

for (const forgedHost of [undefined, "evil.example"]) {
  test(`a member signing in on an outsider's sign-in link signs the outsider in to nothing${forgedHost ? " (forged X-Forwarded-Host)" : ""}`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const siteHost = new URL(baseURL!).host;
    // The member's account, made in a browser of its own.
    const setup = await browser.newContext({ baseURL });
    const { email, password } = await signUp(await setup.newPage(), { email: uniqueEmail("fixation") });
    await setup.close();

    const outsider = await browser.newContext({ baseURL });
    if (forgedHost) {
      // Every request the outsider makes to the issuer claims another host, as a proxy would pass on.
      await outsider.route("**/api/oidc/**", (route) =>
        route.continue({ headers: { ...route.request().headers(), "x-forwarded-host": forgedHost } }),
      );
    }
    const outsiderPage = await outsider.newPage();
    await outsiderPage.goto("/auth/start?continue=/my-account");
    await expect(outsiderPage).toHaveURL(/\/auth\/sign-in\?interaction=/);
    const link = outsiderPage.url();
    const uid = new URL(link).searchParams.get("interaction")!;

    // The member opens the link and signs in, however the page lets them.
    const member = await browser.newContext({ baseURL });
    const memberPage = await member.newPage();
    const hostsVisited = new Set<string>();
    memberPage.on("request", (request) => hostsVisited.add(new URL(request.url()).host));
    await memberPage.goto(link);
    const startAgain = memberPage.getByRole("link", { name: "Start again" });
    await expect(memberPage.getByLabel(/^Email/).or(startAgain)).toBeVisible();
    if (await startAgain.isVisible()) {
      await startAgain.click();
      await memberPage.waitForURL(
        (url) => url.pathname === "/auth/sign-in" && url.searchParams.get("interaction") !== uid,
      );
    }
    await signIn(memberPage, email, password);
    await memberPage.waitForURL((url) => !url.pathname.startsWith("/auth/"), { timeout: signInTimeout });

    // The outsider resumes the interaction with their own cookies, then follows wherever it leads.
    await outsiderPage.goto(`/api/oidc/auth/${uid}`);
    await outsiderPage.waitForLoadState();
    expect(await sessionOf(outsider)).toEqual({ isAuthenticated: false, user: null });
    await expect(outsiderPage).toHaveURL(/\/auth\/sign-in\?interaction=/);

    // The member signed in as themselves, in an interaction of their own, never leaving the site.
    await expect(memberPage).toHaveURL(/\/today$/); // the members' home, where a sign-in lands
    expect(await sessionOf(member)).toMatchObject({ isAuthenticated: true, user: { email } });
    expect([...hostsVisited].filter((host) => host !== siteHost)).toEqual([]);
    await outsider.close();
    await member.close();
  });
}

test("a sign-in link opened in another browser says so and offers a sign-in of its own", async ({
  browser,
  baseURL,
}) => {
  const outsider = await browser.newContext({ baseURL });
  const outsiderPage = await outsider.newPage();
  await outsiderPage.goto("/auth/start?continue=/my-account");
  await expect(outsiderPage).toHaveURL(/\/auth\/sign-in\?interaction=/);
  const uid = new URL(outsiderPage.url()).searchParams.get("interaction");
  // The browser that started it gets the form.
  await expect(outsiderPage.getByLabel(/^Email/)).toBeVisible();

  const member = await browser.newContext({ baseURL });
  const memberPage = await member.newPage();
  await memberPage.goto(outsiderPage.url());
  await expect(memberPage.getByRole("main").getByRole("status")).toHaveText(/opened in another browser/);
  await expect(memberPage.getByLabel(/^Email/)).toHaveCount(0);
  await memberPage.getByRole("link", { name: "Start again" }).click();
  // A sign-in of this browser's own: another interaction, with the form.
  await memberPage.waitForURL(
    (url) =>
      url.pathname === "/auth/sign-in" &&
      Boolean(url.searchParams.get("interaction")) &&
      url.searchParams.get("interaction") !== uid,
  );
  await expect(memberPage.getByLabel(/^Email/)).toBeVisible();
  await outsider.close();
  await member.close();
});
