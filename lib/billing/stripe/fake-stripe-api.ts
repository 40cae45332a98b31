import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { plans } from "@/config/plans";
import fixtures from "../__fixtures__/stripe-objects.json";
import { openingPrice } from "../opening-prices";
import { addInterval } from "../proration";

/**
 * A fake Stripe HTTP API on loopback, for testing the Stripe adapter through the real SDK. It
 * answers with Stripe's own example objects (lib/billing/__fixtures__, from stripe/openapi) with
 * the fields the scenario needs filled in, keeps just enough state for the billing contract, replays
 * POSTs by Idempotency-Key as Stripe does, and records every request for assertions.
 * Test code only: nothing in the app imports it.
 */

type Json = Record<string, unknown> & { id: string };
export type RecordedRequest = {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
};

const clone = <T>(value: T): T => structuredClone(value);
const fixture = (name: keyof typeof fixtures) => clone(fixtures[name]) as unknown as Json;
const stripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

const testCards: Record<string, { brand: string; last4: string; declined?: boolean }> = {
  pm_card_visa: { brand: "visa", last4: "4242" },
  pm_card_mastercard: { brand: "mastercard", last4: "4444" },
  pm_card_amex: { brand: "amex", last4: "8431" },
  pm_card_chargeDeclined: { brand: "visa", last4: "0002", declined: true },
  tok_visa: { brand: "visa", last4: "4242" },
};

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}
const missing = (what: string, id: string) =>
  new HttpError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${what}: '${id}'`,
    param: "id",
  });

export class FakeStripeApi {
  readonly requests: RecordedRequest[] = [];
  now = Math.floor(Date.now() / 1000);
  /** When set, every request answers this status (a Stripe outage). */
  failWith: number | null = null;
  private server: Server | undefined;
  private readonly idempotent = new Map<string, { status: number; body: unknown }>();
  readonly products = new Map<string, Json>();
  readonly prices = new Map<string, Json>();
  readonly customers = new Map<string, Json>();
  /** Deleted customers: Stripe still answers a retrieve with `{ id, object, deleted: true }`. */
  readonly deletedCustomers = new Set<string>();
  readonly paymentMethods = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  readonly invoices = new Map<string, Json>();
  readonly charges = new Map<string, Json>();
  readonly sessions = new Map<string, Json>();

  /** empty: an account with no Happr catalogue yet (for the setup script's test). */
  constructor(options: { empty?: boolean } = {}) {
    for (const plan of options.empty ? [] : plans) {
      const productId = `prod_${plan.tier}`;
      const product = { ...fixture("product"), id: productId, name: plan.name, description: plan.description };
      this.products.set(productId, product);
      const price = fixture("price");
      Object.assign(price, {
        id: `price_live_${plan.lookupKey}`,
        lookup_key: plan.lookupKey,
        product: productId,
        unit_amount: openingPrice(plan.lookupKey).unitAmount,
        unit_amount_decimal: String(openingPrice(plan.lookupKey).unitAmount),
        currency: openingPrice(plan.lookupKey).currency,
        recurring: { ...(price.recurring as object), interval: plan.interval, interval_count: 1 },
      });
      this.prices.set(price.id, price);
    }
  }

  /**
   * A repricing as made in Stripe's dashboard: a new price of the same product takes over the lookup
   * key (transfer_lookup_key) and the old one is archived. Returns the old and the new price.
   */
  reprice(lookupKey: string, unitAmount: number, currency = "usd"): { old: Json; created: Json } {
    const old = [...this.prices.values()].find((price) => price.lookup_key === lookupKey && price.active);
    if (!old) throw new Error(`No active price for ${lookupKey}`);
    Object.assign(old, { lookup_key: null, active: false });
    const created = {
      ...clone(old),
      id: stripeId("price"),
      lookup_key: lookupKey,
      active: true,
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
      currency,
      created: this.now,
    };
    this.prices.set(created.id, created);
    return { old, created };
  }

  async start(): Promise<{ host: string; port: number; protocol: "http" }> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(({ status, body }) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": stripeId("req") });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return { host: "127.0.0.1", port: (this.server.address() as AddressInfo).port, protocol: "http" };
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The requests to one method + path pattern, oldest first. */
  requestsTo(method: string, path: RegExp | string) {
    return this.requests.filter(
      (r) => r.method === method && (typeof path === "string" ? r.path === path : path.test(r.path)),
    );
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const params = Object.fromEntries(
      new URLSearchParams(req.method === "GET" || req.method === "DELETE" ? url.search : raw),
    );
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    const method = req.method ?? "GET";
    this.requests.push({ method, path: url.pathname, params, idempotencyKey });

    if (this.failWith)
      return { status: this.failWith, body: { error: { type: "api_error", message: "Stripe is having a bad day" } } };
    const replayKey = idempotencyKey && method !== "GET" ? `${method} ${idempotencyKey}` : undefined;
    if (replayKey && this.idempotent.has(replayKey)) return this.idempotent.get(replayKey)!;
    let answer: { status: number; body: unknown };
    try {
      answer = { status: 200, body: this.route(method, url.pathname, params) };
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      answer = { status: error.status, body: { error: error.body } };
    }
    if (replayKey) this.idempotent.set(replayKey, answer);
    return answer;
  }

  private route(method: string, path: string, p: Record<string, string>): unknown {
    const parts = path.split("/").filter(Boolean).slice(1); // drop "v1"
    const [resource, id, action] = parts;
    const key = `${method} ${resource}${resource === "checkout" ? `/${id}` : ""}`;
    if (resource === "checkout") return this.checkout(method, parts[2], p);
    switch (`${key}${id ? " :id" : ""}${action ? ` ${action}` : ""}`) {
      case "GET prices":
        return this.list(
          [...this.prices.values()]
            .filter(
              (price) =>
                indexed(p, "lookup_keys").includes(String(price.lookup_key)) &&
                (p.active === undefined || String(price.active) === p.active),
            )
            .map((price) => this.expandPrice(price, p, "data.product")),
        );
      case "POST prices": {
        this.get(this.products, "product", p.product!);
        const price = fixture("price");
        Object.assign(price, {
          id: stripeId("price"),
          product: p.product,
          lookup_key: p.lookup_key ?? null,
          unit_amount: Number(p.unit_amount),
          unit_amount_decimal: p.unit_amount,
          currency: p.currency,
          recurring: { ...(price.recurring as object), interval: p["recurring[interval]"], interval_count: 1 },
          created: this.now,
        });
        this.prices.set(price.id, price);
        return price;
      }
      case "GET products :id":
        return this.get(this.products, "product", id!);
      case "POST products": {
        if (this.products.has(p.id!))
          throw new HttpError(400, {
            type: "invalid_request_error",
            code: "resource_already_exists",
            message: "Product already exists.",
          });
        const product = {
          ...fixture("product"),
          id: p.id ?? stripeId("prod"),
          name: p.name,
          description: p.description ?? null,
        };
        this.products.set(product.id, product);
        return product;
      }
      case "GET prices :id":
        return this.expandPrice(this.get(this.prices, "price", id!), p, "product");
      case "POST customers":
        return this.createCustomer(p);
      case "GET customers :id":
        if (this.deletedCustomers.has(id!)) return { id, object: "customer", deleted: true };
        return this.get(this.customers, "customer", id!);
      case "DELETE customers :id":
        return this.deleteCustomer(id!);
      case "POST customers :id": {
        const customer = this.get(this.customers, "customer", id!);
        if (p["invoice_settings[default_payment_method]"]) {
          const pm = this.get(this.paymentMethods, "payment_method", p["invoice_settings[default_payment_method]"]);
          if (pm.customer !== customer.id)
            throw new HttpError(400, {
              type: "invalid_request_error",
              message: "The payment method must be attached to the customer.",
            });
          customer.invoice_settings = { ...(customer.invoice_settings as object), default_payment_method: pm.id };
        }
        return customer;
      }
      case "GET subscriptions":
        return this.list([...this.subscriptions.values()].filter((s) => s.customer === p.customer).sort(byCreatedDesc));
      case "GET subscriptions :id":
        return this.get(this.subscriptions, "subscription", id!);
      case "POST subscriptions":
        return this.createSubscription(p);
      case "POST subscriptions :id":
        return this.updateSubscription(this.get(this.subscriptions, "subscription", id!), p);
      case "DELETE subscriptions :id": {
        const subscription = this.get(this.subscriptions, "subscription", id!);
        Object.assign(subscription, {
          status: "canceled",
          canceled_at: this.now,
          ended_at: this.now,
          cancel_at: null,
          cancel_at_period_end: false,
        });
        return subscription;
      }
      case "POST invoices :id":
        if (id === "create_preview") return this.preview(p);
        break;
      case "GET invoices":
        return this.list([...this.invoices.values()].filter((i) => i.customer === p.customer).sort(byCreatedDesc));
      case "GET charges":
        return this.list([...this.charges.values()].filter((c) => c.customer === p.customer).sort(byCreatedDesc));
      case "GET payment_methods":
        return this.list(
          [...this.paymentMethods.values()]
            .filter((pm) => pm.customer === p.customer && (!p.type || pm.type === p.type))
            .sort(byCreatedDesc),
        );
      case "POST payment_methods":
        return this.createPaymentMethod(p["card[token]"] ?? "");
      case "POST payment_methods :id attach":
        return this.attach(id!, p.customer!);
      case "POST payment_methods :id detach": {
        const pm = this.get(this.paymentMethods, "payment_method", id!);
        pm.customer = null;
        for (const customer of this.customers.values()) {
          const settings = customer.invoice_settings as { default_payment_method: string | null };
          if (settings.default_payment_method === pm.id) settings.default_payment_method = null;
        }
        return pm;
      }
    }
    throw new HttpError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path})`,
    });
  }

  private checkout(method: string, id: string | undefined, p: Record<string, string>) {
    if (method === "GET" && id) return this.get(this.sessions, "checkout.session", id);
    if (method !== "POST" || id)
      throw new HttpError(404, { type: "invalid_request_error", message: "Unrecognized request URL" });
    this.get(this.customers, "customer", p.customer!);
    const session = fixture("checkout.session");
    const sessionId = `cs_test_${randomBytes(16).toString("hex")}`;
    Object.assign(session, {
      id: sessionId,
      mode: p.mode,
      customer: p.customer,
      client_reference_id: p.client_reference_id ?? null,
      success_url: p.success_url,
      cancel_url: p.cancel_url,
      metadata: prefixed(p, "metadata"),
      status: "open",
      payment_status: "unpaid",
      subscription: null,
      url: `https://checkout.stripe.com/c/pay/${sessionId}`,
      created: this.now,
      expires_at: this.now + 86_400,
    });
    this.sessions.set(sessionId, session);
    return session;
  }

  private get(map: Map<string, Json>, what: string, id: string): Json {
    const found = map.get(id);
    if (!found) throw missing(what, id);
    return found;
  }

  private list(data: unknown[]) {
    return { object: "list", data, has_more: false, url: "/v1/list" };
  }

  private expandPrice(price: Json, p: Record<string, string>, path: string) {
    const expand = indexed(p, "expand");
    return expand.includes(path) ? { ...price, product: this.products.get(String(price.product)) } : price;
  }

  private priceObject(priceId: string): Json {
    return this.get(this.prices, "price", priceId);
  }

  private createCustomer(p: Record<string, string>) {
    const customer = fixture("customer");
    Object.assign(customer, {
      id: stripeId("cus"),
      email: p.email ?? null,
      name: p.name ?? null,
      metadata: prefixed(p, "metadata"),
      created: this.now,
      invoice_settings: { ...(customer.invoice_settings as object), default_payment_method: null },
    });
    this.customers.set(customer.id, customer);
    return customer;
  }

  // As Stripe: the subscriptions end now, the payment methods are detached, invoices and charges stay.
  private deleteCustomer(id: string) {
    this.get(this.customers, "customer", id);
    for (const subscription of this.subscriptions.values()) {
      if (subscription.customer !== id || ["canceled", "incomplete_expired"].includes(String(subscription.status)))
        continue;
      Object.assign(subscription, {
        status: "canceled",
        canceled_at: this.now,
        ended_at: this.now,
        cancel_at: null,
        cancel_at_period_end: false,
      });
    }
    for (const pm of this.paymentMethods.values()) if (pm.customer === id) pm.customer = null;
    this.customers.delete(id);
    this.deletedCustomers.add(id);
    return { id, object: "customer", deleted: true };
  }

  private createPaymentMethod(token: string) {
    const card = testCards[token];
    if (!card) throw missing("token", token);
    const pm = fixture("payment_method");
    Object.assign(pm, {
      id: stripeId("pm"),
      customer: null,
      created: this.now,
      card: {
        ...(pm.card as object),
        brand: card.brand,
        display_brand: card.brand,
        last4: card.last4,
        exp_month: 12,
        exp_year: 2034,
      },
    });
    this.paymentMethods.set(pm.id, pm);
    return pm;
  }

  private attach(id: string, customerId: string) {
    this.get(this.customers, "customer", customerId);
    const test = testCards[id];
    if (test?.declined)
      throw new HttpError(402, {
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
      });
    // Stripe's test ids (pm_card_visa, ...) make a new payment method on each attach.
    const pm = test ? this.createPaymentMethod(id) : this.get(this.paymentMethods, "payment_method", id);
    pm.customer = customerId;
    return pm;
  }

  /** A subscription as the scenario needs it: one item, the billing period on the item. */
  seedSubscription(customerId: string, priceId: string, options: { status?: string; trialEnd?: number | null } = {}) {
    const subscription = fixture("subscription");
    const id = stripeId("sub");
    const price = this.priceObject(priceId);
    const interval = (price.recurring as { interval: "month" | "year" }).interval;
    const periodEnd = options.trialEnd ?? addInterval(this.now, interval);
    const item = clone((subscription.items as { data: Json[] }).data[0]!);
    Object.assign(item, {
      id: stripeId("si"),
      subscription: id,
      price,
      quantity: 1,
      current_period_start: this.now,
      current_period_end: periodEnd,
      created: this.now,
    });
    Object.assign(subscription, {
      id,
      customer: customerId,
      status: options.status ?? "active",
      items: { object: "list", data: [item], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      trial_end: options.trialEnd ?? null,
      trial_start: options.trialEnd ? this.now : null,
      pending_update: null,
      default_payment_method: null,
      metadata: {},
      created: this.now,
      start_date: this.now,
    });
    this.subscriptions.set(id, subscription);
    return subscription;
  }

  /** What a completed Checkout leaves behind: a card, a subscription and its paid first invoice. */
  seedPaidSubscription(customerId: string, priceId: string) {
    const pm = this.attach("pm_card_visa", customerId);
    const customer = this.get(this.customers, "customer", customerId);
    customer.invoice_settings = { ...(customer.invoice_settings as object), default_payment_method: pm.id };
    const subscription = this.seedSubscription(customerId, priceId);
    subscription.default_payment_method = pm.id;
    const item = itemOf(subscription);
    const price = this.priceObject(priceId);
    this.finalizeInvoice(
      this.invoiceObject(customerId, subscription.id, [
        {
          description: `1 × ${this.productName(price)} (at ${dollars(price)} / ${intervalOf(price)})`,
          amount: Number(price.unit_amount),
          proration: false,
          price,
          subscriptionItem: item.id,
          periodStart: Number(item.current_period_start),
          periodEnd: Number(item.current_period_end),
        },
      ]),
      "subscription_create",
    );
    return subscription;
  }

  /** Finalizes and pays an invoice as charge_automatically does: the customer's balance first, then the card. */
  private finalizeInvoice(invoice: Json, reason: string) {
    const customer = this.get(this.customers, "customer", String(invoice.customer));
    Object.assign(invoice, {
      id: stripeId("in"),
      status: "paid",
      billing_reason: reason,
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      created: this.now,
    });
    customer.balance = invoice.ending_balance;
    this.invoices.set(invoice.id, invoice);
    if (Number(invoice.amount_due) > 0) {
      const charge = fixture("charge");
      Object.assign(charge, {
        id: stripeId("ch"),
        customer: customer.id,
        amount: invoice.amount_due,
        currency: "usd",
        status: "succeeded",
        paid: true,
        failure_message: null,
        description: null,
        created: this.now,
      });
      this.charges.set(charge.id, charge);
    }
    return invoice;
  }

  /**
   * An invoice object (Stripe's fixture) with these lines (Stripe's line_item fixture). Totals follow
   * Stripe: total is the lines' sum; the customer's balance (negative: a credit) is applied to the
   * amount due, and what is left of a negative total goes back to the balance (ending_balance).
   */
  private invoiceObject(customerId: string, subscriptionId: string, lines: LineSpec[]): Json {
    const invoice = fixture("invoice");
    const customer = this.get(this.customers, "customer", customerId);
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    const startingBalance = Number(customer.balance ?? 0);
    const applied = total + startingBalance;
    Object.assign(invoice, {
      id: "upcoming",
      customer: customerId,
      subscription: null,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { metadata: {}, subscription: subscriptionId },
      },
      currency: "usd",
      subtotal: total,
      subtotal_excluding_tax: total,
      total,
      total_excluding_tax: total,
      starting_balance: startingBalance,
      ending_balance: Math.min(0, applied),
      amount_due: Math.max(0, applied),
      amount_paid: 0,
      amount_remaining: Math.max(0, applied),
      period_start: Math.min(...lines.map((line) => line.periodStart)),
      period_end: Math.max(...lines.map((line) => line.periodEnd)),
      description: null,
      created: this.now,
      lines: {
        object: "list",
        has_more: false,
        url: "/v1/invoices/upcoming/lines",
        data: lines.map((line) => ({
          ...fixture("line_item"),
          id: stripeId("il"),
          invoice: "upcoming",
          amount: line.amount,
          subtotal: line.amount,
          currency: "usd",
          description: line.description,
          period: { start: line.periodStart, end: line.periodEnd },
          pricing: {
            type: "price_details",
            price_details: { price: line.price.id, product: line.price.product },
            unit_amount_decimal: String(line.price.unit_amount),
          },
          parent: {
            type: "subscription_item_details",
            invoice_item_details: null,
            subscription_item_details: {
              invoice_item: null,
              proration: line.proration,
              proration_details: { credited_items: null },
              subscription: subscriptionId,
              subscription_item: line.subscriptionItem,
            },
          },
        })),
      },
    });
    return invoice;
  }

  private createSubscription(p: Record<string, string>) {
    this.get(this.customers, "customer", p.customer!);
    const trialEnd = p.trial_end ? Number(p.trial_end) : null;
    const subscription = this.seedSubscription(p.customer!, p["items[0][price]"]!, {
      status: trialEnd ? "trialing" : "active",
      trialEnd,
    });
    subscription.default_payment_method = p.default_payment_method ?? null;
    subscription.metadata = prefixed(p, "metadata");
    return subscription;
  }

  private updateSubscription(subscription: Json, p: Record<string, string>) {
    if (subscription.status === "canceled")
      throw new HttpError(400, {
        type: "invalid_request_error",
        message: "A canceled subscription can only update its cancellation_details and metadata.",
      });
    const item = itemOf(subscription);
    if (p.cancel_at_period_end !== undefined) {
      const on = p.cancel_at_period_end === "true";
      Object.assign(subscription, { cancel_at_period_end: on, cancel_at: on ? item.current_period_end : null });
    }
    if (p.default_payment_method) subscription.default_payment_method = p.default_payment_method;
    if (p["items[0][price]"]) {
      if (p["items[0][id]"] !== item.id) throw missing("subscription_item", p["items[0][id]"] ?? "");
      const newPrice = this.priceObject(p["items[0][price]"]);
      const change = this.priceChange(
        subscription,
        newPrice,
        p.proration_date ? Number(p.proration_date) : this.now,
        this.now,
      );
      this.finalizeInvoice(
        this.invoiceObject(String(subscription.customer), subscription.id, change.lines),
        "subscription_update",
      );
      Object.assign(item, {
        price: newPrice,
        current_period_start: change.period.start,
        current_period_end: change.period.end,
      });
      if (change.cycleReset) subscription.billing_cycle_anchor = this.now;
      // cancel_at_period_end follows the period: a reset cycle ends the subscription at the new period end.
      if (subscription.cancel_at_period_end) subscription.cancel_at = change.period.end;
    }
    return subscription;
  }

  /**
   * A price change with proration_behavior=always_invoice, as Stripe documents it: the unused time on
   * the old price is credited and the remaining time on the new one charged, each prorated to the
   * second from proration_date and rounded to the cent. When the billing interval changes, the billing
   * cycle anchor resets to the moment of the change: the new price is charged in full for a new
   * period starting then (not a proration line), with the credit on the same invoice.
   */
  private priceChange(subscription: Json, newPrice: Json, prorationDate: number, changedAt: number) {
    const item = itemOf(subscription);
    const oldPrice = item.price as Json;
    const start = Number(item.current_period_start);
    const end = Number(item.current_period_end);
    const at = Math.min(Math.max(prorationDate, start), end);
    const share = (amount: number) => Math.round((amount * (end - at)) / (end - start));
    const after = stripeDate(at);
    const credit: LineSpec = {
      description: `Unused time on ${this.productName(oldPrice)} after ${after}`,
      amount: -share(Number(oldPrice.unit_amount)),
      proration: true,
      price: oldPrice,
      subscriptionItem: item.id,
      periodStart: at,
      periodEnd: end,
    };
    if (intervalOf(newPrice) === intervalOf(oldPrice)) {
      const remaining: LineSpec = {
        description: `Remaining time on ${this.productName(newPrice)} after ${after}`,
        amount: share(Number(newPrice.unit_amount)),
        proration: true,
        price: newPrice,
        subscriptionItem: item.id,
        periodStart: at,
        periodEnd: end,
      };
      return { lines: [credit, remaining], period: { start, end }, cycleReset: false };
    }
    const period = { start: changedAt, end: addInterval(changedAt, intervalOf(newPrice)) };
    const full: LineSpec = {
      description: `1 × ${this.productName(newPrice)} (at ${dollars(newPrice)} / ${intervalOf(newPrice)})`,
      amount: Number(newPrice.unit_amount),
      proration: false,
      price: newPrice,
      subscriptionItem: item.id,
      periodStart: period.start,
      periodEnd: period.end,
    };
    return { lines: [credit, full], period, cycleReset: true };
  }

  /** invoices.createPreview for a subscription update: the invoice the update would create now. */
  private preview(p: Record<string, string>) {
    const subscription = this.get(this.subscriptions, "subscription", p.subscription!);
    const item = itemOf(subscription);
    if (p["subscription_details[items][0][id]"] !== item.id)
      throw missing("subscription_item", p["subscription_details[items][0][id]"] ?? "");
    if (p["subscription_details[proration_behavior]"] !== "always_invoice") {
      throw new HttpError(400, {
        type: "invalid_request_error",
        message: "This fake previews always_invoice updates only (the invoice created at once).",
      });
    }
    const prorationDate = Number(p["subscription_details[proration_date]"] ?? this.now);
    const change = this.priceChange(
      subscription,
      this.priceObject(p["subscription_details[items][0][price]"]!),
      prorationDate,
      prorationDate,
    );
    return this.invoiceObject(String(subscription.customer), subscription.id, change.lines);
  }

  private productName(price: Json): string {
    return String(this.products.get(String(price.product))?.name ?? "");
  }
}

type LineSpec = {
  description: string;
  amount: number;
  proration: boolean;
  price: Json;
  subscriptionItem: string;
  periodStart: number;
  periodEnd: number;
};

const itemOf = (subscription: Json) => (subscription.items as { data: Json[] }).data[0]!;
const intervalOf = (price: Json) => (price.recurring as { interval: "month" | "year" }).interval;
const dollars = (price: Json) => `$${(Number(price.unit_amount) / 100).toFixed(2)}`;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** Stripe writes the date in proration lines as "03 Mar 2017". */
function stripeDate(unixSeconds: number) {
  const date = new Date(unixSeconds * 1000);
  return `${String(date.getUTCDate()).padStart(2, "0")} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

function indexed(p: Record<string, string>, name: string): string[] {
  return Object.entries(p)
    .filter(([key]) => key === name || key.startsWith(`${name}[`))
    .map(([, value]) => value);
}

function prefixed(p: Record<string, string>, name: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(p)
      .filter(([key]) => key.startsWith(`${name}[`))
      .map(([key, value]) => [key.slice(name.length + 1, -1), value]),
  );
}

const byCreatedDesc = (a: Json, b: Json) => Number(b.created) - Number(a.created);
