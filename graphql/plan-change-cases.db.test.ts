import { describe, expect, it } from "vitest";
import { completeSandboxCheckout } from "@/lib/billing/sandbox/checkout";
import { SandboxBillingProvider, sandboxPriceId } from "@/lib/billing/sandbox/sandbox-provider";
import { useSandboxBilling } from "@/lib/billing/sandbox/testing";
import type { BillingService } from "@/lib/billing/service";
import { createTestServer, ops } from "./test-helpers";

/**
 * Every kind of plan change, through the API as a native app calls it, on the sandbox: the figure
 * previewProration answers ("due now") against what the confirmed change then invoices, to the cent.
 * PRINT_CASES=1 prints the table.
 */

const SITE = "http://localhost:3000";
const DAY = 86_400;
const card = { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", name: "Pat" };

let provider: SandboxBillingProvider;
let billing: BillingService;
let server: ReturnType<typeof createTestServer>;
const members: Record<string, { memberId: string; email: string; name: string }> = {};

useSandboxBilling(async (fixture) => {
  ({ provider, billing } = fixture);
  server = createTestServer({ members, billing: async () => billing });
});

type Case = { name: string; from: string; to: string; daysIn: number; cancelFirst?: boolean };
const cases: Case[] = [
  { name: "upgrade, same interval", from: "happr_individual_monthly", to: "happr_family_monthly", daysIn: 10 },
  { name: "upgrade to another interval", from: "happr_individual_monthly", to: "happr_family_yearly", daysIn: 10 },
  {
    name: "upgrade to another interval, a credit",
    from: "happr_individual_yearly",
    to: "happr_family_monthly",
    daysIn: 30,
  },
  { name: "downgrade at period end", from: "happr_family_monthly", to: "happr_individual_monthly", daysIn: 10 },
  { name: "same plan to yearly", from: "happr_individual_monthly", to: "happr_individual_yearly", daysIn: 10 },
  {
    name: "change while a cancellation is scheduled",
    from: "happr_individual_monthly",
    to: "happr_family_yearly",
    daysIn: 10,
    cancelFirst: true,
  },
];

const money = (cents: number | null | undefined) =>
  cents == null ? "-" : `${cents < 0 ? "-" : ""}$${(Math.abs(cents) / 100).toFixed(2)}`;
const rows: string[][] = [];

async function call(name: keyof typeof ops, variables: Record<string, unknown>, who: string) {
  const { body } = await server.gql(ops[name], variables, who);
  return body.data?.[name];
}

describe("plan changes: the figure shown is the figure invoiced", () => {
  it.each(cases)("$name", async ({ name, from, to, daysIn, cancelFirst }) => {
    const who = name.replace(/\W+/g, "-");
    members[who] = { memberId: `member-${who}`, email: `${who}@example.com`, name: "Pat" };
    const { checkoutSessionId } = await billing.createCheckoutSession(members[who], {
      priceId: sandboxPriceId(from),
      successUrl: `${SITE}/my-account`,
      cancelUrl: `${SITE}/pricing`,
    });
    await completeSandboxCheckout(provider, checkoutSessionId, card);
    await billing.validateSession(members[who], checkoutSessionId);
    await provider.advanceClock(daysIn * DAY);
    const [subscription] = (await call("getMySubscriptions", {}, who)).subscriptionData;
    if (cancelFirst)
      expect((await call("cancelSubscription", { subscriptionId: subscription.subscriptionId }, who)).statusCode).toBe(
        200,
      );

    const preview = await call(
      "previewProration",
      { subscriptionId: subscription.subscriptionId, priceId: sandboxPriceId(to) },
      who,
    );
    const customerId = (await billing.getCustomerProfile(members[who].memberId))!.customerId;
    const before = await provider.listInvoices(customerId);
    // A minute reading the dialog: the confirmation still invoices the figure shown.
    await provider.advanceClock(60);
    const changed = await call(
      "changeSubscriptionPlan",
      {
        subscriptionId: subscription.subscriptionId,
        newPriceId: sandboxPriceId(to),
        subItemId: subscription.subItemId,
      },
      who,
    );
    expect(changed.statusCode).toBe(200);
    const invoicesSince = async (known: { id: string }[]) =>
      (await provider.listInvoices(customerId)).filter((invoice) => !known.some((old) => old.id === invoice.id));
    const created = await invoicesSince(before);
    const invoicedNow = created.reduce((sum, invoice) => sum + invoice.total, 0);
    const lines = (preview.invoiceItems ?? []).reduce((sum: number, line: { amount: number }) => sum + line.amount, 0);

    // Then the billing date the page announced: what is invoiced on it.
    await provider.advanceClock(preview.nextBillingDate + 60 - (await provider.now()));
    await provider.runDueWork();
    const renewal = await invoicesSince([...before, ...created]);
    const day = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);
    rows.push([
      name,
      preview.change,
      money(preview.prorationAmount),
      money(lines),
      created.length ? created.map((i) => money(i.total)).join(" + ") : "nothing",
      preview.nextInvoiceAmount === null
        ? `ends ${day(preview.endsAt)}`
        : `${money(preview.nextInvoiceAmount)} on ${day(preview.nextBillingDate)}${preview.nextBillingDate !== preview.currentBillingDate ? ` (moved from ${day(preview.currentBillingDate)})` : ""}`,
      renewal.length ? renewal.map((i) => `${money(i.total)} on ${day(i.created)}`).join(", ") : "nothing (ended)",
    ]);
    for (const live of await provider.listSubscriptions(customerId))
      if (live.status !== "canceled") await provider.cancelNow(live.id, `end-${live.id}`);

    expect(preview.statusCode).toBe(200);
    expect(preview.prorationAmount).toBe(invoicedNow);
    expect(lines).toBe(preview.prorationAmount);
    if (preview.nextInvoiceAmount === null) expect(renewal).toEqual([]);
    else
      expect(renewal.map((invoice) => [invoice.total, day(invoice.created)])).toEqual([
        [preview.nextInvoiceAmount, day(preview.nextBillingDate)],
      ]);
  });

  it("prints the table", () => {
    if (!process.env.PRINT_CASES) return;
    const header = [
      "change",
      "kind",
      "API prorationAmount (due now)",
      "lines add up to",
      "invoiced at confirmation",
      "next invoice announced",
      "next invoice made",
    ];
    console.log([header, ...rows].map((row) => `| ${row.join(" | ")} |`).join("\n"));
  });
});
