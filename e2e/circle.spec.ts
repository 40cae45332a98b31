import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { openMembersPlace, openSafeCircle, signUp } from "./support/members";
import { subscribe } from "./support/subscriptions";

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

async function expectNoAxeViolations(page: Page) {
  // Dynamic pages stream their <title> in after the body: check the page once it is there.
  await expect(page).toHaveTitle(/My Safe Circle/);
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
}

test("a new member finds My Safe Circle from the navigation: no circle, nothing shared, and says so plainly", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page);
  const familyPlan = await openSafeCircle(page);
  // Without a Family plan there is nobody to invite: the section says why instead of showing the form.
  await expect(
    familyPlan.getByText("Only members with a live Family plan can invite people to a Safe Circle"),
  ).toBeVisible();
  await expect(familyPlan.getByRole("button", { name: "Send invitation" })).toHaveCount(0);
  await expect(familyPlan.getByRole("link", { name: /^Create a child.s account$/ })).toHaveCount(0);

  const circles = page.getByRole("region", { name: "Your circles" });
  await expect(circles.getByText("You are not in a circle.")).toBeVisible();
  const sharing = page.getByRole("region", { name: "What you share" });
  await expect(
    sharing.getByText("You are not sharing anything. Everything you add is private until you share it."),
  ).toBeVisible();
  await expect(sharing.getByText("Circle owners and guardians cannot see adults' private items.")).toBeVisible();
  await expect(sharing.getByRole("button", { name: /Stop sharing/ })).toHaveCount(0);

  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoAxeViolations(page);
  }

  await openMembersPlace(page, "Account");
  await expect(page).toHaveURL(/\/my-account$/);
});

test("a circle's owner sets the children's quiet hours on /circle, and axe finds nothing there", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  await subscribe(page, { name: "Happr Family", interval: "month" });
  // The owner's first invitation creates the circle, and the page shows its children's quiet hours.
  const safeCircle = await openSafeCircle(page);
  await safeCircle.getByLabel("Email", { exact: true }).check();
  await safeCircle.getByLabel(/^Their email address/).fill(`kid.${Date.now()}@example.com`);
  await safeCircle.getByRole("button", { name: "Send invitation" }).click();
  await expect(safeCircle.getByText(/^Invitation sent to/)).toBeVisible();

  const quiet = page.getByRole("region", { name: /^Children's quiet hours/ });
  await expect(quiet.getByText(/^Off\./)).toBeVisible();
  await quiet.getByLabel("From").fill("19:30");
  await quiet.getByLabel("Until").fill("07:15");
  await quiet.getByRole("button", { name: "Save quiet hours" }).click();
  await expect(quiet.getByText("The children's quiet hours are saved.")).toBeVisible();
  await page.reload();
  await expect(quiet.getByText(/wait until 07:15/)).toBeVisible();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoAxeViolations(page);
  }
});
