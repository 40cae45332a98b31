import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expectImage, momentOnTimeline, phonePhoto } from "./support/cam";
import { joinOwnersCircle } from "./support/circle";
import { addHabit, tabTo } from "./support/members-home";
import { createChildAccount, openMembersPlace, signIn, signUp } from "./support/members";
import { subscribe } from "./support/subscriptions";

// Sign-ups, a checkout and a photo processed in a job, on a shared, busy machine.
test.describe.configure({ timeout: 420_000 });

/** A local date `days` from today, as the date fields take it. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Adds an item from the board page's "Add to the board" form; `fill` sets the kind's own fields. */
async function addItem(
  page: Page,
  kind: string,
  title: string,
  fill?: (form: ReturnType<Page["getByRole"]>) => Promise<void>,
) {
  const form = page.getByRole("form", { name: "Add to the board" });
  await form.getByLabel(/^What/).selectOption(kind);
  await form.getByLabel(/^Title/).fill(title);
  if (fill) await fill(form);
  await form.getByRole("button", { name: "Add to the board" }).click();
  await expect(form.getByText("Added to the board.")).toBeVisible();
}

const grid = (page: Page) => page.getByRole("list", { name: "Board items, in order" });

test("a member makes a goal with a photo, plans it (a milestone in the calendar, a habit whose check-in moves it), reorders by keyboard, lets it go; a stranger gets 404 for the board, the goal and the photo", async ({
  page,
  browser,
}) => {
  await signUp(page, { firstName: "Vera", lastName: "Vision" });
  await addHabit(page, "Read ten pages");
  await openMembersPlace(page, "Vision Board");
  await expect(page).toHaveURL(/\/vision-board$/);
  await expect(page.getByRole("heading", { level: 2, name: "My board" })).toBeVisible();
  const boardId = new URL(
    (await page
      .getByRole("navigation", { name: "Boards" })
      .getByRole("link", { name: "My board" })
      .getAttribute("href"))!,
    "http://x",
  ).searchParams.get("board")!;

  // A goal, then a photo through the image pipeline (sent as soon as it is chosen), then some words.
  await addItem(page, "goal", "Read 12 books", async (form) => {
    await form.getByLabel(/^Why it matters/).fill("Evenings without a screen");
  });
  await addItem(page, "photo", "Our reading corner", async (form) => {
    await form.getByLabel("Photo", { exact: true }).setInputFiles(await phonePhoto());
    await expect(form.getByText("Photo sent.")).toBeVisible({ timeout: 20_000 });
  });
  await addItem(page, "words", "", async (form) => {
    await form.getByLabel(/^Words/).fill("One page at a time");
  });
  const photo = grid(page).getByRole("img", { name: "Our reading corner" });
  await expect(async () => {
    await page.reload();
    await expect(photo).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const photoUrl = (await photo.getAttribute("src"))!;
  expect(photoUrl).toMatch(/^\/api\/images\/[^/]+\/display$/);
  await expectImage(page.request, photoUrl, 200);
  await expectNoAxeViolations(page);

  // Reordered by keyboard alone: the move is announced and the order persists.
  await expect(grid(page).getByRole("listitem").first()).toHaveAccessibleName(/^1 of 3: Read 12 books$/);
  const later = grid(page).getByRole("button", { name: "Move later: Read 12 books" });
  await tabTo(page, later, { limit: 150 });
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("board-announcer")).toHaveText("Moved to position 2 of 3.");
  await page.reload();
  await expect(grid(page).getByRole("listitem").first()).toHaveAccessibleName(/^1 of 3: Our reading corner$/);
  await expect(grid(page).getByRole("listitem").nth(1)).toHaveAccessibleName(/^2 of 3: Read 12 books$/);

  // The goal's plan: a dated milestone lands in the calendar; a linked habit's check-in moves the progress.
  await grid(page).getByRole("link", { name: "Read 12 books" }).click();
  await expect(page).toHaveURL(/\/vision-board\/goal\/[0-9a-f-]{36}$/);
  const goalPath = new URL(page.url()).pathname;
  const milestoneDay = dayFromNow(7);
  const milestone = page.getByRole("form", { name: "Add a milestone" });
  await milestone.getByLabel(/^Milestone/).fill("First book finished");
  await milestone.getByLabel(/^Date/).fill(milestoneDay);
  await milestone.getByRole("button", { name: "Add the milestone" }).click();
  await expect(milestone.getByText("Milestone added, and put in your calendar.")).toBeVisible();
  const plan = page.getByRole("form", { name: "The plan" });
  await plan.getByLabel("Read ten pages").check();
  await plan.getByRole("button", { name: "Save the plan" }).click();
  await expect(plan.getByText("Plan saved.")).toBeVisible();
  const progress = (text: string) => page.getByText("Progress:").locator("..").getByText(text, { exact: true });
  await expect(progress("0%")).toBeVisible();
  await expectNoAxeViolations(page);

  // A Cam moment on the goal, from its page: Cam's form opens with the goal chosen, the goal's page shows it.
  const goalId = goalPath.split("/").at(-1)!;
  const goalMoments = page.getByRole("region", { name: "Moments" });
  await expect(goalMoments.getByText("No moments yet.")).toBeVisible();
  await goalMoments.getByRole("link", { name: "Add a moment" }).click();
  await expect(page).toHaveURL(new RegExp(`/cam\\?goal=${goalId}$`));
  const newMoment = page.getByRole("form", { name: "New moment" });
  await expect(newMoment.getByLabel(/^Goal/)).toHaveValue(goalId);
  await newMoment.getByLabel("Photo", { exact: true }).setInputFiles(await phonePhoto());
  await expect(newMoment.getByText("Photo sent.")).toBeVisible({ timeout: 20_000 });
  await newMoment.getByLabel(/^Describe the photo/).fill("A bookmark at page ten");
  await newMoment.getByLabel(/^Note/).fill("Chapter one done");
  await newMoment.getByRole("button", { name: "Save moment" }).click();
  await expect(newMoment.getByText("Moment saved. Its photo is being prepared.")).toBeVisible();
  await momentOnTimeline(page, "A bookmark at page ten");
  await page.goto(goalPath);
  await expect(goalMoments.getByRole("img", { name: "A bookmark at page ten" })).toBeVisible();
  await expect(goalMoments.getByText("Chapter one done")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`/calendar?date=${milestoneDay}`);
  await expect(page.getByRole("main").getByText("First book finished").first()).toBeVisible();

  await page.goto("/habits");
  await page
    .getByRole("region", { name: "Today" })
    .getByRole("button", { name: "Read ten pages, today", exact: true })
    .click();
  await expect(
    page.getByRole("region", { name: "Today" }).getByRole("button", { name: "Read ten pages, today", exact: true }),
  ).toHaveAttribute("aria-pressed", "true");
  await page.goto(goalPath);
  await expect(page.getByText("Progress:").locator("..")).not.toContainText("Progress: 0%");
  await expect(page.getByText("Progress:").locator("..")).toContainText(/Progress: [1-9]\d*%/);

  // Letting go is an ending, said kindly.
  const status = page.getByRole("form", { name: "Status" });
  await status.getByLabel(/^Status/).selectOption("let_go");
  await status.getByLabel(/^A short note/).fill("Audiobooks instead");
  await status.getByRole("button", { name: "Save the status" }).click();
  await expect(status.getByText("Let go. That is a choice, not a failure.")).toBeVisible();
  await expect(page.getByText("You chose to let this one go.")).toBeVisible();
  await page.goto(`/vision-board?board=${boardId}`);
  await expect(grid(page).getByText("Let go: Audiobooks instead")).toBeVisible();

  // The monthly look back comes on the first Sunday until Vera picks another day; her choice is kept.
  const lookBack = page.getByRole("form", { name: "Monthly look back" });
  await expect(lookBack.getByLabel("When your look back comes")).toHaveValue("first-7");
  await expect(lookBack.getByText("Until you choose, it comes on the first Sunday.")).toBeVisible();
  await lookBack.getByLabel("When your look back comes").selectOption({ label: "The 15th of the month" });
  await lookBack.getByRole("button", { name: "Save" }).click();
  await expect(lookBack.getByText("Saved: your look back comes on that day.")).toBeVisible();
  await page.reload();
  await expect(lookBack.getByLabel("When your look back comes")).toHaveValue("day-15");
  await expectNoAxeViolations(page);

  // A stranger: nothing of Vera's answers, not even that it exists.
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await signUp(stranger, { firstName: "Sam", lastName: "Stranger" });
  for (const path of [`/vision-board?board=${boardId}`, goalPath])
    expect((await stranger.goto(path))!.status(), path).toBe(404);
  await expectImage(stranger.request, photoUrl, 404);
  await strangerContext.close();
});

test("the family board: a circle member adds an item that shows as theirs; a child set to 'view' cannot add; a shared goal's cheer reaches its owner alone", async ({
  page,
  browser,
}) => {
  const benContext = await browser.newContext();
  const ben = await benContext.newPage();
  const { email: benEmail, password } = await signUp(ben, { firstName: "Ben", lastName: "Buddy" });
  await ben.getByRole("main").getByRole("button", { name: "Log Out" }).click();

  await signUp(page, { firstName: "Olive", lastName: "Owner" });
  await subscribe(page, { name: "Happr Family", interval: "month" });
  await joinOwnersCircle(page, { page: ben, email: benEmail, password });
  const maya = await createChildAccount(page, { firstName: "Maya" });

  // Olive, a carer, lets Maya only look at the family board.
  await page.goto("/vision-board");
  await page.getByRole("navigation", { name: "Boards" }).getByRole("link").last().click();
  await expect(page.getByText("Your family's board: everyone in the circle adds")).toBeVisible();
  const familyPath = new URL(page.url()).pathname + new URL(page.url()).search;
  await page.getByRole("button", { name: "Let them look only: Maya" }).click();
  await expect(page.getByText("They can look at the board.")).toBeVisible();

  // Ben adds to it; it says it is his, to him and to Olive.
  await ben.goto(familyPath);
  await addItem(ben, "goal", "Camping in June");
  const bensItem = (viewer: Page) => grid(viewer).getByRole("listitem").filter({ hasText: "Camping in June" });
  await expect(bensItem(ben)).toContainText("Yours");
  await page.reload();
  await expect(bensItem(page)).toContainText("Ben");
  await expect(bensItem(page)).not.toContainText("Yours");
  await expectNoAxeViolations(page);

  // Maya sees the board and Ben's item, and has no way to add.
  const mayaContext = await browser.newContext();
  const child = await mayaContext.newPage();
  await child.goto("/my-account");
  await signIn(child, maya.signInName, maya.password);
  await expect(child.getByRole("heading", { level: 1, name: "Hi, Maya!" })).toBeVisible({ timeout: 20_000 });
  await child.goto(familyPath);
  await expect(child.getByText("Your grown-ups have set it to look only.")).toBeVisible();
  await expect(bensItem(child)).toBeVisible();
  await expect(child.getByRole("form", { name: "Add to the board" })).toHaveCount(0);
  await expect(grid(child).getByRole("button", { name: /^Move/ })).toHaveCount(0);

  // Olive shares a goal of her own board with her circle; Ben's cheer reaches her alone.
  await page.goto("/vision-board");
  await addItem(page, "goal", "Run 5k");
  await grid(page).getByRole("link", { name: "Run 5k" }).click();
  await expect(page).toHaveURL(/\/vision-board\/goal\/[0-9a-f-]{36}$/);
  const goalPath = new URL(page.url()).pathname;
  const share = page.getByRole("form", { name: "Share this goal" });
  await expect(share.getByLabel(/^With/)).toHaveValue(/^circle:/);
  await share.getByRole("button", { name: "Share the goal" }).click();
  await expect(share.getByText("Shared.")).toBeVisible();
  await expectNoAxeViolations(page);
  await ben.goto(goalPath);
  await expect(ben.getByRole("heading", { level: 1, name: "Run 5k" })).toBeVisible();
  const cheer = ben.getByRole("form", { name: "Cheer" });
  await cheer.getByLabel(/^A few words/).fill("Go Olive!");
  await cheer.getByRole("button", { name: "Send a cheer" }).click();
  await expect(cheer.getByText("Cheer sent. Only they see it.")).toBeVisible();
  await ben.reload();
  await expect(ben.getByText("Go Olive!")).toHaveCount(0);
  await child.goto(goalPath);
  await expect(child.getByText("Go Olive!")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Cheers" })).toBeVisible();
  await expect(page.getByText(/Go Olive!/)).toBeVisible();

  // The goal's page says whom it is shared with; taken back, Ben gets 404 for the goal.
  const sharing = page.getByRole("region", { name: "Share this goal" });
  await expect(sharing.getByText(/^Everyone in .+: can view$/)).toBeVisible();
  const stop = sharing.getByRole("button", { name: /^Stop sharing with everyone in / });
  await stop.click();
  await expect(stop).toHaveCount(0);
  await expect(sharing.getByText("Nobody: only you see it.")).toBeVisible();
  expect((await ben.goto(goalPath))!.status()).toBe(404);
  await benContext.close();
  await mayaContext.close();
});
