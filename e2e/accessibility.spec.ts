import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { publicRoutes } from "./public-routes";

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

test.describe("axe finds no violations", () => {
  for (const path of [
    ...publicRoutes,
    "/blog/no-such-post",
    "/auth/sign-in",
    "/auth/sign-up",
    "/auth/confirm",
    "/auth/forgot-password",
    "/auth/reset-password",
    "/auth/sign-out",
  ]) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("banner").getByRole("button", { name: "Join the waitlist" })).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(tags).analyze();
      expect(
        results.violations.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
        ),
      ).toEqual([]);
    });
  }

  test("the open waitlist dialog and an open menu", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Join the waitlist" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    let results = await new AxeBuilder({ page }).withTags(tags).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    await page.keyboard.press("Escape");
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Core Features" }).click();
    results = await new AxeBuilder({ page }).withTags(tags).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
