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
import { IdentityUnavailableError } from "@/lib/auth/caller";
import type { Member } from "@/lib/auth/member";
import { getUserProfile, updateUserProfile, type SignUpDetails, type UpdateUserProfileInput } from "@/lib/profile";
import { acceptInvitation } from "@/lib/invitations";
import { familyPlanFrom } from "@/lib/circles";
import { coverThroughCircles } from "@/lib/circles/cover";
import type { GraphQLContext } from "./context";
import type { Resolvers } from "./generated/resolvers-types";
import { answer, memberOf, TooManyRequests, UNAUTHENTICATED, type Answer } from "./results";

/** A member known by id only: what operations that need no email or name get (nothing asked of the pool). */
export type MemberRef = { memberId: string; signUp?: () => Promise<SignUpDetails | undefined> };

/**
 * Thin resolvers: who may call, argument shape, then one lib/ service call mapped to the contract's
 * result type. Rules live in lib/. Arguments and results are typed by graphql/generated (npm run codegen).
 */
// A field's result and arguments, from its generated resolver type (the call's contextual type), so
// `empty` and `body` are checked against the schema; NoInfer keeps them from widening it.
type Out<T> = (T extends (...args: never[]) => infer R ? Awaited<R> : never) & Answer;
type Args<T> = T extends (parent: never, args: infer A, ...rest: never[]) => unknown ? A : never;
type Empty<T> = Omit<Out<T>, keyof Answer>;

const ok = (message = "OK", statusCode = 200): Answer => ({ statusCode, message });

/**
 * Guests and invalid credentials get the empty result with 401; members run `body` with their email
 * and name (with a Cognito token, read from the pool at most once per token: see lib/auth/caller.ts).
 */
export function forMember<T>(
  empty: NoInfer<Empty<T>>,
  body: (member: Member, args: NoInfer<Args<T>>, context: GraphQLContext) => Promise<NoInfer<Out<T>>>,
): T {
  return forMemberId<T>(empty, async (_ref, args, context) =>
    body(await memberOf(context.caller).member(), args, context),
  );
}

/** As forMember, for operations that need only the member's id: the identity provider is not asked. */
export function forMemberId<T>(
  empty: NoInfer<Empty<T>>,
  body: (member: MemberRef, args: NoInfer<Args<T>>, context: GraphQLContext) => Promise<NoInfer<Out<T>>>,
): T {
  const resolve = (_parent: unknown, args: Args<T>, context: GraphQLContext) =>
    answer<Out<T>>(
      empty,
      async () => {
        const caller = memberOf(context.caller);
        return body({ memberId: caller.memberId, signUp: caller.signUp }, args, context);
      },
      context.identityUnavailable,
    );
  return resolve as T;
}

/** Guests too, but an invalid, expired or revoked token still answers 401 (never data), and an unchecked one 503. */
function forAnyone<T>(
  empty: NoInfer<Empty<T>>,
  body: (args: NoInfer<Args<T>>, context: GraphQLContext) => Promise<NoInfer<Out<T>>>,
): T {
  const resolve = (_parent: unknown, args: Args<T>, context: GraphQLContext) =>
    answer<Out<T>>(
      empty,
      async () => {
        if (context.caller.kind === "invalid") return { ...empty, ...UNAUTHENTICATED } as Out<T>;
        if (context.caller.kind === "unavailable") throw new IdentityUnavailableError(context.caller.retryAfterSeconds);
        return body(args, context);
      },
      context.identityUnavailable,
    );
  return resolve as T;
}

/** Operations that reach the payment provider count against the member's rate limit (after argument checks). */
async function limit(context: GraphQLContext, member: MemberRef) {
  await limitSubject(context, member.memberId);
}

/** The catalogue reads guests may make reach the provider too (Stripe): guests are counted by address. */
async function limitCatalogueRead(context: GraphQLContext) {
  const { caller } = context;
  await limitSubject(context, caller.kind === "member" ? caller.memberId : `guest:${context.clientAddress}`);
}

async function limitSubject(context: GraphQLContext, subject: string) {
  const result = await context.limitProviderCall(subject);
  if (!result.allowed) throw new TooManyRequests(result.retryAfterSeconds);
}

const invitationToken = z.string().trim().min(1, "token is required").max(512, "token is too long");

