import { expect, type Page } from "@playwright/test";

/** Calls the GraphQL API as the page's signed-in member (the site's session cookie). */
export async function graphql<T = Record<string, any>>(
  page: Page,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await page.request.post("/graphql", {
    data: { query, variables },
    headers: { "content-type": "application/json" },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: Record<string, T> };
  return Object.values(body.data)[0]!;
}

/**
 * Subscribes the signed-in member the way the site does: a checkout session from the API, the
 * sandbox's hosted card page with Stripe's 4242 test card, then validateSession on the way back.
 */
export async function subscribe(
  page: Page,
  plan: { name: "Happr Family" | "Happr Individual"; interval: "month" | "year" },
) {
  const { plans } = await graphql<{ plans: { priceId: string; productName: string; interval: string }[] }>(
    page,
    "query { getPlans { plans { priceId productName interval } } }",
  );
  const price = plans.find((p) => p.productName === plan.name && p.interval === plan.interval);
  expect(price, `${plan.name} per ${plan.interval}`).toBeTruthy();
  const origin = new URL(page.url()).origin;
  const checkout = await graphql<{ statusCode: number; url: string }>(
    page,
    "mutation($priceId: String!, $successUrl: String!, $cancelUrl: String!) { createSubscriptionCheckoutSession(priceId: $priceId, successUrl: $successUrl, cancelUrl: $cancelUrl) { statusCode message url } }",
    { priceId: price!.priceId, successUrl: `${origin}/my-account`, cancelUrl: `${origin}/my-account` },
  );
  expect(checkout.statusCode).toBe(201);
  await page.goto(checkout.url);
  await page.getByLabel(/^Card number/).fill("4242 4242 4242 4242");
  await page.getByLabel(/^Expiry/).fill("12 / 34");
  await page.getByLabel(/^CVC/).fill("123");
  await page.getByLabel(/^Name on card/).fill("Ada Lovelace");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/my-account\?session_id=cs_/);
  const sessionId = new URL(page.url()).searchParams.get("session_id")!;
  const validated = await graphql<{ valid: boolean }>(
    page,
    "mutation($id: String!) { validateSession(checkoutSessionId: $id) { statusCode message valid } }",
    { id: sessionId },
  );
  expect(validated.valid).toBe(true);
  await page.goto("/my-account");
}

const AREAS = ["201", "202", "212", "213", "305", "312", "415", "617", "646", "702", "718", "808"];

/** A fictional US number (555-01xx) per test, so parallel runs seldom meet (codes are read after a count anyway). */
export function uniquePhone(): string {
  const area = AREAS[Math.floor(Math.random() * AREAS.length)]!;
  return `+1${area}55501${String(Math.floor(Math.random() * 100)).padStart(2, "0")}`;
}
