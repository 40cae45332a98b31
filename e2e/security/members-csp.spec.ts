import { expect, test, type Page } from "@playwright/test";
import { signUp } from "../support/members";

// Attack: a script injected into a member's page (a stored XSS in anything a member or their circle
// wrote) runs with the member's session. Members' pages are rendered per request, so each carries a
// policy with a nonce of its own and no 'unsafe-inline' for scripts (proxy.ts): Next's own scripts
// carry the nonce and run, the page hydrates, and a script without it is refused. Static public pages
// keep the policy they satisfy without rendering per request. /invitation (who invites, to which
// circle: names another member wrote) is rendered per request for members and visitors alike, and has
// the same policy for both.
const MEMBERS_PAGES = [
  "/my-account",
  "/habits",
  "/vision-board",
  "/lounge",
  "/lounge/guidelines",
  "/calendar",
  "/cam",
  "/cam/compare",
  "/circle",
  "/pricing",
  "/manage-subscription",
  "/invitation",
];

/** CSP violations the page reports from now on (listened to before any of the page's scripts run). */
async function watchViolations(page: Page) {
  const logged: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) logged.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
  return {
    /** This document's violations, and every one logged since the last clear(). */
    list: async () => [
      ...logged,
      ...(await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])),
    ],
    clear: () => logged.splice(0),
  };
}

/** Whether React has hydrated the page: hydration attaches its fiber to the server's elements. */
const hydrated = (page: Page) =>
  page.evaluate(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber$")));

test("members' pages carry a nonce policy without 'unsafe-inline', hydrate with no violation, and refuse an injected script", async ({
  page,
}) => {
  // Ten pages visited twice each, after a sign-up: room for a loaded 2-core machine.
  test.setTimeout(240_000);
  const violations = await watchViolations(page);
  await signUp(page);
  const nonces = new Set<string>();
  for (const path of MEMBERS_PAGES) {
    // Twice: the first visit may pass the guard, the second skips its check (happr-session-fresh).
    for (const visit of [1, 2]) {
      const response = await page.goto(path);
      const label = `${path} (visit ${visit})`;
      const policy = (await response!.headerValue("content-security-policy")) ?? "";
      const scripts = policy.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? "";
      expect(scripts, label).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
      expect(scripts, label).not.toContain("'unsafe-inline'");
      expect(scripts.includes("https://js.stripe.com"), label).toBe(path === "/manage-subscription");
      nonces.add(scripts.match(/'nonce-([^']+)'/)![1]!);
      await page.waitForLoadState("networkidle");
      await expect.poll(() => hydrated(page), { message: `${label} hydrates` }).toBe(true);
      expect(await violations.list(), `${label}: CSP violations`).toEqual([]);
      if (visit === 1 && path === MEMBERS_PAGES[0])
        expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain("happr-session-fresh");
    }

    await expectInjectedScriptRefused(page, violations, path);
  }
  expect(nonces.size).toBe(MEMBERS_PAGES.length * 2);
});

/** The attack: an inline script without the nonce, as an injection would add it, does not run. */
async function expectInjectedScriptRefused(
  page: Page,
  violations: Awaited<ReturnType<typeof watchViolations>>,
  path: string,
) {
  const ran = await page.evaluate(async () => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = true";
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran, `${path}: an injected inline script ran`).toBe(false);
  expect((await violations.list()).join("\n"), path).toMatch(/script-src/);
  violations.clear();
}

test("a visitor's /invitation carries a fresh nonce policy without 'unsafe-inline', hydrates, and refuses an injected script", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const violations = await watchViolations(page);
  const nonces = new Set<string>();
  for (const visit of [1, 2]) {
    const response = await page.goto("/invitation");
    expect(response!.status()).toBe(200);
    // Not sent to sign in: a visitor answers an invitation here.
    expect(new URL(page.url()).pathname).toBe("/invitation");
    const policy = (await response!.headerValue("content-security-policy")) ?? "";
    const scripts = policy.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? "";
    expect(scripts, `visit ${visit}`).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(scripts, `visit ${visit}`).not.toContain("'unsafe-inline'");
    nonces.add(scripts.match(/'nonce-([^']+)'/)![1]!);
    await page.waitForLoadState("networkidle");
    await expect.poll(() => hydrated(page), { message: `visit ${visit} hydrates` }).toBe(true);
    expect(await violations.list(), `visit ${visit}: CSP violations`).toEqual([]);
  }
  expect(nonces.size).toBe(2);
  await expectInjectedScriptRefused(page, violations, "/invitation");
});

test("static public pages keep one policy, with no nonce (they are not rendered per request)", async ({ request }) => {
  const first = await request.get("/");
  const second = await request.get("/");
  const policy = first.headers()["content-security-policy"] ?? "";
  expect(policy).toContain("script-src 'self' 'unsafe-inline'");
  expect(policy).not.toContain("nonce-");
  expect(second.headers()["content-security-policy"]).toBe(policy);
});
