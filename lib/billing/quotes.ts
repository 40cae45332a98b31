import { and, eq, lt } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import * as t from "@/lib/db/schema";
import { conflict } from "./errors";

/**
 * The proration date of the last plan-change preview each member saw, per subscription and price.
 * Confirming within QUOTE_LIFETIME_SECONDS reuses it, so the change invoices the figure shown to the
 * cent; an older figure is refused rather than silently replaced (a stale date would also credit
 * time already used).
 */
export const QUOTE_LIFETIME_SECONDS = 30 * 60;

export const QUOTE_EXPIRED_MESSAGE =
  "The amount shown for this change is out of date: review the change again to see what is due now.";

type QuoteKey = { memberId: string; subscriptionId: string; priceId: string };

export async function recordQuote(key: QuoteKey, quote: { prorationDate: number; dueNow: number }): Promise<void> {
  const db = await getDb();
  await db
    .insert(t.billingPlanChangeQuotes)
    .values({ ...key, ...quote })
    .onConflictDoUpdate({
      target: [
        t.billingPlanChangeQuotes.memberId,
        t.billingPlanChangeQuotes.subscriptionId,
        t.billingPlanChangeQuotes.priceId,
      ],
      set: { ...quote, createdAt: new Date() },
    });
}

/**
 * The proration date to confirm a change with: the quoted one while it is fresh and inside the
 * current period; now when the member never previewed (nothing was shown); 409 when the quote is stale.
 */
export async function prorationDateFor(key: QuoteKey, at: { now: number; periodStart: number }): Promise<number> {
  const db = await getDb();
  const [quote] = await db
    .select()
    .from(t.billingPlanChangeQuotes)
    .where(
      and(
        eq(t.billingPlanChangeQuotes.memberId, key.memberId),
        eq(t.billingPlanChangeQuotes.subscriptionId, key.subscriptionId),
        eq(t.billingPlanChangeQuotes.priceId, key.priceId),
      ),
    );
  if (!quote) return at.now;
  const fresh =
    quote.prorationDate <= at.now &&
    at.now - quote.prorationDate <= QUOTE_LIFETIME_SECONDS &&
    quote.prorationDate >= at.periodStart;
  if (!fresh) throw conflict(QUOTE_EXPIRED_MESSAGE);
  return quote.prorationDate;
}

/** Once a subscription has changed its quotes are history; expired ones of the member go too. */
export async function forgetQuotes(memberId: string, subscriptionId: string): Promise<void> {
  const db = await getDb();
  await db
    .delete(t.billingPlanChangeQuotes)
    .where(
      and(
        eq(t.billingPlanChangeQuotes.memberId, memberId),
        eq(t.billingPlanChangeQuotes.subscriptionId, subscriptionId),
      ),
    );
  await db
    .delete(t.billingPlanChangeQuotes)
    .where(
      and(
        eq(t.billingPlanChangeQuotes.memberId, memberId),
        lt(t.billingPlanChangeQuotes.createdAt, new Date(Date.now() - 24 * 3600_000)),
      ),
    );
}
