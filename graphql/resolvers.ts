import { z } from "zod";
import {
  checkoutSessionIdSchema,
  parseArg,
  paymentMethodIdSchema,
  paymentTokenSchema,
  priceIdSchema,
  subItemIdSchema,
  subscriptionIdSchema,
  urlSchema,
} from "@/lib/billing/inputs";
import { paymentMethodView, planView, subscriptionView, transactionView } from "@/lib/billing/views";
import { assertSameOrigin } from "@/lib/billing/rules";
import type { CallingMember as Member } from "@/lib/auth/caller";
import { getUserProfile, updateUserProfile, type UpdateUserProfileInput } from "@/lib/profile";
import { acceptInvitation, familyPlanFrom } from "@/lib/invitations";
import type { GraphQLContext } from "./context";
import { answer, memberOf, TooManyRequests, UNAUTHENTICATED, type Answer } from "./results";

/**
 * Thin resolvers: who may call, argument shape, then one lib/ service call mapped to the contract's
 * result type. Rules live in lib/.
 */
type Args = Record<string, unknown>;
type Empty = Record<string, unknown>;

const ok = (message = "OK", statusCode = 200): Answer => ({ statusCode, message });

/** Guests and invalid credentials get the empty result with 401; members run `body`. */
type Result = Answer & Record<string, unknown>;

export function forMember(empty: Empty, body: (member: Member, args: Args, context: GraphQLContext) => Promise<Result>) {
  return (_parent: unknown, args: Args, context: GraphQLContext) =>
    answer<Empty>(empty, async (): Promise<Result> => {
      const member = memberOf(context.caller);
      if (!member) return { ...empty, ...UNAUTHENTICATED };
      return body(member, args, context);
    });
}

/** Guests too, but an invalid, expired or revoked token still answers 401 (never data). */
function forAnyone(empty: Empty, body: (args: Args, context: GraphQLContext) => Promise<Result>) {
  return (_parent: unknown, args: Args, context: GraphQLContext) =>
    answer<Empty>(empty, async (): Promise<Result> => {
      if (context.caller.kind === "invalid") return { ...empty, ...UNAUTHENTICATED };
      return body(args, context);
    });
}

/** Operations that reach the payment provider count against the member's rate limit (after argument checks). */
async function limit(context: GraphQLContext, member: Member) {
  await limitSubject(context, member.memberId);
}

/** The catalogue reads guests may make reach the provider too (Stripe): guests are counted by address. */
async function limitCatalogueRead(context: GraphQLContext) {
  const member = memberOf(context.caller);
  await limitSubject(context, member ? member.memberId : `guest:${context.clientAddress}`);
}

async function limitSubject(context: GraphQLContext, subject: string) {
  const result = await context.limitProviderCall(subject);
  if (!result.allowed) throw new TooManyRequests(result.retryAfterSeconds);
}


const invitationToken = z.string().trim().min(1, "token is required").max(512, "token is too long");