export const resolvers: Resolvers = {
  Query: {
    getUserProfile: forMemberId({ user: null }, async (member) => ({
      ...ok(),
      user: await getUserProfile(member.memberId, { signUp: member.signUp }),
    })),

    // The member's own subscriptions, then the Family plan cover they have through a circle (marked).
    getMySubscriptions: forMemberId({ subscriptionData: [] }, async (member, _args, context) => {
      const [subscriptions, cover] = await Promise.all([
        context.billing().then((billing) => billing.getMySubscriptions(member.memberId)),
        coverThroughCircles(member.memberId, { familyPlan: familyPlanFrom(context.billing) }),
      ]);
      return {
        ...ok(),
        subscriptionData: [
          ...subscriptions.map((row) => ({ ...subscriptionView(row), throughCircleId: null, throughCircleName: null })),
          ...cover,
        ],
      };
    }),

    getCustomerProfile: forMemberId({ customer: null }, async (member, _args, context) => {
      const customer = await (await context.billing()).getCustomerProfile(member.memberId);
      if (!customer) return { customer: null, statusCode: 404, message: "Customer not found" };
      return { ...ok(), customer };
    }),

    getTransactionHistory: forMemberId({ history: [] }, async (member, _args, context) => {
      const rows = await (await context.billing()).getTransactionHistory(member.memberId);
      return {
        ...ok(),
        history: rows.map(transactionView),
      };
    }),

    getMyPaymentMethods: forMemberId({ paymentMethods: [] }, async (member, _args, context) => {
      const rows = await (await context.billing()).getPaymentMethods(member.memberId);
      return {
        ...ok(),
        paymentMethods: rows.map(paymentMethodView),
      };
    }),

    getPlans: forAnyone({ plans: [] }, async (_args, context) => {
      await limitCatalogueRead(context);
      return { ...ok(), plans: (await (await context.billing()).getPlans()).map(planView) };
    }),
  },

  Mutation: {
    updateUserProfile: forMemberId({ user: null }, async (member, args) => ({
      ...ok("Profile updated"),
      user: await updateUserProfile(member.memberId, (args.request ?? {}) as UpdateUserProfileInput, {
        signUp: member.signUp,
      }),
    })),

    // The API's Join: 404 unknown token; 403 not sent to the caller's verified email or phone; 409 used,
    // revoked or expired (or a full circle, an ended plan): lib/invitations.
    invitationSignUpDone: forMember({}, async (member, args, context) => {
      const token = parseArg(invitationToken, args.token);
      const invitee = {
        memberId: member.memberId,
        name: member.name,
        contacts: await context.verifiedContacts(member),
      };
      const { ownerName } = await acceptInvitation(invitee, token, {
        familyPlan: familyPlanFrom(context.billing),
        siteUrl: context.siteUrl,
      });
      return ok(`You joined ${ownerName || "your family"}'s Safe Circle`);
    }),

    createSubscriptionCheckoutSession: forMember({ url: null }, async (member, args, context) => {
      parseArg(priceIdSchema(), args.priceId);
      assertSameOrigin("successUrl", parseArg(urlSchema("successUrl"), args.successUrl), context.siteUrl);
      assertSameOrigin("cancelUrl", parseArg(urlSchema("cancelUrl"), args.cancelUrl), context.siteUrl);
      await limit(context, member);
      const session = await (
        await context.billing()
      ).createCheckoutSession(member, {
        priceId: args.priceId,
        successUrl: args.successUrl,
        cancelUrl: args.cancelUrl,
      });
      return { ...ok("Checkout session created", 201), url: session.url };
    }),

    validateSession: forMember({ valid: false, checkoutSessionId: null }, async (member, args, context) => {
      parseArg(checkoutSessionIdSchema(), args.checkoutSessionId);
      await limit(context, member);
      const result = await (await context.billing()).validateSession(member, args.checkoutSessionId);
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
      const result = await (await context.billing()).cancelSubscription(member, args.subscriptionId);
      return {
        ...ok("The subscription will end at the end of the current period"),
        subscriptionId: result.subscriptionId,
        status: result.status,
      };
    }),

    cancelSubscriptionImmediately: forMember({ subscriptionId: null, status: null }, async (member, args, context) => {
      parseArg(subscriptionIdSchema(), args.subscriptionId);
      await limit(context, member);
      const result = await (await context.billing()).cancelSubscriptionImmediately(member, args.subscriptionId);
      return { ...ok("The subscription is canceled"), subscriptionId: result.subscriptionId, status: result.status };
    }),

    // An extension of the contract: "Keep my plan" after a cancellation at period end.
    resumeSubscription: forMember(
      { subscriptionId: null, status: null, cancelAt: null },
      async (member, args, context) => {
        parseArg(subscriptionIdSchema(), args.subscriptionId);
        await limit(context, member);
        const result = await (await context.billing()).resumeSubscription(member, args.subscriptionId);
        return {
          ...ok("The subscription will renew"),
          subscriptionId: result.subscriptionId,
          status: result.status,
          cancelAt: result.cancelAt,
        };
      },
    ),

    changeSubscriptionPlan: forMember(
      { subscriptionId: null, status: null, currentPeriodEnd: null, currentPeriodStart: null, priceId: null },
      async (member, args, context) => {
        parseArg(subscriptionIdSchema(), args.subscriptionId);
        parseArg(priceIdSchema("newPriceId"), args.newPriceId);
        parseArg(subItemIdSchema(), args.subItemId);
        await limit(context, member);
        const result = await (
          await context.billing()
        ).changeSubscriptionPlan(member, {
          subscriptionId: args.subscriptionId,
          newPriceId: args.newPriceId,
          subItemId: args.subItemId,
        });
        return {
          ...ok(
            result.change === "upgrade" ? "Plan upgraded" : "Plan change scheduled for the end of the current period",
          ),
          subscriptionId: result.subscriptionId,
          status: result.status,
          currentPeriodStart: result.currentPeriodStart,
          currentPeriodEnd: result.currentPeriodEnd,
          priceId: result.priceId,
        };
      },
    ),

    previewProration: forMember(
      {
        prorationAmount: null,
        invoiceItems: null,
        upcomingInvoice: null,
        change: null,
        prorationDate: null,
        currentBillingDate: null,
        nextBillingDate: null,
        nextInvoiceAmount: null,
        endsAt: null,
      },
      async (member, args, context) => {
        parseArg(subscriptionIdSchema(), args.subscriptionId);
        parseArg(priceIdSchema(), args.priceId);
        await limit(context, member);
        const quote = await (
          await context.billing()
        ).previewProration(member, { subscriptionId: args.subscriptionId, priceId: args.priceId });
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
      await (await context.billing()).addPaymentMethod(member, args.token);
      return ok("Payment method added", 201);
    }),

    setDefaultPaymentMethod: forMember({}, async (member, args, context) => {
      parseArg(paymentMethodIdSchema("newPaymentMethodId"), args.newPaymentMethodId);
      await limit(context, member);
      await (await context.billing()).setDefaultPaymentMethod(member, args.newPaymentMethodId);
      return ok("Default payment method updated");
    }),
  },
};
