import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { openMembersPlace, signUp } from "./support/members";
import { addMoment, expectImage } from "./support/cam";

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 } });

test("on a 390 px phone a member opens Cam from the bar, adds a moment, sees it on Today; in discreet mode photos stay covered until opened, with Leave now on every Cam page", async ({
  page,
}) => {
  await signUp(page, { firstName: "Pia", lastName: "Phone" });
  await openMembersPlace(page, "Cam");
  await expect(page).toHaveURL(/\/cam$/);
  const photoField = page.getByRole("form", { name: "New moment" }).getByLabel("Photo", { exact: true });
  await expect(photoField).toHaveAttribute("capture", "environment");
  await expect(photoField).toHaveAttribute("accept", "image/*");
  const moment = await addMoment(page, { alt: "Running shoes by the door", note: "First run this year" });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);

  // Today's week of moments: only when the photo's day is this week, so the day is set to today.
  await page.goto(moment.momentPath);
  const today = new Date().toISOString().slice(0, 10);
  const edit = page.getByRole("form", { name: "Edit moment" });
  await edit.getByLabel("Day").fill(today);
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByText("Moment saved.")).toBeVisible();
  await openMembersPlace(page, "Today");
  const week = page.getByRole("region", { name: "This week’s moments" });
  await expect(week.getByRole("img", { name: "Running shoes by the door" })).toBeVisible();
  await week.getByRole("link", { name: "Open Cam" }).click();
  await expect(page).toHaveURL(/\/cam$/);

  // Discreet mode: the photos are covered (and not even fetched) until one is opened.
  await page.goto("/my-account/discreet-mode");
  await page.getByRole("button", { name: "Turn on discreet mode" }).click();
  await expect(page.getByText("Discreet mode is on.", { exact: true })).toBeVisible();
  const fetched: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/images/")) fetched.push(request.url());
  });
  for (const path of ["/cam", moment.momentPath, "/cam/compare"]) {
    await page.goto(path);
    await expect(page.getByRole("button", { name: "Leave now" })).toBeVisible();
    await expect(page).toHaveTitle(/^(Moments|Moment|Compare)\b/);
  }
  await page.goto("/cam");
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByRole("img", { name: "Running shoes by the door" })).toHaveCount(0);
  expect(fetched).toEqual([]);
  await expectNoAxeViolations(page);
  await timeline.getByRole("button", { name: "Show photo" }).tap();
  await expect(timeline.getByRole("img", { name: "Running shoes by the door" })).toBeVisible();
  await expectImage(page.request, moment.thumbnail, 200);

  // From the keyboard: Enter opens the photo, and focus lands on it rather than the page's top.
  await page.goto(moment.momentPath);
  await page.getByRole("button", { name: "Show photo" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("img", { name: "Running shoes by the door" })).toBeFocused();

  // Covering photos is a setting of its own: on by default in discreet mode, the member may switch it off.
  await page.goto("/cam");
  const settings = page.getByRole("region", { name: "Cam settings" });
  await expect(settings.getByRole("checkbox", { name: "Cover photos until I open them" })).toBeChecked();
  await settings.getByRole("checkbox", { name: "Cover photos until I open them" }).uncheck();
  await settings.getByRole("form", { name: "Cover photos" }).getByRole("button", { name: "Save" }).tap();
  await expect(settings.getByText("Photos show at once.")).toBeVisible();
  // The gentle weekly prompt is off until the member picks a day; the day is kept.
  const prompt = settings.getByRole("form", { name: "Weekly prompt" });
  await expect(prompt.getByLabel("A gentle prompt by email")).toHaveValue("off");
  await prompt.getByLabel("A gentle prompt by email").selectOption({ label: "Friday" });
  await prompt.getByRole("button", { name: "Save" }).tap();
  await expect(prompt.getByText("Saved: a gentle prompt on Friday mornings, if you'd like one.")).toBeVisible();
  await page.goto("/cam");
  await expect(timeline.getByRole("img", { name: "Running shoes by the door" })).toBeVisible();
  await expect(timeline.getByRole("button", { name: "Show photo" })).toHaveCount(0);
  await expect(prompt.getByLabel("A gentle prompt by email")).toHaveValue("5");
  await expectNoAxeViolations(page);
});
