import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { providerDown } from "@/lib/billing/errors";
import type { BillingProvider } from "@/lib/billing/port";
import { completeSandboxCheckout } from "@/lib/billing/sandbox/checkout";
import { freezeClockAt } from "@/lib/billing/sandbox/clock";
import { SandboxBillingProvider, sandboxPriceId } from "@/lib/billing/sandbox/sandbox-provider";
import { createBillingService } from "@/lib/billing/service";
import { getDb } from "@/lib/db/client";
import { useTestDatabase } from "@/lib/db/testing";
import { createTestServer, ops, type OperationName } from "./test-helpers";

const SITE = "http://localhost:3000";
const members = {
  carol: { memberId: "member-carol", email: "carol@example.com", name: "Carol" },
  dave: { memberId: "member-dave", email: "dave@example.com", name: "Dave" },
};

useTestDatabase();
let sandbox: SandboxBillingProvider;
let down = false;
let server: ReturnType<typeof createTestServer>;

/** The sandbox, except that while `down` every provider call fails as a network outage would. */
function switchable(target: SandboxBillingProvider): BillingProvider {
  return new Proxy(target, {
    get(object, property) {
      const value = Reflect.get(object, property, object);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (down) throw providerDown();
        return value.apply(object, args);
      };
    },
  });
}

/** Every row of every billing and profile table: "nothing written" means this does not change. */
async function snapshot() {
  const db = await getDb();
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = current_schema() and (table_name like 'billing_%' or table_name = 'member_profiles') order by 1`,
  )) as unknown as { rows: { table_name: string }[] };
  const out: Record<string, unknown> = {};
  for (const { table_name } of tables.rows) {
    const rows = (await db.execute(sql.raw(`select * from "${table_name}" order by 1`))) as unknown as {
      rows: unknown[];
    };
    out[table_name] = rows.rows;
  }
  return JSON.stringify(out);
}

const ids = { subscriptionId: "", subItemId: "", paymentMethodId: "", checkoutSessionId: "" };

beforeAll(async () => {
  sandbox = new SandboxBillingProvider({ getDb, siteUrl: SITE });
  await freezeClockAt(await getDb(), Date.UTC(2026, 3, 1) / 1000);
  const billing = createBillingService(switchable(sandbox), { siteUrl: SITE });
  server = createTestServer({ members, billing: async () => billing });

  // Carol subscribes while the provider is up.
  const created = (
    await server.gql(
      ops.createSubscriptionCheckoutSession,
      { priceId: sandboxPriceId("happr_individual_monthly"), successUrl: `${SITE}/a`, cancelUrl: `${SITE}/b` },
      "carol",
    )
  ).body.data!.createSubscriptionCheckoutSession;
  ids.checkoutSessionId = /(cs_[A-Za-z0-9_]+)/.exec(created.url)![1]!;
  await completeSandboxCheckout(sandbox, ids.checkoutSessionId, {
    number: "4242424242424242",
    expMonth: 12,
    expYear: 2030,
    cvc: "123",
    name: "Carol",
  });
  await server.gql(ops.validateSession, { checkoutSessionId: ids.checkoutSessionId }, "carol");
  const subscription = (await server.gql(ops.getMySubscriptions, {}, "carol")).body.data!.getMySubscriptions
    .subscriptionData[0];
  ids.subscriptionId = subscription.subscriptionId;
  ids.subItemId = subscription.subItemId;
  ids.paymentMethodId = (
    await server.gql(ops.getMyPaymentMethods, {}, "carol")
  ).body.data!.getMyPaymentMethods.paymentMethods[0].paymentId;
  await server.gql(ops.addNewPaymentMethod, { token: "pm_card_mastercard" }, "carol");
}, 120_000);

describe("provider down", () => {
  const cases: [OperationName, string, () => Record<string, unknown>][] = [
    [
      "createSubscriptionCheckoutSession",
      "dave",
      () => ({ priceId: sandboxPriceId("happr_individual_monthly"), successUrl: `${SITE}/a`, cancelUrl: `${SITE}/b` }),
    ],
    ["addNewPaymentMethod", "dave", () => ({ token: "pm_card_visa" })],
    ["addNewPaymentMethod", "carol", () => ({ token: "pm_card_amex" })],
    ["validateSession", "carol", () => ({ checkoutSessionId: ids.checkoutSessionId })],
    ["getPriceDetails", "carol", () => ({ priceId: sandboxPriceId("happr_family_yearly") })],
    ["cancelSubscription", "carol", () => ({ subscriptionId: ids.subscriptionId })],
    ["cancelSubscriptionImmediately", "carol", () => ({ subscriptionId: ids.subscriptionId })],
    [
      "changeSubscriptionPlan",
      "carol",
      () => ({
        subscriptionId: ids.subscriptionId,
        newPriceId: sandboxPriceId("happr_family_monthly"),
        subItemId: ids.subItemId,
      }),
    ],
    [
      "changeSubscriptionPlan",
      "carol",
      () => ({
        subscriptionId: ids.subscriptionId,
        newPriceId: sandboxPriceId("happr_individual_yearly"),
        subItemId: ids.subItemId,
      }),
    ],
    [
      "previewProration",
      "carol",
      () => ({ subscriptionId: ids.subscriptionId, priceId: sandboxPriceId("happr_family_monthly") }),
    ],
  ];

  it.each(cases)("%s (%s) answers 502 and writes nothing", async (name, who, args) => {
    const methods = (await server.gql(ops.getMyPaymentMethods, {}, "carol")).body.data!.getMyPaymentMethods
      .paymentMethods;
    const other = methods.find((m: { isDefault: boolean }) => !m.isDefault).paymentId;
    const before = await snapshot();
    expect(before).toContain(ids.subscriptionId);
    down = true;
    try {
      const result = (await server.gql(ops[name], args(), who)).body.data![name];
      expect(result.statusCode).toBe(502);
      expect(result.message).toBe("The payment provider is unavailable. Please try again.");
      const setDefault = (await server.gql(ops.setDefaultPaymentMethod, { newPaymentMethodId: other }, "carol")).body
        .data!.setDefaultPaymentMethod;
      expect(setDefault.statusCode).toBe(502);
    } finally {
      down = false;
    }
    expect(await snapshot()).toBe(before);
  });

  it("reads come from the mirror and keep working while the provider is down", async () => {
    down = true;
    try {
      expect((await server.gql(ops.getMySubscriptions, {}, "carol")).body.data!.getMySubscriptions).toMatchObject({
        statusCode: 200,
      });
      expect((await server.gql(ops.getTransactionHistory, {}, "carol")).body.data!.getTransactionHistory).toMatchObject(
        { statusCode: 200 },
      );
      expect((await server.gql(ops.getPlans, {}, "guest")).body.data!.getPlans).toMatchObject({
        statusCode: 502,
        plans: [],
      });
    } finally {
      down = false;
    }
  });
});
