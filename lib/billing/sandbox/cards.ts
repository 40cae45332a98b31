import { z } from "zod";
import { declined, invalid } from "../errors";

/** What the sandbox card form sends to be turned into a test token, and its answer. */
export type SandboxCard = { number: string; expiry: string; cvc: string; name: string };
export type TokenizeSandboxCard = (card: SandboxCard) => Promise<{ token: string } | { error: string }>;

/**
 * Stripe's test payment methods and test card numbers, as the sandbox understands them.
 * outcome says what happens when the card is used: attach/checkout refuse a declining card,
 * as Stripe's card check does.
 */
export type CardOutcome = "succeeds" | "card_declined" | "insufficient_funds";
export type TestCard = { brand: string; last4: string; outcome: CardOutcome; attachable?: boolean };

export const testPaymentMethods: Record<string, TestCard> = {
  pm_card_visa: { brand: "visa", last4: "4242", outcome: "succeeds" },
  tok_visa: { brand: "visa", last4: "4242", outcome: "succeeds" },
  pm_card_mastercard: { brand: "mastercard", last4: "4444", outcome: "succeeds" },
  tok_mastercard: { brand: "mastercard", last4: "4444", outcome: "succeeds" },
  pm_card_amex: { brand: "amex", last4: "8431", outcome: "succeeds" },
  tok_amex: { brand: "amex", last4: "8431", outcome: "succeeds" },
  pm_card_chargeDeclined: { brand: "visa", last4: "0002", outcome: "card_declined" },
  tok_chargeDeclined: { brand: "visa", last4: "0002", outcome: "card_declined" },
  pm_card_chargeDeclinedInsufficientFunds: { brand: "visa", last4: "9995", outcome: "insufficient_funds" },
  // Attaching succeeds; every later charge fails (renewals go past_due).
  pm_card_chargeCustomerFail: { brand: "visa", last4: "0341", outcome: "card_declined", attachable: true },
};

const testCardNumbers: Record<string, TestCard> = {
  "4242424242424242": { brand: "visa", last4: "4242", outcome: "succeeds" },
  "5555555555554444": { brand: "mastercard", last4: "4444", outcome: "succeeds" },
  "378282246310005": { brand: "amex", last4: "0005", outcome: "succeeds" },
  "4000000000000002": { brand: "visa", last4: "0002", outcome: "card_declined" },
  "4000000000009995": { brand: "visa", last4: "9995", outcome: "insufficient_funds" },
};

export const declineMessages: Record<Exclude<CardOutcome, "succeeds">, string> = {
  card_declined: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
};

export function assertChargeable(card: TestCard): void {
  if (card.outcome !== "succeeds") throw declined(declineMessages[card.outcome]);
}

/** Stripe checks a card when it is attached: a declining one is refused, unless it only fails later. */
export function assertAttachable(card: TestCard): void {
  if (!card.attachable) assertChargeable(card);
}

/** What the hosted sandbox checkout page posts. */
export const cardFormSchema = z.object({
  number: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{13,19}$/, "Card number must be 13 to 19 digits")),
  expMonth: z.coerce
    .number({ message: "Expiry month must be a number" })
    .int()
    .min(1, "Expiry month must be 1 to 12")
    .max(12, "Expiry month must be 1 to 12"),
  expYear: z.coerce
    .number({ message: "Expiry year must be a number" })
    .int()
    .min(2000, "Expiry year must have four digits")
    .max(2100, "Expiry year must have four digits"),
  cvc: z.string().regex(/^\d{3,4}$/, "CVC must be 3 or 4 digits"),
  name: z.string().trim().min(1, "Name on card is required").max(100, "Name on card must be at most 100 characters"),
  postalCode: z.string().trim().max(20, "Postal code must be at most 20 characters").optional(),
});
export type CardForm = z.input<typeof cardFormSchema>;

/** Reads a card from the checkout form: a known test card, not expired at `now`. */
export function readTestCard(form: CardForm, now: number) {
  const parsed = cardFormSchema.safeParse(form);
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? "Invalid card");
  const card = parsed.data;
  const known = testCardNumbers[card.number];
  if (!known)
    throw declined(
      "Your card number is incorrect. The sandbox accepts Stripe's test cards, such as 4242 4242 4242 4242.",
    );
  const today = new Date(now * 1000);
  const expired =
    card.expYear < today.getUTCFullYear() ||
    (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1);
  if (expired) throw declined("Your card has expired.");
  return {
    ...known,
    expMonth: card.expMonth,
    expYear: card.expYear,
    name: card.name,
    postalCode: card.postalCode ?? null,
  };
}

/** The test token each test card number stands for (what Stripe.js would hand back for it). */
const tokenOfTestCardNumber: Record<string, string> = {
  "4242424242424242": "tok_visa",
  "5555555555554444": "tok_mastercard",
  "378282246310005": "tok_amex",
  "4000000000000002": "tok_chargeDeclined",
  "4000000000009995": "pm_card_chargeDeclinedInsufficientFunds",
};

/**
 * The sandbox's stand-in for Stripe.js's createPaymentMethod: checks the card form and answers the
 * test token for the card, to be attached with addNewPaymentMethod. Like Stripe.js it does not charge or
 * decline; attaching does. An unknown or expired card is refused here, as Stripe.js refuses it.
 */
export function tokenizeTestCard(form: CardForm, now: number): string {
  readTestCard(form, now); // 400 for a malformed field, 422 for an unknown or expired card
  return tokenOfTestCardNumber[String(form.number).replace(/[\s-]/g, "")]!;
}

/** "MM / YY", "MM/YYYY" or "MMYY" as typed into the Expiry field. */
export function readExpiry(value: string): { expMonth: number; expYear: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return undefined;
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}
