import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { createChildAccount, openMembersPlace, signIn, signUp } from "./support/members";
import { subscribe } from "./support/subscriptions";
import { joinOwnersCircle } from "./support/circle";
import { addMoment, expectImage, momentOnTimeline, phonePhoto, shareAndRevoke, shareMoment } from "./support/cam";

// Several sign-ups, a checkout and photos processed in a job, on a shared, busy machine.
test.describe.configure({ timeout: 420_000 });

test("a member adds a moment from Cam, shares it with a circle member who sees it and reacts, takes it back and they no longer can; a stranger, a guest and forged credentials get nothing", async ({
  page,
  browser,
  request,
}) => {
  // Ben has an account; Ada (Family plan) brings him into her circle; Cara is a stranger to both.
  const benContext = await browser.newContext();
  const ben = await benContext.newPage();
  const { email: benEmail, password } = await signUp(ben, { firstName: "Ben", lastName: "Buddy" });
  await ben.getByRole("main").getByRole("button", { name: "Log Out" }).click();
  const caraContext = await browser.newContext();
  const cara = await caraContext.newPage();
  await signUp(cara, { firstName: "Cara", lastName: "Stranger" });

  await signUp(page, { firstName: "Ada", lastName: "Able" });
  await subscribe(page, { name: "Happr Family", interval: "month" });
  await joinOwnersCircle(page, { page: ben, email: benEmail, password });

  // Cam from the navigation: private, not cached, and accessible before anything is in it.
  await openMembersPlace(page, "Cam");
  await expect(page).toHaveURL(/\/cam$/);
  await expect(page.getByRole("heading", { level: 1, name: "Cam" })).toBeVisible();
  await expect(page).toHaveTitle(/^Moments/);
  await expect(page.getByText(/^Space used: 0 MB of 1\.0 GB\.$/)).toBeVisible();
  await expectNoAxeViolations(page);

  const moment = await shareAndRevoke({
    owner: page,
    viewer: ben,
    viewerName: "Ben Buddy",
    stranger: cara,
    guest: request,
  });
  await expectNoAxeViolations(page);
  // The day the photo says it was taken (its EXIF), not the upload's.
  await page.goto(moment.momentPath);
  await expect(page.getByRole("heading", { level: 2, name: "Wednesday 1 May 2024" })).toBeVisible();
  await expect(page.getByText("Photo: A bowl of porridge with berries")).toBeVisible();
  await expect(page.getByText("Only you.")).toBeVisible();
  await expectNoAxeViolations(page);

  // Forged credentials: a made-up bearer token and a made-up session cookie are no one.
  const forgedToken = await request.get(moment.display, {
    headers: { authorization: "Bearer eyJhbGciOiJSUzI1NiJ9.e30.AAAA" },
  });
  expect(forgedToken.status()).toBe(401);
  const forgedCookie = await request.get(moment.display, { headers: { cookie: "authjs.session-token=forged" } });
  expect(forgedCookie.status()).toBe(401);

  // Shared again, with everyone in the circle: Ben reacts with a note; only Ada sees it, uncounted.
  await shareMoment(page, moment.momentPath, "Everyone in Ada Able's circle");
  await ben.goto(moment.momentPath);
  await expect(ben.getByRole("heading", { level: 1, name: "Ada Able's moment" })).toBeVisible();
  await expect(ben.getByRole("img", { name: "A bowl of porridge with berries" })).toBeVisible();
  await expect(ben.getByRole("form", { name: "Edit moment" })).toHaveCount(0);
  await expect(ben.getByRole("region", { name: "Reactions" })).toHaveCount(0);
  const react = ben.getByRole("form", { name: "React" });
  await react.getByLabel(/^A short note/).fill("Looks delicious!");
  await react.getByRole("button", { name: "Send" }).click();
  await expect(react.getByText("Sent. Only they see it.")).toBeVisible();
  await expectNoAxeViolations(ben);
  await page.goto(moment.momentPath);
  const reactions = page.getByRole("region", { name: "Reactions" });
  await expect(reactions.getByRole("listitem")).toHaveCount(1);
  await expect(reactions).toContainText("Looks delicious!");

  // Edit the day and the note; then delete, after saying yes in the dialog.
  const edit = page.getByRole("form", { name: "Edit moment" });
  await edit.getByLabel("Day").fill("2024-05-02");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByText("Moment saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: "Thursday 2 May 2024" })).toBeVisible();
  await page.getByRole("button", { name: "Delete moment" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this moment?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete for good" }).click();
  await expect(page).toHaveURL(/\/cam$/);
  await expectImage(page.request, moment.display, 404);
  expect((await ben.goto(moment.momentPath))?.status()).toBe(404);
  await benContext.close();
  await caraContext.close();
});

test("by keyboard alone: a photo chosen, described and saved, then two moments of a habit compared side by side", async ({
  page,
}) => {
  await signUp(page, { firstName: "Kim", lastName: "Keys" });
  await page.goto("/habits");
  const habit = page.getByRole("form", { name: "New habit" });
  await habit.getByLabel("Habit", { exact: true }).fill("Garden");
  await habit.getByRole("button", { name: "Add habit" }).click();
  await expect(habit.getByText("Habit added to Today.")).toBeVisible();

  await page.goto("/cam");
  const form = page.getByRole("form", { name: "New moment" });
  for (const [alt, note] of [
    ["Bare soil in spring", "Day one"],
    ["Tall tomato plants", "Three months on"],
  ]) {
    // Tab to the photo field; Enter opens the file chooser.
    await page.getByRole("link", { name: "Compare then and now" }).focus();
    await page.keyboard.press("Tab");
    await expect(form.getByLabel("Photo", { exact: true })).toBeFocused();
    const chooser = page.waitForEvent("filechooser");
    await page.keyboard.press("Enter");
    await (await chooser).setFiles(await phonePhoto());
    await expect(form.getByText("Photo sent.")).toBeVisible({ timeout: 20_000 });
    await page.keyboard.press("Tab");
    await expect(form.getByLabel(/^Describe the photo/)).toBeFocused();
    await page.keyboard.type(alt!);
    await page.keyboard.press("Tab");
    await page.keyboard.type(note!);
    // A date field's parts follow the browser's locale: filled whole, the keyboard path goes on after it.
    await form.getByLabel(/^Day/).fill(alt === "Bare soil in spring" ? "2024-03-01" : "2024-06-01");
    await form.getByLabel(/^Habit/).focus();
    await form.getByLabel(/^Habit/).selectOption({ label: "Garden" });
    await page.keyboard.press("Tab");
    await expect(form.getByRole("button", { name: "Save moment" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(form.getByText("Moment saved. Its photo is being prepared.")).toBeVisible();
    await momentOnTimeline(page, alt!);
  }

  // Then and now, by keyboard: the habit, then the two moments (the oldest and the newest by default).
  await page.getByRole("link", { name: "Compare then and now" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Then and now" })).toBeVisible();
  const which = page.getByRole("combobox", { name: "Habit or album" });
  await which.focus();
  await which.selectOption({ label: "Habit: Garden" });
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("region", { name: "Then: Friday 1 March 2024" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Now: Saturday 1 June 2024" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Bare soil in spring" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Tall tomato plants" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a child's moments stay private until their carer allows sharing on /circle; then the child shares one with their circle", async ({
  page,
  browser,
}) => {
  await signUp(page, { firstName: "Olive", lastName: "Owner" });
  await subscribe(page, { name: "Happr Family", interval: "month" });
  const maya = await createChildAccount(page, { firstName: "Maya" });

  const mayaContext = await browser.newContext();
  const child = await mayaContext.newPage();
  await child.goto("/my-account");
  await signIn(child, maya.signInName, maya.password);
  await expect(child.getByRole("heading", { level: 1, name: "Hi, Maya!" })).toBeVisible({ timeout: 20_000 });
  await child.goto("/cam");
  await expect(child.getByRole("heading", { level: 1, name: "Cam" })).toBeVisible();
  const moment = await addMoment(child, { alt: "My drawing of a cat", note: "I drew this" });
  await child.goto(moment.momentPath);
  await expect(child.getByText("Your grown-ups have kept your moments private for now.")).toBeVisible();
  await expect(child.getByRole("form", { name: "Share moment" })).toHaveCount(0);
  await expectNoAxeViolations(child);
  // Olive, her carer, cannot see it either.
  await expectImage(page.request, moment.display, 404);

  // Olive allows it on /circle.
  await page.goto("/circle");
  const section = page.getByRole("region", { name: "Children’s Cam" });
  const setting = section.getByRole("form", { name: "Cam sharing for Maya" });
  await setting.getByLabel("Maya may share Cam moments with their circle").check();
  await setting.getByRole("button", { name: "Save for Maya" }).click();
  await expect(setting.getByText("They may share moments with their circle.")).toBeVisible();
  await expectNoAxeViolations(page);

  await child.goto(moment.momentPath);
  const choices = child.getByRole("form", { name: "Share moment" }).getByLabel("Share with").locator("option");
  await expect(choices.first()).toHaveText(/^Everyone in /);
  await shareMoment(child, moment.momentPath, (await choices.first().textContent())!);
  await page.goto("/cam");
  await momentOnTimeline(page, "My drawing of a cat");
  await expectImage(page.request, moment.display, 200);

  // Olive takes it back: Maya can share nothing more.
  await page.goto("/circle");
  await setting.getByLabel("Maya may share Cam moments with their circle").uncheck();
  await setting.getByRole("button", { name: "Save for Maya" }).click();
  await expect(setting.getByText("Their moments stay private.")).toBeVisible();
  await child.goto(moment.momentPath);
  await expect(child.getByText("Your grown-ups have kept your moments private for now.")).toBeVisible();
  await mayaContext.close();
});
