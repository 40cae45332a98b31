import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { ApiPlan, ApiSubscription } from "@/lib/graphql-client";
import {
  accountReducer,
  AccountStoreProvider,
  initialAccountState,
  planName,
  type AccountInitial,
} from "./account-store";
import { SubscriptionSummary } from "./subscription-summary";

const plans: ApiPlan[] = [
  {
    priceId: "price_im",
    productName: "Happr Individual",
    productDescription: null,
    unitAmount: 499,
    currency: "usd",
    interval: "month",
  },
  {
    priceId: "price_fm",
    productName: "Happr Family",
    productDescription: null,
    unitAmount: 999,
    currency: "usd",
    interval: "month",
  },
];
// 2026-04-01 and 2026-05-01 00:00 UTC.
const APR_1 = 1_775_001_600;
const MAY_1 = 1_777_593_600;
const sub = (over: Partial<ApiSubscription>): ApiSubscription => ({
  subscriptionId: "sub_1",
  status: "active",
  subItemId: "si_1",
  currentPeriodStart: APR_1,
  currentPeriodEnd: MAY_1,
  planPriceId: "price_fm",
  defaultPaymentMethod: null,
  cancelAt: null,
  ...over,
});

const summary = (initial: Omit<AccountInitial, "email">) =>
  renderToStaticMarkup(
    <AccountStoreProvider initial={{ email: "ada@example.com", plans, ...initial }}>
      <SubscriptionSummary />
    </AccountStoreProvider>,
  );

describe("the subscription state", () => {
  it("tells the current subscription from the in-queue one, whatever the order", () => {
    const queued = sub({
      subscriptionId: "sub_2",
      status: "trialing",
      planPriceId: "price_im",
      currentPeriodStart: MAY_1,
    });
    const state = initialAccountState({ email: "ada@example.com", subscriptions: [queued, sub({})] });
    expect(state.subscription.active?.subscriptionId).toBe("sub_1");
    expect(state.subscription.inQueue?.subscriptionId).toBe("sub_2");
    const ended = accountReducer(state, { type: "setSubscriptions", subscriptions: [] });
    expect([ended.subscription.active, ended.subscription.inQueue]).toEqual([null, null]);
  });

  it("keeps the cancel and plan-change selections", () => {
    let state = initialAccountState({ email: null });
    expect(state.session.isAuthenticated).toBe(false);
    state = accountReducer(state, { type: "selectCancel", selection: "immediately" });
    state = accountReducer(state, {
      type: "selectPlanChange",
      selection: { priceId: "price_fm", direction: "upgrade" },
    });
    expect(state.cancelSelection).toBe("immediately");
    expect(state.planChange).toEqual({ priceId: "price_fm", direction: "upgrade" });
  });

  it("names plans with their interval", () => {
    expect(planName(plans, "price_fm")).toBe("Happr Family (monthly)");
    expect(planName(plans, "price_gone")).toBe("Your plan");
  });
});

describe("the subscription summary", () => {
  it("shows the plan, its status and when it renews", () => {
    const html = summary({ subscriptions: [sub({})] });
    expect(html).toContain("Happr Family (monthly)");
    expect(html).toContain(">Active<");
    expect(html).toContain(">Renews on</dt><dd");
    expect(html).toContain(">May 1, 2026<");
    expect(html).toContain('href="/manage-subscription"');
  });

  it("says when a cancelled plan ends and when the in-queue plan starts", () => {
    // A trialing (in-queue) subscription's period runs from its creation to when it starts.
    const html = summary({
      subscriptions: [
        sub({ cancelAt: MAY_1 }),
        sub({
          subscriptionId: "sub_2",
          status: "trialing",
          planPriceId: "price_im",
          currentPeriodStart: APR_1 + 3600,
          currentPeriodEnd: MAY_1,
        }),
      ],
    });
    expect(html).toContain(">Ends on</dt>");
    expect(html).not.toContain("Renews on");
    expect(html).toContain("Happr Individual (monthly), starts on May 1, 2026");
  });

  it("offers the plans to a member without a subscription", () => {
    expect(summary({ subscriptions: [] })).toContain("You have no subscription yet.");
  });
});
