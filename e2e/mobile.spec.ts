import { expect, test } from "@playwright/test";

test("on a phone the menu opens from the menu button and every group is reachable", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(nav).toBeVisible();
  await nav.getByRole("button", { name: "For You" }).click();
  await nav.getByRole("link", { name: "Goal Achievers" }).click();
  await expect(page).toHaveURL(/\/for-you\/goal-achievers$/);
  await expect(nav).toBeHidden();
});

test("nothing is wider than the screen", async ({ page }) => {
  for (const path of ["/", "/blog", "/planform", "/contact", "/core-features/my-safe-circle"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
