import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { familyPlanSection, openMembersPlace, openSafeCircle, signIn, signUp } from "./support/members";
import { subscribe } from "./support/subscriptions";

test.describe.configure({ timeout: 240_000 });

const childPassword = "Purple-Otter-Lantern-9";

test("a Family plan owner creates a child's account with a first password; the child signs in by name and sees their own page; the owner gives the child a new password and the child signs in with it", async ({
  page,
  browser,
}) => {
  const owner = await signUp(page, { firstName: "Olive", lastName: "Owner" });
  await subscribe(page, { name: "Happr Family", interval: "month" });
  const familyPlan = await openSafeCircle(page);
  await familyPlan.getByRole("link", { name: "Create a child’s account" }).click();
  await expect(page).toHaveURL(/\/circle\/children\/new$/);
  await expect(page.getByRole("heading", { level: 1, name: "Create a child’s account" })).toBeVisible();
  await expectNoAxeViolations(page);

  // A 13-year-old is refused, next to the field, and nothing is made.
  const form = page.getByRole("form", { name: "Create a child's account" });
  await form.getByLabel(/^Child’s first name|^Child's first name/).fill("Maya");
  await form.getByLabel(/^Birth month/).fill("2000-01");
  await form.getByLabel(/^First password/).fill(childPassword);
  await form.getByLabel(/^I am this child’s parent|^I am this child's parent/).check();
  await form.getByRole("button", { name: "Create the account" }).click();
  // The field's hint says the same in a sentence; the error is the whole text of its own line.
  await expect(form.getByText("child accounts are for children under 13", { exact: true })).toBeVisible();
  await expect(form.getByLabel(/^Birth month/)).toBeFocused();
  await expectNoAxeViolations(page);

  // What was typed stays (the password aside).
  await expect(form.getByLabel(/^Child’s first name|^Child's first name/)).toHaveValue("Maya");
  // Consent is given again at each attempt.
  await expect(form.getByLabel(/^I am this child’s parent|^I am this child's parent/)).not.toBeChecked();
  await form.getByLabel(/^I am this child’s parent|^I am this child's parent/).check();
  await form.getByLabel(/^Birth month/).fill("2018-06");
  await form.getByLabel(/^First password/).fill(childPassword);
  await form.getByRole("button", { name: "Create the account" }).click();
  await expect(page.getByRole("heading", { name: "Maya’s account is ready" })).toBeVisible();
  const signInName = (await page.getByTestId("child-sign-in-name").textContent())!.trim();
  expect(signInName).toMatch(/^maya\.\d{4}$/);
  await expectNoAxeViolations(page);

  // Back on My Safe Circle, Maya is in the circle.
  await page
    .getByRole("region", { name: "Maya’s account is ready" })
    .getByRole("link", { name: "Back to My Safe Circle" })
    .click();
  await expect(page).toHaveURL(/\/circle$/);
  await expect(familyPlan).toContainText("Maya");
  await openMembersPlace(page, "Account");
  await page.getByRole("main").getByRole("button", { name: "Log Out" }).click();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Sign In" })).toBeVisible();

  // The child signs in with the sign-in name on the same form as everyone.
  await page.goto("/my-account");
  await signIn(page, signInName, childPassword);
  await expect(page).toHaveURL(/\/my-account$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Hi, Maya!" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What your grown-ups can see" })).toBeVisible();
  await expect(page.getByText("They cannot read your private things.", { exact: false })).toBeVisible();
  await expect(page.getByRole("region", { name: "Your grown-ups", exact: true })).toContainText("Olive");
  // None of the grown-up page: no billing or security centre.
  await expect(page.getByRole("heading", { name: /Security/ })).toHaveCount(0);
  await expect(page.getByText(/subscription/i)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expect(page.getByRole("main").getByRole("button", { name: "Log Out" })).toBeVisible();
  // Nor by its address: a child asking for the security centre is back on their own page.
  await page.goto("/my-account/security");
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Hi, Maya!" })).toBeVisible();
  // Her circle shows who is in it, but no Family plan and no invitations: her grown-ups look after those.
  await openMembersPlace(page, "Circle");
  await expect(page).toHaveURL(/\/circle$/);
  await expect(page.getByRole("region", { name: "Your circles" })).toContainText("Olive");
  await expect(familyPlanSection(page)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send invitation" })).toHaveCount(0);

  // Maya forgot her password: the owner, on another device, gives her a new one from /circle.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto("/circle");
  await signIn(ownerPage, owner.email, owner.password);
  await expect(ownerPage).toHaveURL(/\/circle$/, { timeout: 20_000 });
  const children = ownerPage.getByRole("region", { name: "Children’s sign-in" });
  await expect(children).toContainText(signInName);
  await expectNoAxeViolations(ownerPage);
  const reset = children.getByRole("form", { name: "New password for Maya" });
  await reset.getByLabel(/^New password/).fill("Green-Kite-River-31");
  await reset.getByRole("button", { name: "Give Maya a new password" }).click();
  await expect(reset.getByText("Done: the new password works now, and the old one no longer does.")).toBeVisible();
  await expectNoAxeViolations(ownerPage);
  await ownerContext.close();

  // Maya's session from before the reset has ended; she signs in with the new password.
  await page.goto("/my-account");
  await expect(page).toHaveURL(/\/auth\/sign-in/, { timeout: 20_000 });
  await signIn(page, signInName, "Green-Kite-River-31");
  await expect(page).toHaveURL(/\/my-account$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Hi, Maya!" })).toBeVisible();
});