export const resolvers = {
  Query: {
    getUserProfile: forMember({ user: null }, async (member) => ({ ...ok(), user: await getUserProfile(member.memberId, { signUp: member.signUp }) })),

    getMySubscriptions: forMember({ subscriptionData: [] as unknown[] }, async (member, _args, context) => {
      const subscriptions = await (await context.billing()).getMySubscriptions(member.memberId);
      return {
        ...ok(),
        subscriptionData: subscriptions.map(subscriptionView),
      };
    }),

    getCustomerProfile: forMember({ customer: null }, async (member, _args, context) => {
      const customer = await (await context.billing()).getCustomerProfile(member.memberId);
      if (!customer) return { customer: null, statusCode: 404, message: "Customer not found" };
      return { ...ok(), customer };
    }),

    getTransactionHistory: forMember({ history: [] as unknown[] }, async (member, _args, context) => {
      const rows = await (await context.billing()).getTransactionHistory(member.memberId);
      return {
        ...ok(),
        history: rows.map(transactionView),
      };
    }),

    getMyPaymentMethods: forMember({ paymentMethods: [] as unknown[] }, async (member, _args, context) => {
      const rows = await (await context.billing()).getPaymentMethods(member.memberId);
      return {
        ...ok(),
        paymentMethods: rows.map(paymentMethodView),
      };
    }),

    getPlans: forAnyone({ plans: [] as unknown[] }, async (_args, context) => {
      await limitCatalogueRead(context);
      return { ...ok(), plans: (await (await context.billing()).getPlans()).map(planView) };
    }),
  },

  Mutation: {
    updateUserProfile: forMember({ user: null }, async (member, args) => ({
      ...ok("Profile updated"),
      user: await updateUserProfile(member.memberId, (args.request ?? {}) as UpdateUserProfileInput, { signUp: member.signUp }),
    })),

    // 404 unknown token; 409 used, revoked or expired (or a full circle, an ended plan): lib/invitations.
    invitationSignUpDone: forMember({}, async (member, args, context) => {
      const token = parseArg(invitationToken, args.token);
      const { ownerName } = await acceptInvitation(member, token, { familyPlan: familyPlanFrom(context.billing), siteUrl: context.siteUrl });
      return ok(`You joined ${ownerName || "your family"}'s Safe Circle`);
    }),

    createSubscriptionCheckoutSession: forMember({ url: null }, async (member, args, context) => {
      parseArg(priceIdSchema(), args.priceId);
      assertSameOrigin("successUrl", parseArg(urlSchema("successUrl"), args.successUrl), context.siteUrl);
      assertSameOrigin("cancelUrl", parseArg(urlSchema("cancelUrl"), args.cancelUrl), context.siteUrl);
      await limit(context, member);
      const session = await (await context.billing()).createCheckoutSession(member, {
        priceId: String(args.priceId),
        successUrl: String(args.successUrl),
        cancelUrl: String(args.cancelUrl),
      });
      return { ...ok("Checkout session created", 201), url: session.url };
    }),

    validateSession: forMember({ valid: false, checkoutSessionId: null }, async (member, args, context) => {
      parseArg(checkoutSessionIdSchema(), args.checkoutSessionId);
      await limit(context, member);
      const result = await (await context.billing()).validateSession(member, String(args.checkoutSessionId));
      return {
        ...ok(result.valid ? "Checkout completed" : "The checkout is not complete"),
        valid: result.valid,
        checkoutSessionId: result.checkoutSessionId,
      };
    }),

    getPriceDetails: forAnyone({ priceDetail: null }, async (args, context) => {
      const priceId = String(parseArg(priceIdSchema(), args.priceId));
      await limitCatalogueRead(context);
      const price = await (await context.billing()).getPriceDetails(priceId);
      return {
        ...ok(),
        priceDetail: {
          priceId: price.id,
          active: price.active,
          currency: price.currency,
          unitAmount: price.unitAmount,
          productName: price.productName,
          productDescription: price.productDescription,
        },
      };
    }),

    cancelSubscription: forMember({ subscriptionId: null, status: null }, async (member, args, context) => {
      parseArg(subscriptionIdSchema(), args.subscriptionId);
      await limit(context, member);
      const result = await (await context.billing()).cancelSubscription(member, String(args.subscriptionId));
      return { ...ok("The subscription will end at the end of the current period"), subscriptionId: result.subscriptionId, status: result.status };
    }),

    cancelSubscriptionImmediately: forMember({ subscriptionId: null, status: null }, async (member, args, context) => {
      parseArg(subscriptionIdSchema(), args.subscriptionId);
      await limit(context, member);
      const result = await (await context.billing()).cancelSubscriptionImmediately(member, String(args.subscriptionId));
      return { ...ok("The subscription is canceled"), subscriptionId: result.subscriptionId, status: result.status };
    }),

    // An extension of the contract: "Keep my plan" after a cancellation at period end.
    resumeSubscription: forMember({ subscriptionId: null, status: null, cancelAt: null }, async (member, args, context) => {
      parseArg(subscriptionIdSchema(), args.subscriptionId);
      await limit(context, member);
      const result = await (await context.billing()).resumeSubscription(member, String(args.subscriptionId));
      return { ...ok("The subscription will renew"), subscriptionId: result.subscriptionId, status: result.status, cancelAt: result.cancelAt };
    }),

    changeSubscriptionPlan: forMember(
      { subscriptionId: null, status: null, currentPeriodEnd: null, currentPeriodStart: null, priceId: null },
      async (member, args, context) => {
        parseArg(subscriptionIdSchema(), args.subscriptionId);
        parseArg(priceIdSchema("newPriceId"), args.newPriceId);
        parseArg(subItemIdSchema(), args.subItemId);
        await limit(context, member);
        const result = await (await context.billing()).changeSubscriptionPlan(member, {
          subscriptionId: String(args.subscriptionId),
          newPriceId: String(args.newPriceId),
          subItemId: String(args.subItemId),
        });
        return {
          ...ok(result.change === "upgrade" ? "Plan upgraded" : "Plan change scheduled for the end of the current period"),
          subscriptionId: result.subscriptionId,
          status: result.status,
          currentPeriodStart: result.currentPeriodStart,
          currentPeriodEnd: result.currentPeriodEnd,
          priceId: result.priceId,
        };
      },
    ),

    previewProration: forMember(
      { prorationAmount: null, invoiceItems: null, upcomingInvoice: null, change: null, prorationDate: null, currentBillingDate: null, nextBillingDate: null, nextInvoiceAmount: null, endsAt: null },
      async (member, args, context) => {
        parseArg(subscriptionIdSchema(), args.subscriptionId);
        parseArg(priceIdSchema(), args.priceId);
        await limit(context, member);
        const quote = await (await context.billing()).previewProration(member, { subscriptionId: String(args.subscriptionId), priceId: String(args.priceId) });
        const { issuedAt: _issuedAt, ...upcomingInvoice } = quote.firstInvoice;
        return {
          ...ok(),
          prorationAmount: quote.dueNow,
          invoiceItems: quote.lines.map((line) => ({
            description: line.description,
            amount: line.amount,
            currency: line.currency,
            proration: line.proration,
            periodStart: line.periodStart,
            periodEnd: line.periodEnd,
          })),
          upcomingInvoice,
          change: quote.change,
          prorationDate: quote.prorationDate,
          currentBillingDate: quote.billingDate.current,
          nextBillingDate: quote.billingDate.next,
          nextInvoiceAmount: quote.nextInvoice?.amount ?? null,
          endsAt: quote.endsAt,
        };
      },
    ),

    addNewPaymentMethod: forMember({}, async (member, args, context) => {
      parseArg(paymentTokenSchema(), args.token);
      await limit(context, member);
      await (await context.billing()).addPaymentMethod(member, String(args.token));
      return ok("Payment method added", 201);
    }),

    setDefaultPaymentMethod: forMember({}, async (member, args, context) => {
      parseArg(paymentMethodIdSchema("newPaymentMethodId"), args.newPaymentMethodId);
      await limit(context, member);
      await (await context.billing()).setDefaultPaymentMethod(member, String(args.newPaymentMethodId));
      return ok("Default payment method updated");
    }),
  },
};
