/**
 * The site's typed GraphQL client: same-origin POST /graphql with the session cookie. A JSON body makes
 * it a non-simple request, which the API's CSRF prevention requires. Results come back as the
 * contract's { statusCode, message, ... }; a network failure or a masked server error becomes a 503/500
 * result too, so every caller handles exactly one shape.
 */

export type ApiResult = { statusCode: number; message: string };

export type ApiSubscription = {
  subscriptionId: string;
  status: string;
  subItemId: string;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  planPriceId: string;
  defaultPaymentMethod: string | null;
  cancelAt: number | null;
};

export type ApiPaymentMethod = {
  paymentId: string;
  paymentType: string;
  card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
  created: number;
  isDefault: boolean;
};

export type ApiTransaction = { transactionId: string; amount: number; currency: string; created: number; status: string; description: string | null };

export type ApiPlan = { priceId: string; productName: string; productDescription: string | null; unitAmount: number; currency: string; interval: string };

export type ApiProfile = { firstName: string | null; lastName: string | null; dob: string | null; phone: string | null; timezone: string | null };

export type ApiInvoiceLine = { description: string | null; amount: number; currency: string; proration: boolean; periodStart: number | null; periodEnd: number | null };

/** previewProration: prorationAmount is "due now" (lib/billing/due-now.ts); the lines add up to it. */
export type ApiProrationPreview = ApiResult & {
  prorationAmount: number | null;
  invoiceItems: ApiInvoiceLine[] | null;
  upcomingInvoice: { amountDue: number; total: number; currency: string; periodStart: number | null; periodEnd: number | null } | null;
  change: "upgrade" | "downgrade" | null;
  currentBillingDate: number | null;
  nextBillingDate: number | null;
  nextInvoiceAmount: number | null;
  endsAt: number | null;
};

const SUBSCRIPTION_FIELDS = "subscriptionId status subItemId currentPeriodStart currentPeriodEnd planPriceId defaultPaymentMethod cancelAt";

const documents = {
  getUserProfile: `query { getUserProfile { statusCode message user { firstName lastName dob phone timezone } } }`,
  getMySubscriptions: `query { getMySubscriptions { statusCode message subscriptionData { ${SUBSCRIPTION_FIELDS} } } }`,
  getMyPaymentMethods: `query { getMyPaymentMethods { statusCode message paymentMethods { paymentId paymentType card { brand last4 expMonth expYear } created isDefault } } }`,
  getTransactionHistory: `query { getTransactionHistory { statusCode message history { transactionId amount currency created status description } } }`,
  getPlans: `query { getPlans { statusCode message plans { priceId productName productDescription unitAmount currency interval } } }`,
  updateUserProfile: `mutation($request: UpdateUserProfileInput!) { updateUserProfile(request: $request) { statusCode message user { firstName lastName dob phone timezone } } }`,
  createSubscriptionCheckoutSession: `mutation($priceId: String!, $successUrl: String!, $cancelUrl: String!) { createSubscriptionCheckoutSession(priceId: $priceId, successUrl: $successUrl, cancelUrl: $cancelUrl) { statusCode message url } }`,
  validateSession: `mutation($checkoutSessionId: String!) { validateSession(checkoutSessionId: $checkoutSessionId) { statusCode message valid checkoutSessionId } }`,
  cancelSubscription: `mutation($subscriptionId: String!) { cancelSubscription(subscriptionId: $subscriptionId) { statusCode message subscriptionId status } }`,
  cancelSubscriptionImmediately: `mutation($subscriptionId: String!) { cancelSubscriptionImmediately(subscriptionId: $subscriptionId) { statusCode message subscriptionId status } }`,
  resumeSubscription: `mutation($subscriptionId: String!) { resumeSubscription(subscriptionId: $subscriptionId) { statusCode message subscriptionId status cancelAt } }`,
  changeSubscriptionPlan: `mutation($subscriptionId: String!, $newPriceId: String!, $subItemId: String!) { changeSubscriptionPlan(subscriptionId: $subscriptionId, newPriceId: $newPriceId, subItemId: $subItemId) { statusCode message subscriptionId status currentPeriodStart currentPeriodEnd priceId } }`,
  previewProration: `mutation($subscriptionId: String!, $priceId: String!) { previewProration(subscriptionId: $subscriptionId, priceId: $priceId) { statusCode message prorationAmount invoiceItems { description amount currency proration periodStart periodEnd } upcomingInvoice { amountDue total currency periodStart periodEnd } change currentBillingDate nextBillingDate nextInvoiceAmount endsAt } }`,
  addNewPaymentMethod: `mutation($token: String!) { addNewPaymentMethod(token: $token) { statusCode message } }`,
  setDefaultPaymentMethod: `mutation($newPaymentMethodId: String!) { setDefaultPaymentMethod(newPaymentMethodId: $newPaymentMethodId) { statusCode message } }`,
} as const;

type Operation = keyof typeof documents;

type Results = {
  getUserProfile: ApiResult & { user: ApiProfile | null };
  getMySubscriptions: ApiResult & { subscriptionData: ApiSubscription[] };
  getMyPaymentMethods: ApiResult & { paymentMethods: ApiPaymentMethod[] };
  getTransactionHistory: ApiResult & { history: ApiTransaction[] };
  getPlans: ApiResult & { plans: ApiPlan[] };
  updateUserProfile: ApiResult & { user: ApiProfile | null };
  createSubscriptionCheckoutSession: ApiResult & { url: string | null };
  validateSession: ApiResult & { valid: boolean; checkoutSessionId: string | null };
  cancelSubscription: ApiResult & { subscriptionId: string | null; status: string | null };
  cancelSubscriptionImmediately: ApiResult & { subscriptionId: string | null; status: string | null };
  resumeSubscription: ApiResult & { subscriptionId: string | null; status: string | null; cancelAt: number | null };
  changeSubscriptionPlan: ApiResult & { subscriptionId: string | null; status: string | null; currentPeriodStart: number | null; currentPeriodEnd: number | null; priceId: string | null };
  previewProration: ApiProrationPreview;
  addNewPaymentMethod: ApiResult;
  setDefaultPaymentMethod: ApiResult;
};

export const UNREACHABLE_MESSAGE = "We could not reach Happr. Check your connection and try again.";
export const UNEXPECTED_MESSAGE = "Something went wrong on our side. Please try again.";

/** Runs one operation; never throws (see the file comment). Fields other than statusCode/message may be missing on failure. */
export async function callApi<O extends Operation>(operation: O, variables: Record<string, unknown> = {}, init: { signal?: AbortSignal } = {}): Promise<Partial<Results[O]> & ApiResult> {
  type Answer = Partial<Results[O]> & ApiResult;
  let response: Response;
  try {
    response = await fetch("/graphql", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ query: documents[operation], variables }),
      signal: init.signal,
    });
  } catch {
    return { statusCode: 503, message: UNREACHABLE_MESSAGE } as Answer;
  }
  const body = (await response.json().catch(() => null)) as { data?: Record<string, unknown> | null } | null;
  const result = body?.data?.[operation] as (Results[O] & ApiResult) | undefined;
  if (!result || typeof result.statusCode !== "number") return { statusCode: response.status >= 400 ? response.status : 500, message: UNEXPECTED_MESSAGE } as Answer;
  return result;
}

/** 2xx. */
export const succeeded = (result: ApiResult) => result.statusCode >= 200 && result.statusCode < 300;
