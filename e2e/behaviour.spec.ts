import { expect, test } from "@playwright/test";

test("the header becomes sticky after 50 px of scroll", async ({ page }) => {
  await page.goto("/about-us");
  const header = page.getByRole("banner");
  await expect(header).toHaveAttribute("data-sticky", "false");
  await page.mouse.wheel(0, 40);
  await page.waitForTimeout(200);
  await expect(header).toHaveAttribute("data-sticky", "false");
  await page.evaluate(() => window.scrollTo(0, 60));
  await expect(header).toHaveAttribute("data-sticky", "true");
  await page.evaluate(() => window.scrollTo(0, 600));
  expect((await header.boundingBox())?.y).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute("data-sticky", "false");
});

test("go-to-top appears after 700 px and takes the reader back to the top", async ({ page }) => {
  await page.goto("/privacy");
  const button = page.getByRole("button", { name: "Go to top" });
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 650));
  await page.waitForTimeout(200);
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toBeHidden();
});

test.describe("preloader", () => {
  test.use({ contextOptions: { reducedMotion: "no-preference" } });

  test("shows briefly on first load and then gets out of the way", async ({ page }) => {
    await page.goto("/");
    const preloader = page.locator(".happr-preloader");
    await expect(preloader).toBeHidden({ timeout: 3_000 });
    // The page underneath was usable all along: the preloader never takes clicks.
    expect(await preloader.evaluate((element) => getComputedStyle(element).pointerEvents)).toBe("none");
  });

  test("is skipped for people who prefer reduced motion", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/");
    expect(await page.locator(".happr-preloader").evaluate((element) => getComputedStyle(element).display)).toBe(
      "none",
    );
    await context.close();
  });
});
