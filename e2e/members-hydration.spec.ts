import { expect, test, type Page } from "@playwright/test";
import { signUp } from "./support/members";
import { subscribe } from "./support/subscriptions";

// Every page under app/(members). A page whose server HTML the browser cannot hydrate is thrown away
// and rendered again in the browser (a flash, lost focus, double the work): React says so on the
// console ("Hydration failed ...", or its minified error #418/#419/#423/#425 in production).
const MEMBERS_PAGES = [
  "/today",
  "/my-account",
  "/my-account/discreet-mode",
  "/my-account/security",
  "/circle",
  "/circle/children/new",
  "/pricing",
  "/pricing/success",
  "/manage-subscription",
  "/calendar",
  "/calendar?view=week",
  "/calendar?view=month",
  "/calendar/new",
  "/calendar/import",
  "/habits",
  "/cam",
  "/cam/compare",
  "/vision-board",
  "/lounge",
  "/lounge/guidelines",
];

// A zone and a locale that are not the server's: names and lists made by the browser's own ICU data
// differ from the server's there first.
test.use({ timezoneId: "Pacific/Auckland", locale: "fr-FR" });

/** Every console error and uncaught page error from now on, as text. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  return errors;
}

/** Loads `path` and waits until React has hydrated it and any error it reports has arrived. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  await expect(page).toHaveURL(new RegExp(`${escaped}($|[?&])`));
  await page.waitForLoadState("networkidle");
}

test("the members' pages hydrate without an error, before and after subscribing", async ({ page }) => {
  test.setTimeout(180_000);
  const errors = collectErrors(page);
  await signUp(page);
  for (const path of MEMBERS_PAGES) {
    errors.length = 0;
    await visit(page, path);
    expect(errors, `${path}: errors while loading and hydrating`).toEqual([]);
  }

  await page.goto("/my-account");
  await subscribe(page, { name: "Happr Family", interval: "month" });
  for (const path of ["/my-account", "/manage-subscription", "/pricing"]) {
    errors.length = 0;
    await visit(page, path);
    expect(errors, `${path} (subscribed): errors while loading and hydrating`).toEqual([]);
  }
});

test("the members' pages are not indexed and carry no share-card tags", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  for (const path of MEMBERS_PAGES) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).toMatch(/<meta name="robots" content="noindex/);
    expect(html.match(/<meta (property="og:|name="twitter:)[^>]*>/g) ?? [], path).toEqual([]);
    expect(html, path).toMatch(/<title>[^<]+ \| Happr<\/title>/);
  }
  // The public pages keep theirs (e2e/site.spec.ts checks every one).
  expect(await (await page.request.get("/")).text()).toMatch(/<meta property="og:image"/);
});
