import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signUp } from "./support/members";
import { graphql, subscribe } from "./support/subscriptions";

// Issue 18's journey: Individual monthly to Family yearly, a change that moves the billing date. The
// figure the dialog shows ("due now") is the invoice the change creates, to the cent, in the browser,
// in the transaction history and through the API the native apps read.

const region = (page: Page, name: string) => page.getByRole("region", { name });
const valueOf = (region: Locator, term: string) =>
  region.locator("dt", { hasText: term }).locator("xpath=following-sibling::dd[1]");
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, "")) * 100);
const monDYYYY = /[A-Z][a-z]{2} \d{1,2}, \d{4}/;

test("Individual monthly to Family yearly: the figure shown is the invoice created, and the page says the billing date moves", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUp(page);
  await subscribe(page, { name: "Happr Individual", interval: "month" });
  await page.goto("/manage-subscription");
  const plan = region(page, "Your plan");
  await expect(valueOf(plan, "Plan")).toHaveText("Happr Individual (monthly)");
  const renewedOn = (await valueOf(plan, "Renews on").textContent())!;

  const change = region(page, "Change plan");
  await change.getByText("Yearly", { exact: true }).click();
  await change.getByRole("button", { name: "Upgrade to Happr Family (yearly)" }).click();
  const dialog = page.getByRole("dialog", { name: "Upgrade to Happr Family (yearly)" });
  const figure = dialog.getByTestId("proration-amount");
  await expect(figure).toHaveText(/^\$\d+\.\d{2}$/);
  await expect(dialog).toContainText("Due now:");
  const dueNow = Number(await figure.getAttribute("data-amount"));
  // Minutes after paying $4.99 for the month: almost all of it is credited against the year's $99.99.
  expect(dueNow).toBeGreaterThanOrEqual(9999 - 499);
  expect(dueNow).toBeLessThan(9999 - 490);
  expect(cents((await figure.textContent())!)).toBe(dueNow);

  // The lines add up to the figure, and the table's total says it again.
  const amounts = (await dialog.locator("tbody tr td:last-child").allTextContents()).map(cents);
  expect(amounts).toHaveLength(2);
  expect(amounts[0]).toBeLessThan(0);
  expect(amounts[1]).toBe(9999);
  expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(dueNow);
  await expect(dialog.locator("tfoot th")).toHaveText("Total due now");
  await expect(dialog.locator("tfoot td")).toHaveText((await figure.textContent())!);

  // In words: the billing date moves to today, a year on.
  const words = dialog.getByTestId("billing-date-words");
  await expect(words).toContainText(
    "Your billing date moves: Happr Family (yearly) starts a new year today, so you next pay $99.99 on",
  );
  await expect(words).toContainText(`instead of on ${renewedOn}, then every year.`);
  const nextBillingDate = (await words.locator("strong").textContent())!;
  expect(nextBillingDate).toMatch(monDYYYY);
  expect(nextBillingDate).not.toBe(renewedOn);
  const axe = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  // What the native apps read is the same figure.
  const { subscriptionData } = await graphql<{ subscriptionData: { subscriptionId: string; planPriceId: string }[] }>(
    page,
    "query { getMySubscriptions { subscriptionData { subscriptionId planPriceId } } }",
  );
  const { plans } = await graphql<{ plans: { priceId: string; productName: string; interval: string }[] }>(
    page,
    "query { getPlans { plans { priceId productName interval } } }",
  );
  const familyYearly = plans.find((p) => p.productName === "Happr Family" && p.interval === "year")!.priceId;
  const api = await graphql<{ prorationAmount: number; nextBillingDate: number; currentBillingDate: number }>(
    page,
    "mutation($s: String!, $p: String!) { previewProration(subscriptionId: $s, priceId: $p) { prorationAmount nextBillingDate currentBillingDate } }",
    { s: subscriptionData[0]!.subscriptionId, p: familyYearly },
  );
  expect(Math.abs(api.prorationAmount - dueNow)).toBeLessThanOrEqual(1); // seconds later: the credit may be a cent smaller

  // Reading the dialog's figure again (the API call above re-quoted it): confirm what is on screen now.
  await dialog.getByRole("button", { name: "Not now" }).click();
  await change.getByRole("button", { name: "Upgrade to Happr Family (yearly)" }).click();
  await expect(figure).toHaveText(/^\$\d+\.\d{2}$/);
  const confirmedFigure = Number(await figure.getAttribute("data-amount"));
  const shown = (await figure.textContent())!;
  await dialog.getByRole("button", { name: "Confirm upgrade" }).click();

  // The page: the new plan, the figure charged, and in words the billing date that moved.
  const status = page.getByRole("status").filter({ hasText: "Your plan is now Happr Family (yearly)." });
  await expect(status).toContainText(`${shown} was charged now.`);
  await expect(status).toContainText("Your billing date has moved: it now renews on");
  await expect(valueOf(plan, "Plan")).toHaveText("Happr Family (yearly)");
  const renewsOn = (await valueOf(plan, "Renews on").textContent())!;
  expect(renewsOn).not.toBe(renewedOn);
  await expect(status).toContainText(`it now renews on ${renewsOn}.`);

  // The invoice the change created: the transaction history's newest row, and the API's.
  const history = region(page, "Transaction history");
  await expect(history.locator("tbody tr").first()).toContainText(shown);
  const { history: transactions } = await graphql<{
    history: { transactionId: string; amount: number; status: string }[];
  }>(page, "query { getTransactionHistory { history { transactionId amount status } } }");
  const invoices = transactions.filter((row) => row.transactionId.startsWith("in_"));
  expect(invoices.map((row) => row.amount)).toEqual([confirmedFigure, 499]);
  expect(invoices[0]!.status).toBe("paid");
});
