import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { openMembersPlace, signUp } from "./support/members";

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 } });

const grid = (page: Page) => page.getByRole("list", { name: "Board items, in order" });

async function addItem(page: Page, kind: string, fill: (form: ReturnType<Page["getByRole"]>) => Promise<void>) {
  const form = page.getByRole("form", { name: "Add to the board" });
  await form.getByLabel(/^What/).selectOption(kind);
  await fill(form);
  await form.getByRole("button", { name: "Add to the board" }).tap();
  await expect(form.getByText("Added to the board.")).toBeVisible();
}

test("on a 390 px phone a member opens the Vision Board from the bar, adds a goal and some words, reorders them with the buttons (announced, kept), with nothing wider than the screen", async ({
  page,
}) => {
  await signUp(page, { firstName: "Vic", lastName: "Phone" });
  await openMembersPlace(page, "Vision Board");
  await expect(page).toHaveURL(/\/vision-board$/);
  await expect(page.getByRole("heading", { level: 2, name: "My board" })).toBeVisible();

  await addItem(page, "goal", async (form) => {
    await form.getByLabel(/^Title/).fill("Swim a mile");
    await form.getByLabel(/^Why it matters/).fill("To keep up with the kids");
  });
  await addItem(page, "words", async (form) => {
    // The form keeps what was typed after an add: the goal's title is cleared, words need none.
    await form.getByLabel(/^Title/).fill("");
    await form.getByLabel(/^Words/).fill("Little and often");
  });
  await expect(grid(page).getByRole("listitem").first()).toHaveAccessibleName(/^1 of 2: Swim a mile$/);

  // Reordered with the buttons a phone shows: the move is announced, and kept after a reload.
  await grid(page).getByRole("button", { name: "Move later: Swim a mile" }).tap();
  await expect(page.getByTestId("board-announcer")).toHaveText("Moved to position 2 of 2.");
  await page.reload();
  await expect(grid(page).getByRole("listitem").nth(1)).toHaveAccessibleName(/^2 of 2: Swim a mile$/);
  await grid(page).getByRole("button", { name: "Move earlier: Swim a mile" }).tap();
  await expect(page.getByTestId("board-announcer")).toHaveText("Moved to position 1 of 2.");

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);

  // The goal's page fits the phone too, axe clean.
  await grid(page).getByRole("link", { name: "Swim a mile" }).tap();
  await expect(page).toHaveURL(/\/vision-board\/goal\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Swim a mile" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});
