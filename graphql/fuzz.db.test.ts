import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { useSandboxBilling } from "@/lib/billing/sandbox/testing";
import { createTestServer, ops, type OperationName } from "./test-helpers";

const SITE = "http://localhost:3000";
const members = { erin: { memberId: "member-erin", email: "erin@example.com", name: "Erin" } };

let server: ReturnType<typeof createTestServer>;
useSandboxBilling(({ billing }) => (server = createTestServer({ members, billing: async () => billing })));

// Strings that look almost right as often as strings that are plainly wrong.
const prefixed = (prefix: string) =>
  fc.oneof(
    fc.string(),
    fc.string({ unit: "grapheme" }),
    fc.string().map((rest) => `${prefix}${rest}`),
    fc.stringMatching(new RegExp(`^${prefix}[A-Za-z0-9_]{0,30}$`)),
  );
const url = fc.oneof(
  fc.webUrl(),
  fc.string(),
  fc.webPath().map((path) => `${SITE}${path}`),
);
const field = fc.option(
  fc.oneof(
    fc.string(),
    fc.string({ unit: "grapheme-composite" }),
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  ),
  { nil: undefined },
);

const mutations: Partial<Record<OperationName, fc.Arbitrary<Record<string, unknown>>>> = {
  updateUserProfile: fc.record({
    request: fc.record(
      { firstName: field, lastName: field, dob: field, phone: field, timezone: field },
      { requiredKeys: [] },
    ),
  }),
  invitationSignUpDone: fc.record({ token: fc.string() }),
  createSubscriptionCheckoutSession: fc.record({ priceId: prefixed("price_"), successUrl: url, cancelUrl: url }),
  validateSession: fc.record({ checkoutSessionId: prefixed("cs_") }),
  getPriceDetails: fc.record({ priceId: prefixed("price_") }),
  cancelSubscription: fc.record({ subscriptionId: prefixed("sub_") }),
  cancelSubscriptionImmediately: fc.record({ subscriptionId: prefixed("sub_") }),
  resumeSubscription: fc.record({ subscriptionId: prefixed("sub_") }),
  changeSubscriptionPlan: fc.record({
    subscriptionId: prefixed("sub_"),
    newPriceId: prefixed("price_"),
    subItemId: prefixed("si_"),
  }),
  previewProration: fc.record({ subscriptionId: prefixed("sub_"), priceId: prefixed("price_") }),
  addNewPaymentMethod: fc.record({
    token: fc.oneof(
      prefixed("pm_"),
      prefixed("tok_"),
      fc.constantFrom("pm_card_visa", "pm_card_chargeDeclined", "tok_visa"),
    ),
  }),
  setDefaultPaymentMethod: fc.record({ newPaymentMethodId: prefixed("pm_") }),
};

describe("random arguments to every mutation", () => {
  it.each(Object.keys(mutations) as OperationName[])(
    "%s never answers 5xx or an error",
    async (name) => {
      await fc.assert(
        fc.asyncProperty(mutations[name]!, fc.constantFrom("erin", "guest"), async (args, who) => {
          const { status, body } = await server.gql(ops[name], args, who);
          expect(status).toBe(200);
          expect(body.errors).toBeUndefined();
          const result = body.data![name];
          expect([200, 201, 400, 401, 404, 409, 422]).toContain(result.statusCode);
          expect(typeof result.message).toBe("string");
        }),
        { numRuns: 40 },
      );
    },
    120_000,
  );
});
