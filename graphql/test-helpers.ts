import { expect } from "vitest";
import { knownMember, type Caller, type MemberCaller } from "@/lib/auth/caller";
import { useSandboxBilling, type SandboxBillingFixture } from "@/lib/billing/sandbox/testing";
import type { Member } from "@/lib/auth/member";
import type { BillingService } from "@/lib/billing/service";
import type { RateLimitResult } from "@/lib/rate-limit";
import type { ItemKinds } from "@/lib/circles/sharing/item-kinds";
import type { VerifiedContacts } from "@/lib/invitations";
import { createGraphQLServer } from "./server";

/** Test callers: `x-test-member: <id>` is that member, `x-test-invalid` a bad token, else a guest. */
function testCaller(members: Record<string, Member | MemberCaller>) {
  return async (request: Request): Promise<Caller> => {
    if (request.headers.has("x-test-invalid")) return { kind: "invalid" };
    const id = request.headers.get("x-test-member");
    const member = id ? members[id] : undefined;
    if (!member) return { kind: "guest" };
    return "kind" in member ? member : knownMember(member);
  };
}

export type TestServerOptions = {
  /** A member, or a caller whose attributes are read as a token's are (lib/auth/caller.ts). */
  members: Record<string, Member | MemberCaller>;
  billing: () => Promise<BillingService>;
  limitProviderCall?: (subject: string) => Promise<RateLimitResult>;
  production?: boolean;
  itemKinds?: ItemKinds;
  /** The members' verified addresses; by default each member's email, verified, and no phone. */
  verifiedContacts?: (member: Member) => Promise<VerifiedContacts>;
};

export function createTestServer(options: TestServerOptions) {
  const yoga = createGraphQLServer({
    resolveCaller: testCaller(options.members),
    billing: options.billing,
    siteUrl: "http://localhost:3000",
    limitProviderCall:
      options.limitProviderCall ?? (async () => ({ allowed: true, remaining: 100, retryAfterSeconds: 0 })),
    production: options.production ?? false,
    itemKinds: options.itemKinds,
    verifiedContacts:
      options.verifiedContacts ??
      (async (member) => ({ email: member.email, emailVerified: true, phone: null, phoneVerified: false })),
  });
  /** POSTs one operation as `who` (a member id, "guest" or "invalid") and answers the parsed body. */
  async function gql(
    query: string,
    variables: Record<string, unknown> = {},
    who = "guest",
    extraHeaders: Record<string, string> = {},
  ) {
    const headers: Record<string, string> = { ...extraHeaders, "content-type": "application/json" };
    if (who === "invalid") headers["x-test-invalid"] = "1";
    else if (who !== "guest") headers["x-test-member"] = who;
    const response = await yoga.fetch("http://localhost/graphql", {
      method: "POST",
      headers,
      body: JSON.stringify({ query, variables }),
    });
    const text = await response.text();
    return {
      status: response.status,
      text,
      body: JSON.parse(text) as { data?: Record<string, any>; errors?: { message: string }[] },
    };
  }
  return { yoga, gql };
}

/** One document per operation of the contract (and its extensions), with every result field. */
export const ops = {
  getUserProfile: `query { getUserProfile { statusCode message user { firstName lastName dob phone timezone } } }`,
  getMySubscriptions: `query { getMySubscriptions { statusCode message subscriptionData { subscriptionId status subItemId currentPeriodStart currentPeriodEnd planPriceId defaultPaymentMethod cancelAt } } }`,
  getCustomerProfile: `query { getCustomerProfile { statusCode message customer { customerId email name created status } } }`,
  getTransactionHistory: `query { getTransactionHistory { statusCode message history { transactionId amount currency created status description } } }`,
  getMyPaymentMethods: `query { getMyPaymentMethods { statusCode message paymentMethods { paymentId paymentType card { brand last4 expMonth expYear } billingDetails { name email phone postalCode } created isDefault } } }`,
  getPlans: `query { getPlans { statusCode message plans { priceId productName productDescription unitAmount currency interval } } }`,
  updateUserProfile: `mutation($request: UpdateUserProfileInput!) { updateUserProfile(request: $request) { statusCode message user { firstName lastName dob phone timezone } } }`,
  invitationSignUpDone: `mutation($token: String!) { invitationSignUpDone(token: $token) { statusCode message } }`,
  createSubscriptionCheckoutSession: `mutation($priceId: String!, $successUrl: String!, $cancelUrl: String!) { createSubscriptionCheckoutSession(priceId: $priceId, successUrl: $successUrl, cancelUrl: $cancelUrl) { statusCode message url } }`,
  validateSession: `mutation($checkoutSessionId: String!) { validateSession(checkoutSessionId: $checkoutSessionId) { statusCode message valid checkoutSessionId } }`,
  getPriceDetails: `mutation($priceId: String!) { getPriceDetails(priceId: $priceId) { statusCode message priceDetail { priceId active currency unitAmount productName productDescription } } }`,
  cancelSubscription: `mutation($subscriptionId: String!) { cancelSubscription(subscriptionId: $subscriptionId) { statusCode message subscriptionId status } }`,
  cancelSubscriptionImmediately: `mutation($subscriptionId: String!) { cancelSubscriptionImmediately(subscriptionId: $subscriptionId) { statusCode message subscriptionId status } }`,
  resumeSubscription: `mutation($subscriptionId: String!) { resumeSubscription(subscriptionId: $subscriptionId) { statusCode message subscriptionId status cancelAt } }`,
  changeSubscriptionPlan: `mutation($subscriptionId: String!, $newPriceId: String!, $subItemId: String!) { changeSubscriptionPlan(subscriptionId: $subscriptionId, newPriceId: $newPriceId, subItemId: $subItemId) { statusCode message subscriptionId status currentPeriodEnd currentPeriodStart priceId } }`,
  previewProration: `mutation($subscriptionId: String!, $priceId: String!) { previewProration(subscriptionId: $subscriptionId, priceId: $priceId) { statusCode message prorationAmount invoiceItems { description amount currency proration periodStart periodEnd } upcomingInvoice { amountDue subtotal total currency periodStart periodEnd } change prorationDate currentBillingDate nextBillingDate nextInvoiceAmount endsAt } }`,
  addNewPaymentMethod: `mutation($token: String!) { addNewPaymentMethod(token: $token) { statusCode message } }`,
  setDefaultPaymentMethod: `mutation($newPaymentMethodId: String!) { setDefaultPaymentMethod(newPaymentMethodId: $newPaymentMethodId) { statusCode message } }`,
} as const;

export type OperationName = keyof typeof ops;

/**
 * The members' operations' tests: a server over sandbox billing for the file (useSandboxBilling), and
 * `result(query, variables, who)`, which answers the operation's result object and fails the test on
 * any GraphQL error. `who` is a name `idOf` turns into a member id, or "guest" or "invalid".
 */
export function membersGraphqlForThisFile<Who extends string>(options: {
  members: TestServerOptions["members"];
  idOf: (who: Who) => string;
  onFixture?: (fixture: SandboxBillingFixture) => void;
}) {
  let server: ReturnType<typeof createTestServer>;
  useSandboxBilling(async (fixture) => {
    options.onFixture?.(fixture);
    server = createTestServer({ members: options.members, billing: async () => fixture.billing });
  });
  return async (query: string, variables: Record<string, unknown>, who: Who | "guest" | "invalid") => {
    const { body } = await server.gql(query, variables, who === "guest" || who === "invalid" ? who : options.idOf(who));
    expect(body.errors).toBeUndefined();
    return Object.values(body.data ?? {})[0] as Record<string, any>;
  };
}
