import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { memberPassword, signIn, signUp } from "./support/members";

// The embedded sandbox billing engine answers (Stripe's test cards); its clock runs with the wall clock,
// which is all this journey needs: an upgrade a moment after subscribing still prorates a positive amount.

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
const monDYYYY = /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/;
// The profile's time zone defaults to the browser's: give the browser one that is not the machine's.
test.use({ timezoneId: "Europe/Paris" });

/** axe at phone and desktop width, and a full-page screenshot of each kept with the test's results. */
async function checkScreen(page: Page, testInfo: TestInfo, name: string) {
  const original = page.viewportSize();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    // Nothing wider than the screen at 360 px (no sideways scrolling).
    // Polled: the page lays itself out for the new width a moment after the resize.
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            [...document.querySelectorAll("body *")]
              .filter(
                (element) =>
                  element.getBoundingClientRect().right > document.documentElement.clientWidth + 1 &&
                  !element.closest("[aria-hidden=true], .sr-only"),
              )
              .slice(0, 5)
              .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120)),
          ),
        { message: `${name} at ${width}px: elements wider than the screen` },
      )
      .toEqual([]);
    const results = await new AxeBuilder({ page }).withTags(tags).analyze();
    expect(
      results.violations.map(
        (v) => `${name} ${width}px ${v.id}: ${v.nodes.map((node) => node.target.join(" ")).join(", ")}`,
      ),
    ).toEqual([]);
    const path = testInfo.outputPath(`${name}-${width}px.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`${name} at ${width}px`, { path, contentType: "image/png" });
  }
  if (original) await page.setViewportSize(original);
}

const region = (page: Page, name: string) => page.getByRole("region", { name });
const valueOf = (region: Locator, term: string) =>
  region.locator("dt", { hasText: term }).locator("xpath=following-sibling::dd[1]");

async function payOnSandboxCheckout(page: Page, number: string) {
  await expect(page).toHaveURL(/\/billing\/sandbox-checkout\/cs_/);
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel(/^Expiry/).fill("12 / 34");
  await page.getByLabel(/^CVC/).fill("123");
  await page.getByLabel(/^Name on card/).fill("Ada Lovelace");
  await page.getByRole("button", { name: "Subscribe" }).click();
}

test("a member fills the profile, subscribes, upgrades, schedules a downgrade, cancels, keeps the plan, manages cards and ends the plan", async ({
  page,
}, testInfo) => {
  test.setTimeout(360_000);
  await signUp(page);

  // Profile: it starts with the names given at sign-up, and the time zone as the browser's; a field
  // error from the API stands next to its field.
  const profile = region(page, "Profile");
  await expect(profile.getByLabel("First name")).toHaveValue("Ada");
  await expect(profile.getByLabel("Last name")).toHaveValue("Lovelace");
  await expect(profile.getByLabel("Time zone")).toHaveValue("Europe/Paris");
  await expect(profile.getByLabel("Country")).toHaveValue("US");
  // The server sends the chosen zone and country only; once loaded, every one is offered.
  await expect(profile.getByLabel("Time zone").locator('option[value="Pacific/Auckland"]')).toHaveCount(1);
  await expect(profile.getByLabel("Country").locator('option[value="NZ"]')).toHaveCount(1);
  await expect(region(page, "Subscription").getByText("You have no subscription yet.")).toBeVisible();
  await checkScreen(page, testInfo, "my-account-new-member");
  await profile.getByLabel("First name").fill("Ada");
  await profile.getByLabel("Last name").fill("Lovelace");
  await profile.getByLabel("Date of birth").fill("2999-01-01");
  await profile.getByLabel("Country").selectOption("GB");
  await profile.getByLabel("Phone").fill("020 7946 0018");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByText("Date of birth must not be in the future")).toBeVisible();
  await expect(profile.getByLabel("Date of birth")).toHaveAttribute("aria-invalid", "true");
  await expect(profile.getByLabel("First name")).toHaveValue("Ada");
  await expect(profile.getByLabel("Phone")).toHaveValue("020 7946 0018");
  await profile.getByLabel("Date of birth").fill("1990-05-04");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByRole("status")).toHaveText("Profile saved.");
  await page.reload();
  await expect(profile.getByLabel("First name")).toHaveValue("Ada");
  await expect(profile.getByLabel("Last name")).toHaveValue("Lovelace");
  await expect(profile.getByLabel("Date of birth")).toHaveValue("1990-05-04");
  await expect(profile.getByLabel("Country")).toHaveValue("GB");
  await expect(profile.getByLabel("Phone")).toHaveValue("020 7946 0018");
  await expect(profile.getByLabel("Time zone")).toHaveValue("Europe/Paris");

  // Subscribe to Individual monthly with the card that works.
  await region(page, "Subscription").getByRole("link", { name: "See plans" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByText("$4.99", { exact: true })).toBeVisible();
  await checkScreen(page, testInfo, "pricing");
  await page.getByRole("button", { name: "Subscribe to Happr Individual, monthly" }).click();
  await expect(page).toHaveURL(/\/billing\/sandbox-checkout\/cs_/);
  await checkScreen(page, testInfo, "sandbox-checkout");
  await payOnSandboxCheckout(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/pricing\/success\?session_id=cs_/);
  await expect(page.getByRole("heading", { name: "You're subscribed. Welcome to Happr!" })).toBeVisible();
  await checkScreen(page, testInfo, "checkout-success");

  // The summary on My Account: plan, status, renewal date.
  await page.goto("/my-account");
  const summary = region(page, "Subscription");
  await expect(valueOf(summary, "Plan")).toHaveText("Happr Individual (monthly)");
  await expect(valueOf(summary, "Status")).toHaveText("Active");
  await expect(valueOf(summary, "Renews on")).toHaveText(monDYYYY);
  await checkScreen(page, testInfo, "my-account-subscribed");

  await summary.getByRole("link", { name: "Manage subscription" }).click();
  await expect(page).toHaveURL(/\/manage-subscription$/);
  const plan = region(page, "Your plan");
  const history = region(page, "Transaction history");
  await expect(valueOf(plan, "Plan")).toHaveText("Happr Individual (monthly)");
  const renewsOn = (await valueOf(plan, "Renews on").textContent())!;
  expect(renewsOn).toMatch(monDYYYY);
  // The first invoice, paid: listed once, not again as its charge.
  const rows = history.locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("$4.99");
  await expect(rows.first()).toContainText("Paid");
  const rowsBefore = await rows.count();
  await checkScreen(page, testInfo, "manage-subscription");

  // Upgrade: a preview with a positive amount first; Esc closes and focus returns to the button.
  const change = region(page, "Change plan");
  const upgrade = change.getByRole("button", { name: "Upgrade to Happr Family (monthly)" });
  await upgrade.click();
  const dialog = page.getByRole("dialog", { name: "Upgrade to Happr Family (monthly)" });
  await expect(dialog).toBeVisible();
  const amount = dialog.getByTestId("proration-amount");
  await expect(amount).toHaveText(/^\$\d+\.\d{2}$/);
  const amountNow = (await amount.textContent())!;
  expect(Number(amountNow.replace(/[$,]/g, ""))).toBeGreaterThan(0);
  await expect(dialog.getByRole("table")).toBeVisible();
  await expect(dialog.getByTestId("billing-date-words")).toContainText(
    `Your billing date stays the same: your next invoice is $9.99 on ${renewsOn}.`,
  );
  await checkScreen(page, testInfo, "upgrade-preview-dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(upgrade).toBeFocused();
  await upgrade.click();
  await dialog.getByRole("button", { name: "Confirm upgrade" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your plan is now Happr Family (monthly)." })).toBeVisible();
  await expect(valueOf(plan, "Plan")).toHaveText("Happr Family (monthly)");
  // A new transaction: the proration just charged, newest first.
  await expect.poll(() => rows.count()).toBeGreaterThan(rowsBefore);
  await expect(rows.first()).toContainText(amountNow);

  // Downgrade: starts when the period ends, shown as the in-queue plan.
  await change.getByRole("button", { name: "Downgrade to Happr Individual (monthly)" }).click();
  const downgrade = page.getByRole("dialog", { name: "Downgrade to Happr Individual (monthly)" });
  await expect(downgrade).toContainText(`starts on ${renewsOn}`);
  await downgrade.getByRole("button", { name: "Confirm downgrade" }).click();
  await expect(downgrade).toBeHidden();
  await expect(valueOf(plan, "Next plan (in queue)")).toHaveText(`Happr Individual (monthly), starts on ${renewsOn}`);
  await expect(valueOf(plan, "Ends on")).toHaveText(renewsOn);

  // Cancel at period end: the end date is shown; then keep the plan.
  const cancel = region(page, "Cancel subscription");
  await cancel.getByRole("button", { name: "Cancel at period end" }).click();
  const atEnd = page.getByRole("dialog", { name: "Cancel at the end of the period" });
  await expect(atEnd).toContainText(`until ${renewsOn}`);
  await expect(atEnd).toContainText("Your scheduled change to Happr Individual (monthly) is dropped.");
  await checkScreen(page, testInfo, "cancel-dialog");
  await atEnd.getByRole("button", { name: "Confirm: cancel at period end" }).click();
  await expect(atEnd).toBeHidden();
  await expect(valueOf(plan, "Ends on")).toHaveText(renewsOn);
  await expect(plan.getByText("Next plan (in queue)")).toHaveCount(0);
  await plan.getByRole("button", { name: "Keep my plan" }).click();
  await expect(page.getByRole("status").filter({ hasText: "You kept Happr Family (monthly)." })).toBeVisible();
  await expect(valueOf(plan, "Renews on")).toHaveText(renewsOn);
  await expect(valueOf(plan, "Status")).toHaveText("Active");

  // Cards: a declined one changes nothing and keeps what was typed; a good one is added and made default.
  const cards = region(page, "Payment methods");
  await expect(cards.getByRole("listitem")).toHaveCount(1);
  await expect(cards.getByRole("listitem").first()).toContainText("Default");
  await cards.getByRole("button", { name: "Add a card" }).click();
  const addCard = page.getByRole("dialog", { name: "Add a card" });
  await addCard.getByLabel("Card number").fill("4000 0000 0000 0002");
  await addCard.getByLabel(/^Expiry/).fill("11 / 33");
  await addCard.getByLabel(/^CVC/).fill("321");
  await addCard.getByLabel(/^Name on card/).fill("Ada Lovelace");
  await addCard.getByRole("button", { name: "Save card" }).click();
  await expect(addCard.getByRole("alert")).toHaveText("Your card was declined.");
  await expect(addCard.getByLabel(/^Name on card/)).toHaveValue("Ada Lovelace");
  await checkScreen(page, testInfo, "add-card-declined");
  await addCard.getByLabel("Card number").fill("5555 5555 5555 4444");
  await addCard.getByRole("button", { name: "Save card" }).click();
  await expect(addCard).toBeHidden();
  await expect(cards.getByRole("listitem")).toHaveCount(2);
  const mastercard = cards.getByRole("listitem").filter({ hasText: "Mastercard" });
  await expect(mastercard).toContainText("4444");
  await expect(mastercard).not.toContainText("Default");
  await mastercard.getByRole("button", { name: "Make Mastercard ending in 4444 the default" }).click();
  await expect(mastercard).toContainText("Default");
  await expect(cards.getByRole("listitem").filter({ hasText: "Visa" })).not.toContainText("Default");

  // Cancel now: ended.
  await cancel.getByRole("button", { name: "Cancel now" }).click();
  const now = page.getByRole("dialog", { name: "Cancel now" });
  await expect(now).toContainText("is not refunded");
  await now.getByRole("button", { name: "Confirm: cancel now" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your subscription has ended." })).toBeVisible();
  await expect(plan.getByText("You have no active subscription.")).toBeVisible();
  await checkScreen(page, testInfo, "manage-subscription-ended");
  await page.reload();
  await expect(region(page, "Your plan").getByText("You have no active subscription.")).toBeVisible();
});

test("a declined card at checkout shows the decline and leaves no subscription", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signUp(page);
  await page.goto("/pricing");
  await page.getByText("Yearly", { exact: true }).click();
  await page.getByRole("button", { name: "Subscribe to Happr Family, yearly" }).click();
  await payOnSandboxCheckout(page, "4000 0000 0000 0002");
  await expect(page.getByRole("alert").filter({ hasText: "Your card was declined." })).toBeVisible();
  await expect(page).toHaveURL(/\/billing\/sandbox-checkout\/cs_/);
  await checkScreen(page, testInfo, "sandbox-checkout-declined");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/pricing\?checkout=canceled$/);
  await expect(page.getByText("Checkout canceled: you have not been charged.", { exact: false })).toBeVisible();
  await checkScreen(page, testInfo, "pricing-checkout-canceled");
  await page.goto("/manage-subscription");
  await expect(region(page, "Your plan").getByText("You have no active subscription.")).toBeVisible();
  await expect(region(page, "Transaction history").getByText("No transactions yet.")).toBeVisible();
  await page.goto("/my-account");
  await expect(region(page, "Subscription").getByText("You have no subscription yet.")).toBeVisible();
});

test("a visitor choosing a plan on /planform signs in first and comes back to choose it", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const { email } = await signUp(page);
  // The members' pages keep their selections in sessionStorage; signing out clears it.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem("happr.account.selections"))).toContain(email);
  await page.getByRole("main").getByRole("button", { name: "Log Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => sessionStorage.getItem("happr.account.selections"))).toBeNull();

  await page.goto("/planform");
  await expect(page.getByText("$4.99", { exact: true })).toBeVisible();
  await checkScreen(page, testInfo, "planform");
  await page.getByText("Yearly", { exact: true }).click();
  await expect(page.getByText("$99.99", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Choose Happr Family" }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in\?continue=/);
  await signIn(page, email, memberPassword);
  await expect(page).toHaveURL(/\/pricing\?plan=family&interval=year$/);
  await expect(
    page.getByRole("status").filter({ hasText: "You chose Happr Family. Press Subscribe to continue." }).first(),
  ).toBeVisible();
  const family = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Happr Family" }) });
  await expect(family).toContainText("Selected");
  await expect(family).toContainText("$99.99");
  await expect(page.getByRole("button", { name: "Subscribe to Happr Family, yearly" })).toBeVisible();
});
