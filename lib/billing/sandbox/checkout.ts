import { eq } from "drizzle-orm";
import * as t from "@/lib/db/schema";
import { conflict, notFound } from "../errors";
import { CHECKOUT_SESSION_PLACEHOLDER } from "../port";
import { addInterval } from "../proration";
import { assertChargeable, readTestCard, type CardForm } from "./cards";
import { newId } from "./ids";
import { loadCustomer, loadPrice } from "./read";
import type { SandboxLedger } from "./ledger";
import { emitEvent, invoiceAndCharge } from "./write";

export type CompletedCheckout = { sessionId: string; subscriptionId: string; redirectUrl: string };

/**
 * What the sandbox's hosted checkout page does when the card form is submitted: check the test
 * card, save it as the customer's payment method, start the subscription with its first invoice
 * paid, and complete the session. A declined card changes nothing (422, the form shows why).
 */
export function completeSandboxCheckout(
  provider: SandboxLedger,
  sessionId: string,
  form: CardForm,
): Promise<CompletedCheckout> {
  return provider.transaction(async (tx, now) => {
    const [session] = await tx
      .select()
      .from(t.billingSandboxCheckoutSessions)
      .where(eq(t.billingSandboxCheckoutSessions.id, sessionId))
      .for("update");
    if (!session) throw notFound("Checkout session");
    if (session.status === "complete") throw conflict("This checkout is already complete");
    if (session.status !== "open" || session.expiresAt <= now) throw conflict("This checkout has expired");

    const card = readTestCard(form, now);
    assertChargeable(card);
    const customer = await loadCustomer(tx, session.customerId);
    const price = await loadPrice(tx, session.priceId);

    const paymentMethodId = newId("pm");
    await tx.insert(t.billingSandboxPaymentMethods).values({
      id: paymentMethodId,
      customerId: customer.id,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      outcome: card.outcome,
      billingDetails: { name: card.name, email: customer.email, phone: null, postalCode: card.postalCode },
      created: now,
    });
    await emitEvent(tx, "payment_method.attached", paymentMethodId, customer.id, now);
    if (!customer.defaultPaymentMethod) {
      await tx
        .update(t.billingSandboxCustomers)
        .set({ defaultPaymentMethod: paymentMethodId })
        .where(eq(t.billingSandboxCustomers.id, customer.id));
      await emitEvent(tx, "customer.updated", customer.id, customer.id, now);
    }

    const subscriptionId = newId("sub");
    const periodEnd = addInterval(now, price.interval);
    await tx.insert(t.billingSandboxSubscriptions).values({
      id: subscriptionId,
      customerId: customer.id,
      status: "active",
      defaultPaymentMethod: paymentMethodId,
      metadata: session.metadata,
      created: now,
    });
    await tx.insert(t.billingSandboxSubscriptionItems).values({
      id: newId("si"),
      subscriptionId,
      priceId: price.id,
      currentPeriodStart: now,
      currentPeriodEnd: periodEnd,
      created: now,
    });
    await invoiceAndCharge(
      tx,
      {
        customerId: customer.id,
        subscriptionId,
        billingReason: "subscription_create",
        lines: [
          {
            description: `1 × ${price.productName}`,
            amount: price.unitAmount,
            currency: price.currency,
            proration: false,
            priceId: price.id,
            periodStart: now,
            periodEnd,
          },
        ],
        periodStart: now,
        periodEnd,
        description: `Subscription to ${price.productName}`,
        now,
      },
      { id: paymentMethodId, outcome: card.outcome },
    );
    await emitEvent(tx, "customer.subscription.created", subscriptionId, customer.id, now);

    await tx
      .update(t.billingSandboxCheckoutSessions)
      .set({ status: "complete", paymentStatus: "paid", subscriptionId })
      .where(eq(t.billingSandboxCheckoutSessions.id, sessionId));
    await emitEvent(tx, "checkout.session.completed", sessionId, customer.id, now);

    return {
      sessionId,
      subscriptionId,
      redirectUrl: session.successUrl.split(CHECKOUT_SESSION_PLACEHOLDER).join(sessionId),
    };
  });
}

export type SandboxCheckoutSummary = {
  sessionId: string;
  status: "open" | "complete" | "expired";
  productName: string;
  productDescription: string | null;
  unitAmount: number;
  currency: string;
  interval: "month" | "year";
  customerEmail: string | null;
  cancelUrl: string;
};

/** What the hosted checkout page shows above the card form. */
export async function getSandboxCheckoutSummary(
  provider: SandboxLedger,
  sessionId: string,
): Promise<SandboxCheckoutSummary> {
  const session = await provider.getCheckoutSession(sessionId);
  return provider.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(t.billingSandboxCheckoutSessions)
      .where(eq(t.billingSandboxCheckoutSessions.id, sessionId));
    if (!row) throw notFound("Checkout session");
    const price = await loadPrice(tx, row.priceId);
    const customer = await loadCustomer(tx, row.customerId);
    return {
      sessionId,
      status: session.status,
      productName: price.productName,
      productDescription: price.productDescription,
      unitAmount: price.unitAmount,
      currency: price.currency,
      interval: price.interval,
      customerEmail: customer.email,
      cancelUrl: row.cancelUrl,
    };
  });
}
