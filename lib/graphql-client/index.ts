/**
 * The site's typed GraphQL client: same-origin POST /graphql with the session cookie. A JSON body makes
 * it a non-simple request, which the API's CSRF prevention requires. Results come back as the
 * contract's { statusCode, message, ... }; a network failure or a masked server error becomes a 503/500
 * result too, so every caller handles exactly one shape.
 */

import type { ResultOf, VariablesOf } from "@graphql-typed-document-node/core";
import { graphql } from "./generated";

export type ApiResult = { statusCode: number; message: string };

// One document per operation; `npm run codegen` types each from the served schema (./generated).
const documents = {
  getUserProfile: graphql(`
    query GetUserProfile {
      getUserProfile {
        statusCode
        message
        user {
          firstName
          lastName
          dob
          phone
          timezone
        }
      }
    }
  `),
  getMySubscriptions: graphql(`
    query GetMySubscriptions {
      getMySubscriptions {
        statusCode
        message
        subscriptionData {
          subscriptionId
          status
          subItemId
          currentPeriodStart
          currentPeriodEnd
          planPriceId
          defaultPaymentMethod
          cancelAt
        }
      }
    }
  `),
  getMyPaymentMethods: graphql(`
    query GetMyPaymentMethods {
      getMyPaymentMethods {
        statusCode
        message
        paymentMethods {
          paymentId
          paymentType
          card {
            brand
            last4
            expMonth
            expYear
          }
          created
          isDefault
        }
      }
    }
  `),
  getTransactionHistory: graphql(`
    query GetTransactionHistory {
      getTransactionHistory {
        statusCode
        message
        history {
          transactionId
          amount
          currency
          created
          status
          description
        }
      }
    }
  `),
  getPlans: graphql(`
    query GetPlans {
      getPlans {
        statusCode
        message
        plans {
          priceId
          productName
          productDescription
          unitAmount
          currency
          interval
        }
      }
    }
  `),
  updateUserProfile: graphql(`
    mutation UpdateUserProfile($request: UpdateUserProfileInput!) {
      updateUserProfile(request: $request) {
        statusCode
        message
        user {
          firstName
          lastName
          dob
          phone
          timezone
        }
      }
    }
  `),
  createSubscriptionCheckoutSession: graphql(`
    mutation CreateSubscriptionCheckoutSession($priceId: String!, $successUrl: String!, $cancelUrl: String!) {
      createSubscriptionCheckoutSession(priceId: $priceId, successUrl: $successUrl, cancelUrl: $cancelUrl) {
        statusCode
        message
        url
      }
    }
  `),
  validateSession: graphql(`
    mutation ValidateSession($checkoutSessionId: String!) {
      validateSession(checkoutSessionId: $checkoutSessionId) {
        statusCode
        message
        valid
        checkoutSessionId
      }
    }
  `),
  cancelSubscription: graphql(`
    mutation CancelSubscription($subscriptionId: String!) {
      cancelSubscription(subscriptionId: $subscriptionId) {
        statusCode
        message
        subscriptionId
        status
      }
    }
  `),
  cancelSubscriptionImmediately: graphql(`
    mutation CancelSubscriptionImmediately($subscriptionId: String!) {
      cancelSubscriptionImmediately(subscriptionId: $subscriptionId) {
        statusCode
        message
        subscriptionId
        status
      }
    }
  `),
  resumeSubscription: graphql(`
    mutation ResumeSubscription($subscriptionId: String!) {
      resumeSubscription(subscriptionId: $subscriptionId) {
        statusCode
        message
        subscriptionId
        status
        cancelAt
      }
    }
  `),
  changeSubscriptionPlan: graphql(`
    mutation ChangeSubscriptionPlan($subscriptionId: String!, $newPriceId: String!, $subItemId: String!) {
      changeSubscriptionPlan(subscriptionId: $subscriptionId, newPriceId: $newPriceId, subItemId: $subItemId) {
        statusCode
        message
        subscriptionId
        status
        currentPeriodStart
        currentPeriodEnd
        priceId
      }
    }
  `),
  previewProration: graphql(`
    mutation PreviewProration($subscriptionId: String!, $priceId: String!) {
      previewProration(subscriptionId: $subscriptionId, priceId: $priceId) {
        statusCode
        message
        prorationAmount
        invoiceItems {
          description
          amount
          currency
          proration
          periodStart
          periodEnd
        }
        upcomingInvoice {
          amountDue
          total
          currency
          periodStart
          periodEnd
        }
        change
        currentBillingDate
        nextBillingDate
        nextInvoiceAmount
        endsAt
      }
    }
  `),
  addNewPaymentMethod: graphql(`
    mutation AddNewPaymentMethod($token: String!) {
      addNewPaymentMethod(token: $token) {
        statusCode
        message
      }
    }
  `),
  setDefaultPaymentMethod: graphql(`
    mutation SetDefaultPaymentMethod($newPaymentMethodId: String!) {
      setDefaultPaymentMethod(newPaymentMethodId: $newPaymentMethodId) {
        statusCode
        message
      }
    }
  `),
};

type Operation = keyof typeof documents;
/** What operation O answers: the field of the same name in its result (each of a union of operations). */
type Result<O extends Operation> = O extends Operation
  ? ResultOf<(typeof documents)[O]>[O & keyof ResultOf<(typeof documents)[O]>]
  : never;

export type ApiSubscription = Result<"getMySubscriptions">["subscriptionData"][number];
export type ApiPaymentMethod = Result<"getMyPaymentMethods">["paymentMethods"][number];
export type ApiTransaction = Result<"getTransactionHistory">["history"][number];
export type ApiPlan = Result<"getPlans">["plans"][number];
export type ApiProfile = NonNullable<Result<"getUserProfile">["user"]>;
/** previewProration: prorationAmount is "due now" (lib/billing/due-now.ts); the lines add up to it. */
export type ApiProrationPreview = Result<"previewProration">;

const UNREACHABLE_MESSAGE = "We could not reach Happr. Check your connection and try again.";
const UNEXPECTED_MESSAGE = "Something went wrong on our side. Please try again.";

/** Runs one operation; never throws (see the file comment). Fields other than statusCode/message may be missing on failure. */
export async function callApi<O extends Operation>(
  operation: O,
  variables: VariablesOf<(typeof documents)[O]> = {} as VariablesOf<(typeof documents)[O]>,
  init: { signal?: AbortSignal } = {},
): Promise<Partial<Result<O>> & ApiResult> {
  type Answer = Partial<Result<O>> & ApiResult;
  let response: Response;
  try {
    response = await fetch("/graphql", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ query: documents[operation].toString(), variables }),
      signal: init.signal,
    });
  } catch {
    return { statusCode: 503, message: UNREACHABLE_MESSAGE } as Answer;
  }
  const body = (await response.json().catch(() => null)) as { data?: Record<string, unknown> | null } | null;
  const result = body?.data?.[operation] as (Result<O> & ApiResult) | undefined;
  if (!result || typeof result.statusCode !== "number")
    return { statusCode: response.status >= 400 ? response.status : 500, message: UNEXPECTED_MESSAGE } as Answer;
  return result;
}

/** 2xx. */
export const succeeded = (result: ApiResult) => result.statusCode >= 200 && result.statusCode < 300;
