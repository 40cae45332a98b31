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
    "\n    query GetUserProfile {\n      getUserProfile {\n        statusCode\n        message\n        user {\n          firstName\n          lastName\n          dob\n          phone\n          timezone\n        }\n      }\n    }\n  ": typeof types.GetUserProfileDocument,
    "\n    query GetMySubscriptions {\n      getMySubscriptions {\n        statusCode\n        message\n        subscriptionData {\n          subscriptionId\n          status\n          subItemId\n          currentPeriodStart\n          currentPeriodEnd\n          planPriceId\n          defaultPaymentMethod\n          cancelAt\n        }\n      }\n    }\n  ": typeof types.GetMySubscriptionsDocument,
    "\n    query GetMyPaymentMethods {\n      getMyPaymentMethods {\n        statusCode\n        message\n        paymentMethods {\n          paymentId\n          paymentType\n          card {\n            brand\n            last4\n            expMonth\n            expYear\n          }\n          created\n          isDefault\n        }\n      }\n    }\n  ": typeof types.GetMyPaymentMethodsDocument,
    "\n    query GetTransactionHistory {\n      getTransactionHistory {\n        statusCode\n        message\n        history {\n          transactionId\n          amount\n          currency\n          created\n          status\n          description\n        }\n      }\n    }\n  ": typeof types.GetTransactionHistoryDocument,
    "\n    query GetPlans {\n      getPlans {\n        statusCode\n        message\n        plans {\n          priceId\n          productName\n          productDescription\n          unitAmount\n          currency\n          interval\n        }\n      }\n    }\n  ": typeof types.GetPlansDocument,
    "\n    mutation UpdateUserProfile($request: UpdateUserProfileInput!) {\n      updateUserProfile(request: $request) {\n        statusCode\n        message\n        user {\n          firstName\n          lastName\n          dob\n          phone\n          timezone\n        }\n      }\n    }\n  ": typeof types.UpdateUserProfileDocument,
    "\n    mutation CreateSubscriptionCheckoutSession($priceId: String!, $successUrl: String!, $cancelUrl: String!) {\n      createSubscriptionCheckoutSession(priceId: $priceId, successUrl: $successUrl, cancelUrl: $cancelUrl) {\n        statusCode\n        message\n        url\n      }\n    }\n  ": typeof types.CreateSubscriptionCheckoutSessionDocument,
    "\n    mutation ValidateSession($checkoutSessionId: String!) {\n      validateSession(checkoutSessionId: $checkoutSessionId) {\n        statusCode\n        message\n        valid\n        checkoutSessionId\n      }\n    }\n  ": typeof types.ValidateSessionDocument,
    "\n    mutation CancelSubscription($subscriptionId: String!) {\n      cancelSubscription(subscriptionId: $subscriptionId) {\n        statusCode\n        message\n        subscriptionId\n        status\n      }\n    }\n  ": typeof types.CancelSubscriptionDocument,
    "\n    mutation CancelSubscriptionImmediately($subscriptionId: String!) {\n      cancelSubscriptionImmediately(subscriptionId: $subscriptionId) {\n        statusCode\n        message\n        subscriptionId\n        status\n      }\n    }\n  ": typeof types.CancelSubscriptionImmediatelyDocument,
    "\n    mutation ResumeSubscription($subscriptionId: String!) {\n      resumeSubscription(subscriptionId: $subscriptionId) {\n        statusCode\n        message\n        subscriptionId\n        status\n        cancelAt\n      }\n    }\n  ": typeof types.ResumeSubscriptionDocument,
    "\n    mutation ChangeSubscriptionPlan($subscriptionId: String!, $newPriceId: String!, $subItemId: String!) {\n      changeSubscriptionPlan(subscriptionId: $subscriptionId, newPriceId: $newPriceId, subItemId: $subItemId) {\n        statusCode\n        message\n        subscriptionId\n        status\n        currentPeriodStart\n        currentPeriodEnd\n        priceId\n      }\n    }\n  ": typeof types.ChangeSubscriptionPlanDocument,
    "\n    mutation PreviewProration($subscriptionId: String!, $priceId: String!) {\n      previewProration(subscriptionId: $subscriptionId, priceId: $priceId) {\n        statusCode\n        message\n        prorationAmount\n        invoiceItems {\n          description\n          amount\n          currency\n          proration\n          periodStart\n          periodEnd\n        }\n        upcomingInvoice {\n          amountDue\n          total\n          currency\n          periodStart\n          periodEnd\n        }\n        change\n        currentBillingDate\n        nextBillingDate\n        nextInvoiceAmount\n        endsAt\n      }\n    }\n  ": typeof types.PreviewProrationDocument,
    "\n    mutation AddNewPaymentMethod($token: String!) {\n      addNewPaymentMethod(token: $token) {\n        statusCode\n        message\n      }\n    }\n  ": typeof types.AddNewPaymentMethodDocument,
    "\n    mutation SetDefaultPaymentMethod($newPaymentMethodId: String!) {\n      setDefaultPaymentMethod(newPaymentMethodId: $newPaymentMethodId) {\n        statusCode\n        message\n      }\n    }\n  ": typeof types.SetDefaultPaymentMethodDocument,
};
const documents: Documents = {
    "\n    query GetUserProfile {\n      getUserProfile {\n        statusCode\n        message\n        user {\n          firstName\n          lastName\n          dob\n          phone\n          timezone\n        }\n      }\n    }\n  ": types.GetUserProfileDocument,
    "\n    query GetMySubscriptions {\n      getMySubscriptions {\n        statusCode\n        message\n        subscriptionData {\n          subscriptionId\n          status\n          subItemId\n          currentPeriodStart\n          currentPeriodEnd\n          planPriceId\n          defaultPaymentMethod\n          cancelAt\n        }\n      }\n    }\n  ": types.GetMySubscriptionsDocument,
    "\n    query GetMyPaymentMethods {\n      getMyPaymentMethods {\n        statusCode\n        message\n        paymentMethods {\n          paymentId\n          paymentType\n          card {\n            brand\n            last4\n            expMonth\n            expYear\n          }\n          created\n          isDefault\n        }\n      }\n    }\n  ": types.GetMyPaymentMethodsDocument,
    "\n    query GetTransactionHistory {\n      getTransactionHistory {\n        statusCode\n        message\n        history {\n          transactionId\n          amount\n          currency\n          created\n          status\n          description\n        }\n      }\n    }\n  ": types.GetTransactionHistoryDocument,
    "\n    query GetPlans {\n      getPlans {\n        statusCode\n        message\n        plans {\n          priceId\n          productName\n          productDescription\n          unitAmount\n          currency\n          interval\n        }\n      }\n    }\n  ": types.GetPlansDocument,
    "\n    mutation UpdateUserProfile($request: UpdateUserProfileInput!) {\n      updateUserProfile(request: $request) {\n        statusCode\n        message\n        user {\n          firstName\n          lastName\n          dob\n          phone\n          timezone\n        }\n      }\n    }\n  ": types.UpdateUserProfileDocument,
    "\n    mutation CreateSubscriptionCheckoutSession($priceId: String!, $successUrl: String!, $cancelUrl: String!) {\n      createSubscriptionCheckoutSession(priceId: $priceId, successUrl: $successUrl, cancelUrl: $cancelUrl) {\n        statusCode\n        message\n        url\n      }\n    }\n  ": types.CreateSubscriptionCheckoutSessionDocument,
    "\n    mutation ValidateSession($checkoutSessionId: String!) {\n      validateSession(checkoutSessionId: $checkoutSessionId) {\n        statusCode\n        message\n        valid\n        checkoutSessionId\n      }\n    }\n  ": types.ValidateSessionDocument,
    "\n    mutation CancelSubscription($subscriptionId: String!) {\n      cancelSubscription(subscriptionId: $subscriptionId) {\n        statusCode\n        message\n        subscriptionId\n        status\n      }\n    }\n  ": types.CancelSubscriptionDocument,
    "\n    mutation CancelSubscriptionImmediately($subscriptionId: String!) {\n      cancelSubscriptionImmediately(subscriptionId: $subscriptionId) {\n        statusCode\n        message\n        subscriptionId\n        status\n      }\n    }\n  ": types.CancelSubscriptionImmediatelyDocument,
    "\n    mutation ResumeSubscription($subscriptionId: String!) {\n      resumeSubscription(subscriptionId: $subscriptionId) {\n        statusCode\n        message\n        subscriptionId\n        status\n        cancelAt\n      }\n    }\n  ": types.ResumeSubscriptionDocument,
    "\n    mutation ChangeSubscriptionPlan($subscriptionId: String!, $newPriceId: String!, $subItemId: String!) {\n      changeSubscriptionPlan(subscriptionId: $subscriptionId, newPriceId: $newPriceId, subItemId: $subItemId) {\n        statusCode\n        message\n        subscriptionId\n        status\n        currentPeriodStart\n        currentPeriodEnd\n        priceId\n      }\n    }\n  ": types.ChangeSubscriptionPlanDocument,
    "\n    mutation PreviewProration($subscriptionId: String!, $priceId: String!) {\n      previewProration(subscriptionId: $subscriptionId, priceId: $priceId) {\n        statusCode\n        message\n        prorationAmount\n        invoiceItems {\n          description\n          amount\n          currency\n          proration\n          periodStart\n          periodEnd\n        }\n        upcomingInvoice {\n          amountDue\n          total\n          currency\n          periodStart\n          periodEnd\n        }\n        change\n        currentBillingDate\n        nextBillingDate\n        nextInvoiceAmount\n        endsAt\n      }\n    }\n  ": types.PreviewProrationDocument,
    "\n    mutation AddNewPaymentMethod($token: String!) {\n      addNewPaymentMethod(token: $token) {\n        statusCode\n        message\n      }\n    }\n  ": types.AddNewPaymentMethodDocument,
    "\n    mutation SetDefaultPaymentMethod($newPaymentMethodId: String!) {\n      setDefaultPaymentMethod(newPaymentMethodId: $newPaymentMethodId) {\n        statusCode\n        message\n      }\n    }\n  ": types.SetDefaultPaymentMethodDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query GetUserProfile {\n      getUserProfile {\n        statusCode\n        message\n        user {\n          firstName\n          lastName\n          dob\n          phone\n          timezone\n        }\n      }\n    }\n  "): typeof import('./graphql').GetUserProfileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query GetMySubscriptions {\n      getMySubscriptions {\n        statusCode\n        message\n        subscriptionData {\n          subscriptionId\n          status\n          subItemId\n          currentPeriodStart\n          currentPeriodEnd\n          planPriceId\n          defaultPaymentMethod\n          cancelAt\n        }\n      }\n    }\n  "): typeof import('./graphql').GetMySubscriptionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query GetMyPaymentMethods {\n      getMyPaymentMethods {\n        statusCode\n        message\n        paymentMethods {\n          paymentId\n          paymentType\n          card {\n            brand\n            last4\n            expMonth\n            expYear\n          }\n          created\n          isDefault\n        }\n      }\n    }\n  "): typeof import('./graphql').GetMyPaymentMethodsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query GetTransactionHistory {\n      getTransactionHistory {\n        statusCode\n        message\n        history {\n          transactionId\n          amount\n          currency\n          created\n          status\n          description\n        }\n      }\n    }\n  "): typeof import('./graphql').GetTransactionHistoryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    query GetPlans {\n      getPlans {\n        statusCode\n        message\n        plans {\n          priceId\n          productName\n          productDescription\n          unitAmount\n          currency\n          interval\n        }\n      }\n    }\n  "): typeof import('./graphql').GetPlansDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation UpdateUserProfile($request: UpdateUserProfileInput!) {\n      updateUserProfile(request: $request) {\n        statusCode\n        message\n        user {\n          firstName\n          lastName\n          dob\n          phone\n          timezone\n        }\n      }\n    }\n  "): typeof import('./graphql').UpdateUserProfileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation CreateSubscriptionCheckoutSession($priceId: String!, $successUrl: String!, $cancelUrl: String!) {\n      createSubscriptionCheckoutSession(priceId: $priceId, successUrl: $successUrl, cancelUrl: $cancelUrl) {\n        statusCode\n        message\n        url\n      }\n    }\n  "): typeof import('./graphql').CreateSubscriptionCheckoutSessionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ValidateSession($checkoutSessionId: String!) {\n      validateSession(checkoutSessionId: $checkoutSessionId) {\n        statusCode\n        message\n        valid\n        checkoutSessionId\n      }\n    }\n  "): typeof import('./graphql').ValidateSessionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation CancelSubscription($subscriptionId: String!) {\n      cancelSubscription(subscriptionId: $subscriptionId) {\n        statusCode\n        message\n        subscriptionId\n        status\n      }\n    }\n  "): typeof import('./graphql').CancelSubscriptionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation CancelSubscriptionImmediately($subscriptionId: String!) {\n      cancelSubscriptionImmediately(subscriptionId: $subscriptionId) {\n        statusCode\n        message\n        subscriptionId\n        status\n      }\n    }\n  "): typeof import('./graphql').CancelSubscriptionImmediatelyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ResumeSubscription($subscriptionId: String!) {\n      resumeSubscription(subscriptionId: $subscriptionId) {\n        statusCode\n        message\n        subscriptionId\n        status\n        cancelAt\n      }\n    }\n  "): typeof import('./graphql').ResumeSubscriptionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ChangeSubscriptionPlan($subscriptionId: String!, $newPriceId: String!, $subItemId: String!) {\n      changeSubscriptionPlan(subscriptionId: $subscriptionId, newPriceId: $newPriceId, subItemId: $subItemId) {\n        statusCode\n        message\n        subscriptionId\n        status\n        currentPeriodStart\n        currentPeriodEnd\n        priceId\n      }\n    }\n  "): typeof import('./graphql').ChangeSubscriptionPlanDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation PreviewProration($subscriptionId: String!, $priceId: String!) {\n      previewProration(subscriptionId: $subscriptionId, priceId: $priceId) {\n        statusCode\n        message\n        prorationAmount\n        invoiceItems {\n          description\n          amount\n          currency\n          proration\n          periodStart\n          periodEnd\n        }\n        upcomingInvoice {\n          amountDue\n          total\n          currency\n          periodStart\n          periodEnd\n        }\n        change\n        currentBillingDate\n        nextBillingDate\n        nextInvoiceAmount\n        endsAt\n      }\n    }\n  "): typeof import('./graphql').PreviewProrationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation AddNewPaymentMethod($token: String!) {\n      addNewPaymentMethod(token: $token) {\n        statusCode\n        message\n      }\n    }\n  "): typeof import('./graphql').AddNewPaymentMethodDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation SetDefaultPaymentMethod($newPaymentMethodId: String!) {\n      setDefaultPaymentMethod(newPaymentMethodId: $newPaymentMethodId) {\n        statusCode\n        message\n      }\n    }\n  "): typeof import('./graphql').SetDefaultPaymentMethodDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
