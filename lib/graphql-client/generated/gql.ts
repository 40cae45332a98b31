/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "query GetUserProfile { getUserProfile { statusCode message user { firstName lastName dob phone timezone } } }": typeof types.GetUserProfileDocument,
    "\n    query GetMySubscriptions {\n      getMySubscriptions { statusCode message subscriptionData { subscriptionId status subItemId currentPeriodStart currentPeriodEnd planPriceId defaultPaymentMethod cancelAt } }\n    }\n  ": typeof types.GetMySubscriptionsDocument,
    "\n    query GetMyPaymentMethods {\n      getMyPaymentMethods { statusCode message paymentMethods { paymentId paymentType card { brand last4 expMonth expYear } created isDefault } }\n    }\n  ": typeof types.GetMyPaymentMethodsDocument,
    "\n    query GetTransactionHistory { getTransactionHistory { statusCode message history { transactionId amount currency created status description } } }\n  ": typeof types.GetTransactionHistoryDocument,
    "query GetPlans { getPlans { statusCode message plans { priceId productName productDescription unitAmount currency interval } } }": typeof types.GetPlansDocument,
    "\n    mutation UpdateUserProfile($request: UpdateUserProfileInput!) {\n      updateUserProfile(request: $request) { statusCode message user { firstName lastName dob phone timezone } }\n    }\n  ": typeof types.UpdateUserProfileDocument,
    "\n    mutation CreateSubscriptionCheckoutSession($priceId: String!, $successUrl: String!, $cancelUrl: String!) {\n      createSubscriptionCheckoutSession(priceId: $priceId, successUrl: $successUrl, cancelUrl: $cancelUrl) { statusCode message url }\n    }\n  ": typeof types.CreateSubscriptionCheckoutSessionDocument,
    "\n    mutation ValidateSession($checkoutSessionId: String!) { validateSession(checkoutSessionId: $checkoutSessionId) { statusCode message valid checkoutSessionId } }\n  ": typeof types.ValidateSessionDocument,
    "\n    mutation CancelSubscription($subscriptionId: String!) { cancelSubscription(subscriptionId: $subscriptionId) { statusCode message subscriptionId status } }\n  ": typeof types.CancelSubscriptionDocument,
    "\n    mutation CancelSubscriptionImmediately($subscriptionId: String!) {\n      cancelSubscriptionImmediately(subscriptionId: $subscriptionId) { statusCode message subscriptionId status }\n    }\n  ": typeof types.CancelSubscriptionImmediatelyDocument,
    "\n    mutation ResumeSubscription($subscriptionId: String!) { resumeSubscription(subscriptionId: $subscriptionId) { statusCode message subscriptionId status cancelAt } }\n  ": typeof types.ResumeSubscriptionDocument,
    "\n    mutation ChangeSubscriptionPlan($subscriptionId: String!, $newPriceId: String!, $subItemId: String!) {\n      changeSubscriptionPlan(subscriptionId: $subscriptionId, newPriceId: $newPriceId, subItemId: $subItemId) {\n        statusCode message subscriptionId status currentPeriodStart currentPeriodEnd priceId\n      }\n    }\n  ": typeof types.ChangeSubscriptionPlanDocument,
    "\n    mutation PreviewProration($subscriptionId: String!, $priceId: String!) {\n      previewProration(subscriptionId: $subscriptionId, priceId: $priceId) {\n        statusCode message prorationAmount\n        invoiceItems { description amount currency proration periodStart periodEnd }\n        upcomingInvoice { amountDue total currency periodStart periodEnd }\n        change currentBillingDate nextBillingDate nextInvoiceAmount endsAt\n      }\n    }\n  ": typeof types.PreviewProrationDocument,
    "mutation AddNewPaymentMethod($token: String!) { addNewPaymentMethod(token: $token) { statusCode message } }": typeof types.AddNewPaymentMethodDocument,
    "\n    mutation SetDefaultPaymentMethod($newPaymentMethodId: String!) { setDefaultPaymentMethod(newPaymentMethodId: $newPaymentMethodId) { statusCode message } }\n  ": typeof types.SetDefaultPaymentMethodDocument,
};
const documents: Documents = {
    "query GetUserProfile { getUserProfile { statusCode message user { firstName lastName dob phone timezone } } }": types.GetUserProfileDocument,
    "\n    query GetMySubscriptions {\n      getMySubscriptions { statusCode message subscriptionData { subscriptionId status subItemId currentPeriodStart currentPeriodEnd planPriceId defaultPaymentMethod cancelAt } }\n    }\n  ": types.GetMySubscriptionsDocument,
    "\n    query GetMyPaymentMethods {\n      getMyPaymentMethods { statusCode message paymentMethods { paymentId paymentType card { brand last4 expMonth expYear } created isDefault } }\n    }\n  ": types.GetMyPaymentMethodsDocument,
    "\n    query GetTransactionHistory { getTransactionHistory { statusCode message history { transactionId amount currency created status description } } }\n  ": types.GetTransactionHistoryDocument,
    "query GetPlans { getPlans { statusCode message plans { priceId productName productDescription unitAmount currency interval } } }": types.GetPlansDocument,
    "\n    mutation UpdateUserProfile($request: UpdateUserProfileInput!) {\n      updateUserProfile(request: $request) { statusCode message user { firstName lastName dob phone timezone } }\n    }\n  ": types.UpdateUserProfileDocument,
    "\n    mutation CreateSubscriptionCheckoutSession($priceId: String!, $successUrl: String!, $cancelUrl: String!) {\n      createSubscriptionCheckoutSession(priceId: $priceId, successUrl: $successUrl, cancelUrl: $cancelUrl) { statusCode message url }\n    }\n  ": types.CreateSubscriptionCheckoutSessionDocument,
    "\n    mutation ValidateSession($checkoutSessionId: String!) { validateSession(checkoutSessionId: $checkoutSessionId) { statusCode message valid checkoutSessionId } }\n  ": types.ValidateSessionDocument,
    "\n    mutation CancelSubscription($subscriptionId: String!) { cancelSubscription(subscriptionId: $subscriptionId) { statusCode message subscriptionId status } }\n  ": types.CancelSubscriptionDocument,
    "\n    mutation CancelSubscriptionImmediately($subscriptionId: String!) {\n      cancelSubscriptionImmediately(subscriptionId: $subscriptionId) { statusCode message subscriptionId status }\n    }\n  ": types.CancelSubscriptionImmediatelyDocument,
    "\n    mutation ResumeSubscription($subscriptionId: String!) { resumeSubscription(subscriptionId: $subscriptionId) { statusCode message subscriptionId status cancelAt } }\n  ": types.ResumeSubscriptionDocument,
    "\n    mutation ChangeSubscriptionPlan($subscriptionId: String!, $newPriceId: String!, $subItemId: String!) {\n      changeSubscriptionPlan(subscriptionId: $subscriptionId, newPriceId: $newPriceId, subItemId: $subItemId) {\n        statusCode message subscriptionId status currentPeriodStart currentPeriodEnd priceId\n      }\n    }\n  ": types.ChangeSubscriptionPlanDocument,
    "\n    mutation PreviewProration($subscriptionId: String!, $priceId: String!) {\n      previewProration(subscriptionId: $subscriptionId, priceId: $priceId) {\n        statusCode message prorationAmount\n        invoiceItems { description amount currency proration periodStart periodEnd }\n        upcomingInvoice { amountDue total currency periodStart periodEnd }\n        change currentBillingDate nextBillingDate nextInvoiceAmount endsAt\n      }\n    }\n  ": types.PreviewProrationDocument,
    "mutation AddNewPaymentMethod($token: String!) { addNewPaymentMethod(token: $token) { statusCode message } }": types.AddNewPaymentMethodDocument,
    "\n    mutation SetDefaultPaymentMethod($newPaymentMethodId: String!) { setDefaultPaymentMethod(newPaymentMethodId: $newPaymentMethodId) { statusCode message } }\n  ": types.SetDefaultPaymentMethodDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetUserProfile { getUserProfile { statusCode message user { firstName lastName dob phone timezone } } }"): typeof import('./graphql').GetUserProfileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query GetMySubscriptions {\n      getMySubscriptions { statusCode message subscriptionData { subscriptionId status subItemId currentPeriodStart currentPeriodEnd planPriceId defaultPaymentMethod cancelAt } }\n    }\n  "): typeof import('./graphql').GetMySubscriptionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query GetMyPaymentMethods {\n      getMyPaymentMethods { statusCode message paymentMethods { paymentId paymentType card { brand last4 expMonth expYear } created isDefault } }\n    }\n  "): typeof import('./graphql').GetMyPaymentMethodsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query GetTransactionHistory { getTransactionHistory { statusCode message history { transactionId amount currency created status description } } }\n  "): typeof import('./graphql').GetTransactionHistoryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GetPlans { getPlans { statusCode message plans { priceId productName productDescription unitAmount currency interval } } }"): typeof import('./graphql').GetPlansDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation UpdateUserProfile($request: UpdateUserProfileInput!) {\n      updateUserProfile(request: $request) { statusCode message user { firstName lastName dob phone timezone } }\n    }\n  "): typeof import('./graphql').UpdateUserProfileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation CreateSubscriptionCheckoutSession($priceId: String!, $successUrl: String!, $cancelUrl: String!) {\n      createSubscriptionCheckoutSession(priceId: $priceId, successUrl: $successUrl, cancelUrl: $cancelUrl) { statusCode message url }\n    }\n  "): typeof import('./graphql').CreateSubscriptionCheckoutSessionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ValidateSession($checkoutSessionId: String!) { validateSession(checkoutSessionId: $checkoutSessionId) { statusCode message valid checkoutSessionId } }\n  "): typeof import('./graphql').ValidateSessionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation CancelSubscription($subscriptionId: String!) { cancelSubscription(subscriptionId: $subscriptionId) { statusCode message subscriptionId status } }\n  "): typeof import('./graphql').CancelSubscriptionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation CancelSubscriptionImmediately($subscriptionId: String!) {\n      cancelSubscriptionImmediately(subscriptionId: $subscriptionId) { statusCode message subscriptionId status }\n    }\n  "): typeof import('./graphql').CancelSubscriptionImmediatelyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ResumeSubscription($subscriptionId: String!) { resumeSubscription(subscriptionId: $subscriptionId) { statusCode message subscriptionId status cancelAt } }\n  "): typeof import('./graphql').ResumeSubscriptionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ChangeSubscriptionPlan($subscriptionId: String!, $newPriceId: String!, $subItemId: String!) {\n      changeSubscriptionPlan(subscriptionId: $subscriptionId, newPriceId: $newPriceId, subItemId: $subItemId) {\n        statusCode message subscriptionId status currentPeriodStart currentPeriodEnd priceId\n      }\n    }\n  "): typeof import('./graphql').ChangeSubscriptionPlanDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation PreviewProration($subscriptionId: String!, $priceId: String!) {\n      previewProration(subscriptionId: $subscriptionId, priceId: $priceId) {\n        statusCode message prorationAmount\n        invoiceItems { description amount currency proration periodStart periodEnd }\n        upcomingInvoice { amountDue total currency periodStart periodEnd }\n        change currentBillingDate nextBillingDate nextInvoiceAmount endsAt\n      }\n    }\n  "): typeof import('./graphql').PreviewProrationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation AddNewPaymentMethod($token: String!) { addNewPaymentMethod(token: $token) { statusCode message } }"): typeof import('./graphql').AddNewPaymentMethodDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation SetDefaultPaymentMethod($newPaymentMethodId: String!) { setDefaultPaymentMethod(newPaymentMethodId: $newPaymentMethodId) { statusCode message } }\n  "): typeof import('./graphql').SetDefaultPaymentMethodDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
