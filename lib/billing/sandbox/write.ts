import { eq, sql } from "drizzle-orm";
import * as t from "@/lib/db/schema";
import { invalid } from "../errors";
import type { InvoiceLine } from "../port";
import { declineMessages, type CardOutcome } from "./cards";
import { newId } from "./ids";
import type { Tx } from "../db-types";

/** The sandbox's write primitives: events, idempotency, invoices and charges. */

export async function emitEvent(tx: Tx, type: string, objectId: string, customerId: string | null, created: number) {
  await tx.insert(t.billingSandboxEvents).values({ id: newId("evt"), type, objectId, customerId, created });
}

/**
 * Runs a money-changing operation once per idempotency key, inside the caller's transaction: the
 * key is locked (advisory, per key) so concurrent retries wait, and the first result is stored and
 * returned to every later request with the same key. Reusing a key for another operation is a 400,
 * as Stripe answers.
 */
export async function onceForKey<T>(tx: Tx, key: string, operation: string, run: () => Promise<T>): Promise<T> {
  if (!key) throw invalid("idempotencyKey is required");
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  const [stored] = await tx.select().from(t.billingSandboxIdempotency).where(eq(t.billingSandboxIdempotency.key, key));
  if (stored) {
    if (stored.operation !== operation)
      throw invalid("Keys for idempotent requests can only be used for the same request");
    return stored.response as T;
  }
  const result = await run();
  await tx.insert(t.billingSandboxIdempotency).values({ key, operation, response: result as object });
  return result;
}

export type NewInvoice = {
  customerId: string;
  subscriptionId: string | null;
  billingReason: "subscription_create" | "subscription_cycle" | "subscription_update";
  lines: InvoiceLine[];
  periodStart: number;
  periodEnd: number;
  description: string | null;
  now: number;
};

export type PaymentOutcome = { invoiceId: string; paid: boolean; failureMessage: string | null };

/**
 * What an invoice of `total` asks for, given the customer's balance (Stripe's rule): a credit
 * (negative balance) is used first; a negative total leaves a credit for the next invoices.
 */
export function applyBalance(total: number, startingBalance: number) {
  const applied = total + startingBalance;
  return { amountDue: Math.max(0, applied), endingBalance: Math.min(0, applied) };
}

export async function customerBalance(tx: Tx, customerId: string, lock = false): Promise<number> {
  const query = tx
    .select({ balance: t.billingSandboxCustomers.balance })
    .from(t.billingSandboxCustomers)
    .where(eq(t.billingSandboxCustomers.id, customerId));
  const [row] = lock ? await query.for("update") : await query;
  return row?.balance ?? 0;
}

/**
 * Creates a finalized invoice and tries to collect it from the payment method right away
 * (charge_automatically). The customer's balance is applied first; nothing left to pay is paid
 * without a charge, and a negative total becomes a credit on the balance.
 */
export async function invoiceAndCharge(
  tx: Tx,
  invoice: NewInvoice,
  card: { id: string; outcome: CardOutcome } | null,
): Promise<PaymentOutcome> {
  const invoiceId = newId("in");
  const total = invoice.lines.reduce((sum, line) => sum + line.amount, 0);
  const startingBalance = await customerBalance(tx, invoice.customerId, true);
  const { amountDue, endingBalance } = applyBalance(total, startingBalance);
  if (endingBalance !== startingBalance) {
    await tx
      .update(t.billingSandboxCustomers)
      .set({ balance: endingBalance })
      .where(eq(t.billingSandboxCustomers.id, invoice.customerId));
  }
  const currency = invoice.lines[0]?.currency ?? "usd";
  let paid = amountDue === 0;
  let failureMessage: string | null = null;

  if (amountDue > 0) {
    const chargeStatus = card?.outcome === "succeeds" ? "succeeded" : "failed";
    failureMessage = !card
      ? "The customer has no payment method."
      : card.outcome === "succeeds"
        ? null
        : declineMessages[card.outcome];
    paid = chargeStatus === "succeeded";
    if (card) {
      await tx.insert(t.billingSandboxCharges).values({
        id: newId("ch"),
        customerId: invoice.customerId,
        invoiceId,
        paymentMethodId: card.id,
        amount: amountDue,
        currency,
        status: chargeStatus,
        failureMessage,
        description: invoice.description,
        created: invoice.now,
      });
    }
  }

  await tx.insert(t.billingSandboxInvoices).values({
    id: invoiceId,
    customerId: invoice.customerId,
    subscriptionId: invoice.subscriptionId,
    status: paid ? "paid" : "open",
    billingReason: invoice.billingReason,
    amountDue,
    amountPaid: paid ? amountDue : 0,
    startingBalance,
    subtotal: total,
    total,
    currency,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    description: invoice.description,
    created: invoice.now,
  });
  if (invoice.lines.length > 0) {
    await tx.insert(t.billingSandboxInvoiceLines).values(
      invoice.lines.map((line, position) => ({
        id: newId("il"),
        invoiceId,
        position,
        description: line.description ?? "",
        amount: line.amount,
        currency: line.currency,
        proration: line.proration,
        priceId: line.priceId,
        periodStart: line.periodStart,
        periodEnd: line.periodEnd,
      })),
    );
  }
  await emitEvent(tx, paid ? "invoice.paid" : "invoice.payment_failed", invoiceId, invoice.customerId, invoice.now);
  return { invoiceId, paid, failureMessage };
}

/** The card a subscription charges: its own default, else the customer's invoice default. */
export async function chargeableCard(tx: Tx, subscriptionDefault: string | null, customerId: string) {
  let paymentMethodId = subscriptionDefault;
  if (!paymentMethodId) {
    const [customer] = await tx
      .select()
      .from(t.billingSandboxCustomers)
      .where(eq(t.billingSandboxCustomers.id, customerId));
    paymentMethodId = customer?.defaultPaymentMethod ?? null;
  }
  if (!paymentMethodId) return null;
  const [row] = await tx
    .select()
    .from(t.billingSandboxPaymentMethods)
    .where(eq(t.billingSandboxPaymentMethods.id, paymentMethodId));
  if (!row || row.customerId !== customerId) return null;
  return { id: row.id, outcome: row.outcome as CardOutcome };
}
