import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { openMembersPlace, openSafeCircle, signIn, signUp } from "./support/members";
import { subscribe } from "./support/subscriptions";

// A sign-up, a subscription, a child's account and two browsers on a shared, busy machine.
test.describe.configure({ timeout: 300_000 });

const childPassword = "Purple-Otter-Lantern-9";

test("a carer turns the Lounge on for their child, the child is told their grown-ups can read their posts, and the carer reads what the child posted", async ({
  page,
  browser,
}) => {
  // A Family plan owner makes a child's account.
  await signUp(page, { firstName: "Olive", lastName: "Owner" });
  await subscribe(page, { name: "Happr Family", interval: "month" });
  const familyPlan = await openSafeCircle(page);
  await familyPlan.getByRole("link", { name: "Create a child’s account" }).click();
  const form = page.getByRole("form", { name: "Create a child's account" });
  await form.getByLabel(/^Child’s first name|^Child's first name/).fill("Maya");
  await form.getByLabel(/^Birth month/).fill("2018-06");
  await form.getByLabel(/^First password/).fill(childPassword);
  await form.getByLabel(/^I am this child’s parent|^I am this child's parent/).check();
  await form.getByRole("button", { name: "Create the account" }).click();
  await expect(page.getByRole("heading", { name: "Maya’s account is ready" })).toBeVisible();
  const signInName = (await page.getByTestId("child-sign-in-name").textContent())!.trim();

  // On My Safe Circle, Maya's Lounge: off until a carer turns it on.
  await openMembersPlace(page, "Circle");
  await page
    .getByRole("region", { name: "Children in the Lounge" })
    .getByRole("link", { name: "Maya’s Lounge" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Maya’s Lounge" })).toBeVisible();
  await expect(page.getByTestId("child-lounge-state")).toHaveText(/^Off: Maya cannot enter the Lounge/);
  await expectNoAxeViolations(page);
  const childPage = page.url();

  // Maya, signed in: the Lounge is not open to her yet.
  const childContext = await browser.newContext();
  const child = await childContext.newPage();
  await child.goto("/my-account");
  await signIn(child, signInName, childPassword);
  await expect(child.getByRole("heading", { level: 1, name: "Hi, Maya!" })).toBeVisible();
  await child.goto("/lounge");
  await expect(child.getByRole("heading", { name: "Not open to you yet" })).toBeVisible();

  // Olive turns it on.
  await page.getByRole("button", { name: "Turn the Lounge on" }).click();
  await expect(page.getByTestId("child-lounge-state")).toHaveText(/^On: Maya can join/);
  await expect(page.getByRole("button", { name: "Turn the Lounge off" })).toBeVisible();

  // Maya now sees the house rules, and that her grown-ups can read what she posts.
  await child.reload();
  await expect(child.getByTestId("read-by-carers")).toHaveText("Your grown-ups can read what you post in the Lounge.");
  const join = child.getByRole("form", { name: "Join the Lounge" });
  await join.getByLabel(/^Lounge name/).fill(`Little Star ${Math.floor(Math.random() * 9000) + 1000}`);
  await join.getByLabel("I have read the house rules and I accept them.").check();
  await join.getByRole("button", { name: "Enter the Lounge" }).click();
  await expect(child.getByRole("heading", { name: "Rooms" })).toBeVisible();
  await expectNoAxeViolations(child);

  // A child's account has no profile zone: the under-13 rooms open 07:00-19:30 UTC.
  const hour = new Date().getUTCHours();
  const open = hour >= 7 && hour < 19;
  await child.getByRole("link", { name: "Kind Corner" }).click();
  if (open) {
    // No photo for an under-13: the form is words only.
    await expect(child.getByLabel(/^Photo/)).toHaveCount(0);
    const post = child.getByRole("form", { name: "New post" });
    await post.getByLabel(/^Your post/).fill("I drew a cat today");
    await post.getByRole("button", { name: "Post" }).click();
    await expect(child.getByRole("article").filter({ hasText: "I drew a cat today" })).toBeVisible();
  }

  // Olive reads what Maya posted, with its room and status; never anyone else's posts.
  await page.goto(childPage);
  const posts = page.getByRole("region", { name: "What Maya posted" });
  if (open) {
    await expect(posts).toContainText("I drew a cat today");
    await expect(posts).toContainText("In Kind Corner");
    await expect(posts).toContainText("Posted");
  } else await expect(posts).toContainText("Nothing yet.");
  await expectNoAxeViolations(page);

  // Maya cannot open her own carers' page: as a page that does not exist.
  const response = await child.goto(childPage);
  expect(response?.status()).toBe(404);
  await childContext.close();
});
