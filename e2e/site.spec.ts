import { expect, test } from "@playwright/test";
import { publicRoutes } from "./public-routes";

test.describe("every public route", () => {
  for (const path of publicRoutes) {
    test(`${path} renders its own heading`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const heading = page.getByRole("heading", { level: 1 });
      await expect(heading).toHaveCount(1);
      await expect(heading).not.toHaveText("");
      await expect(page).not.toHaveTitle(/Page not found/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        new RegExp(`${path === "/" ? "/?" : path}$`),
      );
      await expect(page.locator('meta[property="og:image"]').first()).toHaveAttribute("content", /^http/);
      // A large card on X, whose image is og:image: X reads it when there is no twitter:image.
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
      await expect(page.locator('meta[name="twitter:image"]')).toHaveCount(0);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
    });
  }

  test("headings are distinct from page to page", async ({ request }) => {
    const headings = new Set<string>();
    for (const path of publicRoutes.filter((route) => !route.startsWith("/blog/page/"))) {
      const html = await (await request.get(path)).text();
      const h1 = html.match(/<h1[^>]*>(.*?)<\/h1>/s)?.[1];
      expect(h1, path).toBeTruthy();
      expect(headings.has(h1!), `${path} repeats heading ${h1}`).toBe(false);
      headings.add(h1!);
    }
  });
});

test.describe("not found", () => {
  for (const path of [
    "/no-such-page",
    "/for-you/nobody",
    "/blog/no-such-post",
    "/blog/page/4",
    "/blog/page/0",
    "/404",
  ]) {
    test(`${path} answers 404 with the not-found page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn’t find that page");
    });
  }
});

test("the header menus list every audience, feature and pillar, and Shop", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  const expectations: Record<string, string[]> = {
    "For You": ["Parents & Guardians", "Young Intellectuals", "Goal Achievers", "Discreet Navigators"],
    "Core Features": [
      "My Vision Board",
      "My Safe Circle",
      "My Calendar",
      "Happr Lounge Mini",
      "Happr Cam",
      "My Habits",
    ],
    "The Responsibility Framework": [
      "Mindset",
      "Safety First",
      "Ethical AI Use",
      "Respect and Inclusivity",
      "Integrated Well-Being",
    ],
    Shop: ["Explore Plans", "Wear Your Impact (Coming Soon)"],
  };
  for (const [menu, labels] of Object.entries(expectations)) {
    const button = nav.getByRole("button", { name: menu });
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    for (const label of labels) await expect(nav.getByRole("link", { name: label })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
  }
  await nav.getByRole("button", { name: "Shop" }).click();
  await expect(nav.getByRole("link", { name: /Wear Your Impact/ })).toHaveAttribute("target", "_blank");
  await nav.getByRole("link", { name: "Explore Plans" }).click();
  await expect(page).toHaveURL(/\/planform$/);
});

test("the footer has the app links, information pages, Sign In and the video channel", async ({ page }) => {
  await page.goto("/about-us");
  const footer = page.getByRole("contentinfo");
  for (const name of [
    /App Store/,
    /Google Play/,
    /^About$/,
    /^Privacy$/,
    /^Support$/,
    /^Sign In$/,
    /YouTube/,
    /^Moderation report$/,
  ]) {
    await expect(footer.getByRole("link", { name })).toBeVisible();
  }
  await expect(footer.getByRole("button", { name: "Log Out" })).toHaveCount(0);
});

test("with the sandbox billing engine every page says it is a demo with no real payments", async ({ page }) => {
  // The journeys run a production build with BILLING=sandbox (playwright.config.ts).
  for (const path of ["/", "/planform", "/pricing", "/blog"]) {
    await page.goto(path);
    await expect(page.getByRole("complementary", { name: "Demo" })).toHaveText(/Demo: no real payments\./);
  }
});

test("/planform shows the four plans with their prices, monthly or yearly", async ({ page }) => {
  await page.goto("/planform");
  await expect(page.getByRole("heading", { name: "Happr Individual" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Happr Family" })).toBeVisible();
  for (const price of ["$4.99", "$9.99"]) await expect(page.getByText(price, { exact: true })).toBeVisible();
  await page.getByText("Yearly", { exact: true }).click();
  await expect(page.getByRole("radio", { name: "Yearly" })).toBeChecked();
  for (const price of ["$49.99", "$99.99"]) await expect(page.getByText(price, { exact: true })).toBeVisible();
});

test.describe("search engines", () => {
  test("sitemap.xml lists every public page and every published post", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    for (const path of publicRoutes) expect(xml).toContain(`${path === "/" ? "" : path}</loc>`);
    const blog = await (await request.get("/blog")).text();
    const firstPost = blog.match(/href="(\/blog\/[a-z0-9-]+)"/)?.[1];
    expect(firstPost).toBeTruthy();
    expect(xml).toContain(`${firstPost}</loc>`);
    expect((xml.match(/\/blog\/(?!page\/)[a-z0-9-]+<\/loc>/g) ?? []).length).toBe(15);
  });

  test("robots.txt allows the site and points at the sitemap", async ({ request }) => {
    const text = await (await request.get("/robots.txt")).text();
    expect(text).toMatch(/Allow: \//);
    expect(text).toMatch(/Sitemap: http.*\/sitemap\.xml/);
  });

  test("posts carry BlogPosting and the FAQ carries FAQPage structured data", async ({ page }) => {
    await page.goto("/faq");
    const faq = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
    expect(faq["@type"]).toBe("FAQPage");
    expect(faq.mainEntity.length).toBeGreaterThan(5);

    await page.goto("/blog");
    await page.getByTestId("post-list").getByRole("link").first().click();
    await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
    const post = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
    expect(post["@type"]).toBe("BlogPosting");
    expect(post.headline).toBe(await page.getByRole("heading", { level: 1 }).textContent());
  });
});

test("responses carry the security headers and public pages are served from the static cache", async ({ request }) => {
  const response = await request.get("/core-features/my-habits");
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["strict-transport-security"]).toContain("max-age=");
  expect(headers["x-nextjs-cache"] ?? headers["x-nextjs-prerender"]).toBeTruthy();
  expect(headers["x-powered-by"]).toBeUndefined();
});
