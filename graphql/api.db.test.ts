import { describe, expect, it } from "vitest";
import { useSandboxBilling } from "@/lib/billing/sandbox/testing";
import { consume } from "@/lib/rate-limit";
import { completeSandboxCheckout } from "@/lib/billing/sandbox/checkout";
import { SandboxBillingProvider, sandboxPriceId } from "@/lib/billing/sandbox/sandbox-provider";
import type { BillingService } from "@/lib/billing/service";
import { createTestServer, ops, type OperationName } from "./test-helpers";
import { fromSocket } from "@/lib/request/testing";

const SITE = "http://localhost:3000";
const members = {
  alice: { memberId: "member-alice", email: "alice@example.com", name: "Alice" },
  bob: { memberId: "member-bob", email: "bob@example.com", name: "Bob" },
};
const card = { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", name: "Alice" };
const price = (key: string) => sandboxPriceId(key);

let provider: SandboxBillingProvider;
let billing: BillingService;
let server: ReturnType<typeof createTestServer>;
const gql = (...args: Parameters<ReturnType<typeof createTestServer>["gql"]>) => server.gql(...args);

useSandboxBilling(async (fixture) => {
  ({ provider, billing } = fixture);
  server = createTestServer({ members, billing: async () => billing });
});

/** Valid arguments for each operation that takes any (ids filled in as the journey creates them). */
const ids = {
  subscriptionId: "sub_missing",
  subItemId: "si_missing",
  paymentMethodId: "pm_missing",
  checkoutSessionId: "cs_missing",
};
const validArgs = (name: OperationName): Record<string, unknown> =>
  ({
    updateUserProfile: { request: { firstName: "Ada" } },
    invitationSignUpDone: { token: "an-invitation" },
    createSubscriptionCheckoutSession: {
      priceId: price("happr_individual_monthly"),
      successUrl: `${SITE}/my-account`,
      cancelUrl: `${SITE}/pricing`,
    },
    validateSession: { checkoutSessionId: ids.checkoutSessionId },
    getPriceDetails: { priceId: price("happr_family_yearly") },
    cancelSubscription: { subscriptionId: ids.subscriptionId },
    cancelSubscriptionImmediately: { subscriptionId: ids.subscriptionId },
    resumeSubscription: { subscriptionId: ids.subscriptionId },
    changeSubscriptionPlan: {
      subscriptionId: ids.subscriptionId,
      newPriceId: price("happr_family_monthly"),
      subItemId: ids.subItemId,
    },
    previewProration: { subscriptionId: ids.subscriptionId, priceId: price("happr_family_monthly") },
    addNewPaymentMethod: { token: "pm_card_visa" },
    setDefaultPaymentMethod: { newPaymentMethodId: ids.paymentMethodId },
  })[name as string] ?? {};

const resultOf = (body: { data?: Record<string, any> }, name: string) => body.data?.[name];

describe("guests", () => {
  it("may read the plans and a price", async () => {
    const plans = await gql(ops.getPlans);
    expect(resultOf(plans.body, "getPlans")).toMatchObject({ statusCode: 200 });
    expect(resultOf(plans.body, "getPlans").plans.map((p: { unitAmount: number }) => p.unitAmount)).toEqual([
      499, 999, 4999, 9999,
    ]);
    const detail = await gql(ops.getPriceDetails, validArgs("getPriceDetails"));
    expect(resultOf(detail.body, "getPriceDetails")).toMatchObject({
      statusCode: 200,
      priceDetail: { unitAmount: 9999, currency: "usd", active: true },
    });
  });

  it.each(Object.keys(ops).filter((name) => name !== "getPlans" && name !== "getPriceDetails") as OperationName[])(
    "%s answers a guest 401",
    async (name) => {
      const { status, body } = await gql(ops[name], validArgs(name));
      expect(status).toBe(200);
      expect(body.errors).toBeUndefined();
      expect(resultOf(body, name)).toMatchObject({ statusCode: 401, message: "User is not authenticated" });
    },
  );

  it("an invalid token answers 401 even for the guest operations", async () => {
    expect(resultOf((await gql(ops.getPlans, {}, "invalid")).body, "getPlans")).toMatchObject({
      statusCode: 401,
      plans: [],
    });
    expect(
      resultOf((await gql(ops.getPriceDetails, validArgs("getPriceDetails"), "invalid")).body, "getPriceDetails"),
    ).toMatchObject({ statusCode: 401, priceDetail: null });
    expect(resultOf((await gql(ops.getMySubscriptions, {}, "invalid")).body, "getMySubscriptions")).toMatchObject({
      statusCode: 401,
    });
  });
});

describe("profile", () => {
  it("reads and updates only the fields given", async () => {
    expect(resultOf((await gql(ops.getUserProfile, {}, "alice")).body, "getUserProfile")).toEqual({
      statusCode: 200,
      message: "OK",
      user: { firstName: null, lastName: null, dob: null, phone: null, timezone: null },
    });
    await gql(
      ops.updateUserProfile,
      { request: { firstName: "Alice", lastName: "Liddell", timezone: "Europe/London" } },
      "alice",
    );
    const updated = await gql(
      ops.updateUserProfile,
      { request: { phone: "+447911123456", dob: "1990-05-04" } },
      "alice",
    );
    expect(resultOf(updated.body, "updateUserProfile")).toMatchObject({
      statusCode: 200,
      user: {
        firstName: "Alice",
        lastName: "Liddell",
        timezone: "Europe/London",
        phone: "+447911123456",
        dob: "1990-05-04",
      },
    });
    // Bob sees his own (empty) profile, never Alice's.
    expect(resultOf((await gql(ops.getUserProfile, {}, "bob")).body, "getUserProfile").user.firstName).toBeNull();
  });

  it.each([
    [{ dob: "2001-02-29" }, "dob"],
    [{ dob: "2999-01-01" }, "dob"],
    [{ phone: "12345" }, "phone"],
    [{ timezone: "Europe/Nowhere" }, "timezone"],
    [{ firstName: "x".repeat(101) }, "firstName"],
    [{ lastName: "a\u0007b" }, "lastName"],
  ])("%o answers 400 naming the field and changes nothing", async (request, field) => {
    const before = resultOf((await gql(ops.getUserProfile, {}, "alice")).body, "getUserProfile").user;
    const result = resultOf((await gql(ops.updateUserProfile, { request }, "alice")).body, "updateUserProfile");
    expect(result.statusCode).toBe(400);
    expect(result.message).toContain(field);
    expect(result.user).toBeNull();
    expect(resultOf((await gql(ops.getUserProfile, {}, "alice")).body, "getUserProfile").user).toEqual(before);
  });
});

describe("invitations", () => {
  it("no invitation exists yet: 404; a blank token is a 400", async () => {
    expect(
      resultOf((await gql(ops.invitationSignUpDone, { token: "abc" }, "alice")).body, "invitationSignUpDone"),
    ).toEqual({ statusCode: 404, message: "Invitation not found" });
    expect(
      resultOf((await gql(ops.invitationSignUpDone, { token: "  " }, "alice")).body, "invitationSignUpDone"),
    ).toEqual({ statusCode: 400, message: "token is required" });
  });
});

describe("a member's billing journey", () => {
  it("has no customer before the first checkout", async () => {
    expect(resultOf((await gql(ops.getCustomerProfile, {}, "alice")).body, "getCustomerProfile")).toMatchObject({
      statusCode: 404,
      customer: null,
    });
    expect(resultOf((await gql(ops.getMySubscriptions, {}, "alice")).body, "getMySubscriptions")).toMatchObject({
      statusCode: 200,
      subscriptionData: [],
    });
  });

  it("checks out, validates the session and sees the subscription", async () => {
    const created = resultOf(
      (await gql(ops.createSubscriptionCheckoutSession, validArgs("createSubscriptionCheckoutSession"), "alice")).body,
      "createSubscriptionCheckoutSession",
    );
    expect(created).toMatchObject({ statusCode: 201 });
    const sessionId = /\/billing\/sandbox-checkout\/(cs_[A-Za-z0-9_]+)/.exec(created.url)![1]!;
    ids.checkoutSessionId = sessionId;

    const early = resultOf(
      (await gql(ops.validateSession, { checkoutSessionId: sessionId }, "alice")).body,
      "validateSession",
    );
    expect(early).toMatchObject({ statusCode: 200, valid: false });
    await completeSandboxCheckout(provider, sessionId, card);
    // Someone else's session answers exactly like a missing one.
    expect(
      resultOf((await gql(ops.validateSession, { checkoutSessionId: sessionId }, "bob")).body, "validateSession"),
    ).toMatchObject({ statusCode: 404, valid: false });
    expect(
      resultOf(
        (await gql(ops.validateSession, { checkoutSessionId: "cs_test_nothing" }, "bob")).body,
        "validateSession",
      ),
    ).toMatchObject({ statusCode: 404, valid: false });
    expect(
      resultOf((await gql(ops.validateSession, { checkoutSessionId: sessionId }, "alice")).body, "validateSession"),
    ).toMatchObject({ statusCode: 200, valid: true, checkoutSessionId: sessionId });

    const subscriptions = resultOf(
      (await gql(ops.getMySubscriptions, {}, "alice")).body,
      "getMySubscriptions",
    ).subscriptionData;
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({
      status: "active",
      planPriceId: price("happr_individual_monthly"),
      cancelAt: null,
    });
    ids.subscriptionId = subscriptions[0].subscriptionId;
    ids.subItemId = subscriptions[0].subItemId;
    expect(resultOf((await gql(ops.getCustomerProfile, {}, "alice")).body, "getCustomerProfile")).toMatchObject({
      statusCode: 200,
      customer: { email: "alice@example.com", status: "active" },
    });
    // A second checkout while subscribed is a conflict.
    expect(
      resultOf(
        (await gql(ops.createSubscriptionCheckoutSession, validArgs("createSubscriptionCheckoutSession"), "alice"))
          .body,
        "createSubscriptionCheckoutSession",
      ),
    ).toMatchObject({ statusCode: 409, url: null });
  });

  it("lists payment methods and transactions", async () => {
    const methods = resultOf(
      (await gql(ops.getMyPaymentMethods, {}, "alice")).body,
      "getMyPaymentMethods",
    ).paymentMethods;
    expect(methods).toHaveLength(1);
    expect(methods[0]).toMatchObject({
      paymentType: "card",
      card: { brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 },
      isDefault: true,
    });
    ids.paymentMethodId = methods[0].paymentId;
    const history = resultOf((await gql(ops.getTransactionHistory, {}, "alice")).body, "getTransactionHistory");
    expect(history.statusCode).toBe(200);
    expect(history.history.length).toBeGreaterThan(0);
    expect(history.history[0]).toMatchObject({ amount: 499, currency: "usd" });
  });

  it("adds a card and makes it the default", async () => {
    expect(
      resultOf(
        (await gql(ops.addNewPaymentMethod, { token: "pm_card_mastercard" }, "alice")).body,
        "addNewPaymentMethod",
      ),
    ).toEqual({ statusCode: 201, message: "Payment method added" });
    const methods = resultOf(
      (await gql(ops.getMyPaymentMethods, {}, "alice")).body,
      "getMyPaymentMethods",
    ).paymentMethods;
    const mastercard = methods.find((m: { card: { brand: string } }) => m.card.brand === "mastercard");
    expect(mastercard.isDefault).toBe(false);
    // Bob cannot touch Alice's card: 404, as for one that does not exist.
    expect(
      resultOf(
        (await gql(ops.setDefaultPaymentMethod, { newPaymentMethodId: mastercard.paymentId }, "bob")).body,
        "setDefaultPaymentMethod",
      ),
    ).toMatchObject({ statusCode: 404 });
    expect(
      resultOf(
        (await gql(ops.setDefaultPaymentMethod, { newPaymentMethodId: "pm_nothing" }, "alice")).body,
        "setDefaultPaymentMethod",
      ),
    ).toMatchObject({ statusCode: 404 });
    expect(
      resultOf(
        (await gql(ops.setDefaultPaymentMethod, { newPaymentMethodId: mastercard.paymentId }, "alice")).body,
        "setDefaultPaymentMethod",
      ),
    ).toMatchObject({ statusCode: 200 });
    const after = resultOf(
      (await gql(ops.getMyPaymentMethods, {}, "alice")).body,
      "getMyPaymentMethods",
    ).paymentMethods;
    expect(after.find((m: { paymentId: string }) => m.paymentId === mastercard.paymentId).isDefault).toBe(true);
    const declined = resultOf(
      (await gql(ops.addNewPaymentMethod, { token: "pm_card_chargeDeclined" }, "alice")).body,
      "addNewPaymentMethod",
    );
    expect(declined.statusCode).toBe(422);
  });

  it("another member's subscription answers 404 everywhere", async () => {
    for (const name of [
      "cancelSubscription",
      "cancelSubscriptionImmediately",
      "resumeSubscription",
      "changeSubscriptionPlan",
      "previewProration",
    ] as const) {
      expect(resultOf((await gql(ops[name], validArgs(name), "bob")).body, name)).toMatchObject({
        statusCode: 404,
        message: "Subscription not found",
      });
    }
  });

  it("previews and applies an upgrade", async () => {
    const preview = resultOf(
      (await gql(ops.previewProration, validArgs("previewProration"), "alice")).body,
      "previewProration",
    );
    expect(preview.statusCode).toBe(200);
    expect(preview.prorationAmount).toBeGreaterThan(0);
    expect(preview.invoiceItems.some((line: { proration: boolean }) => line.proration)).toBe(true);
    expect(preview.upcomingInvoice.currency).toBe("usd");

    expect(
      resultOf(
        (
          await gql(
            ops.changeSubscriptionPlan,
            { ...validArgs("changeSubscriptionPlan"), subItemId: "si_notmine" },
            "alice",
          )
        ).body,
        "changeSubscriptionPlan",
      ),
    ).toMatchObject({ statusCode: 404 });
    const changed = resultOf(
      (await gql(ops.changeSubscriptionPlan, validArgs("changeSubscriptionPlan"), "alice")).body,
      "changeSubscriptionPlan",
    );
    expect(changed).toMatchObject({
      statusCode: 200,
      subscriptionId: ids.subscriptionId,
      status: "active",
      priceId: price("happr_family_monthly"),
    });
    // The same price again is a conflict.
    expect(
      resultOf(
        (await gql(ops.changeSubscriptionPlan, validArgs("changeSubscriptionPlan"), "alice")).body,
        "changeSubscriptionPlan",
      ),
    ).toMatchObject({ statusCode: 409 });
  });

  it("cancels at period end, keeps the plan, then cancels immediately", async () => {
    const resume = async () =>
      resultOf(
        (await gql(ops.resumeSubscription, validArgs("resumeSubscription"), "alice")).body,
        "resumeSubscription",
      );
    expect(await resume()).toMatchObject({
      statusCode: 409,
      message: "The subscription is not set to end",
      subscriptionId: null,
    });
    const atEnd = resultOf(
      (await gql(ops.cancelSubscription, validArgs("cancelSubscription"), "alice")).body,
      "cancelSubscription",
    );
    expect(atEnd).toMatchObject({ statusCode: 200, subscriptionId: ids.subscriptionId, status: "active" });
    const listed = resultOf(
      (await gql(ops.getMySubscriptions, {}, "alice")).body,
      "getMySubscriptions",
    ).subscriptionData;
    expect(listed[0].cancelAt).toBeGreaterThan(0);
    // "Keep my plan": the end is undone and the subscription renews again.
    expect(await resume()).toMatchObject({
      statusCode: 200,
      subscriptionId: ids.subscriptionId,
      status: "active",
      cancelAt: null,
    });
    expect(
      resultOf((await gql(ops.getMySubscriptions, {}, "alice")).body, "getMySubscriptions").subscriptionData[0]
        .cancelAt,
    ).toBeNull();
    expect(await resume()).toMatchObject({ statusCode: 409 });
    const now = resultOf(
      (await gql(ops.cancelSubscriptionImmediately, validArgs("cancelSubscriptionImmediately"), "alice")).body,
      "cancelSubscriptionImmediately",
    );
    expect(now).toMatchObject({ statusCode: 200, status: "canceled" });
    expect(
      resultOf(
        (await gql(ops.cancelSubscriptionImmediately, validArgs("cancelSubscriptionImmediately"), "alice")).body,
        "cancelSubscriptionImmediately",
      ),
    ).toMatchObject({ statusCode: 409 });
  });
});

describe("bad arguments answer 400 naming the argument", () => {
  const cases: [OperationName, Record<string, unknown>, string][] = [
    ["createSubscriptionCheckoutSession", { priceId: "nope" }, "priceId"],
    ["createSubscriptionCheckoutSession", { successUrl: "https://evil.example.com/x" }, "successUrl"],
    ["createSubscriptionCheckoutSession", { cancelUrl: "" }, "cancelUrl"],
    ["validateSession", { checkoutSessionId: "sess_1" }, "checkoutSessionId"],
    ["getPriceDetails", { priceId: "" }, "priceId"],
    ["cancelSubscription", { subscriptionId: "1; drop table" }, "subscriptionId"],
    ["cancelSubscriptionImmediately", { subscriptionId: "x".repeat(300) }, "subscriptionId"],
    ["resumeSubscription", { subscriptionId: "sub-1" }, "subscriptionId"],
    ["changeSubscriptionPlan", { subscriptionId: "bad" }, "subscriptionId"],
    ["changeSubscriptionPlan", { newPriceId: "bad" }, "newPriceId"],
    ["changeSubscriptionPlan", { subItemId: "bad" }, "subItemId"],
    ["previewProration", { subscriptionId: "bad" }, "subscriptionId"],
    ["previewProration", { priceId: "bad" }, "priceId"],
    ["addNewPaymentMethod", { token: "card_123" }, "token"],
    ["setDefaultPaymentMethod", { newPaymentMethodId: "card_123" }, "newPaymentMethodId"],
    ["invitationSignUpDone", { token: "" }, "token"],
  ];
  it.each(cases)("%s %o", async (name, override, field) => {
    let calls = 0;
    const counting = createTestServer({
      members,
      billing: async () => billing,
      limitProviderCall: async () => {
        calls += 1;
        return { allowed: true, remaining: 1, retryAfterSeconds: 0 };
      },
    });
    const result = resultOf((await counting.gql(ops[name], { ...validArgs(name), ...override }, "bob")).body, name);
    expect(result.statusCode).toBe(400);
    expect(result.message).toContain(field);
    // Refused before anything else: not even the rate-limit counter is touched.
    expect(calls).toBe(0);
  });
});

describe("rate limit", () => {
  // Every count in one fixed window whatever the wall clock: a test run that straddled a minute
  // boundary started a new window half-way and was let through (CI saw 200 for the 429).
  const inOneWindow = { now: new Date("2026-01-01T00:00:30Z") };
  it("answers 429 with a message once a member exceeds the provider-call limit", async () => {
    const limited = createTestServer({
      members,
      billing: async () => billing,
      limitProviderCall: (memberId) => consume("graphql-test", memberId, { limit: 2, windowSeconds: 60 }, inOneWindow),
    });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push(
        resultOf(
          (await limited.gql(ops.previewProration, validArgs("previewProration"), "bob")).body,
          "previewProration",
        ).statusCode,
      );
    }
    expect(statuses).toEqual([404, 404, 429]);
    const last = resultOf(
      (await limited.gql(ops.addNewPaymentMethod, { token: "pm_card_visa" }, "bob")).body,
      "addNewPaymentMethod",
    );
    expect(last.statusCode).toBe(429);
    expect(last.message).toMatch(/^Too many requests\. Please try again in \d+ seconds?\.$/);
    // Another member has their own allowance.
    expect(
      resultOf(
        (await limited.gql(ops.previewProration, validArgs("previewProration"), "alice")).body,
        "previewProration",
      ).statusCode,
    ).not.toBe(429);
  });

  it("counts guests' catalogue reads by client address, so one address cannot drain the provider's quota", async () => {
    const limited = createTestServer({
      members,
      billing: async () => billing,
      limitProviderCall: (subject) =>
        consume("graphql-guest-test", subject, { limit: 2, windowSeconds: 60 }, inOneWindow),
    });
    const from = (address: string) => fromSocket(address);
    const plans = async (address: string) =>
      resultOf((await limited.gql(ops.getPlans, {}, "guest", from(address))).body, "getPlans");
    const first = await plans("203.0.113.5");
    expect(first.statusCode).toBe(200);
    expect(first.plans).toHaveLength(4);
    const price = resultOf(
      (await limited.gql(ops.getPriceDetails, validArgs("getPriceDetails"), "guest", from("203.0.113.5"))).body,
      "getPriceDetails",
    );
    expect(price.statusCode).toBe(200);
    const refused = await plans("203.0.113.5");
    expect(refused.statusCode).toBe(429);
    expect(refused.plans).toEqual([]);
    // Another address, and a member, each have their own allowance.
    expect((await plans("198.51.100.7")).statusCode).toBe(200);
    expect(
      resultOf((await limited.gql(ops.getPlans, {}, "bob", from("203.0.113.5"))).body, "getPlans").statusCode,
    ).toBe(200);
  });
});
