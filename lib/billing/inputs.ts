import { z } from "zod";
import { invalid } from "./errors";

/**
 * Validation of the arguments callers pass to the billing services: a bad argument is a 400 naming
 * it, and never reaches the provider or the database.
 */
// Built once per field and prefix: zod builds a schema's checks when it is made, which costs more than
// parsing with it, and page views parse ids on every render (the member's plan, their cards).
const idSchemas = new Map<string, z.ZodString>();
function id(field: string, prefix: string): z.ZodString {
  const key = `${prefix} ${field}`;
  let schema = idSchemas.get(key);
  if (!schema) {
    schema = z
      .string({ message: `${field} is required` })
      .trim()
      .min(1, `${field} is required`)
      .max(255, `${field} is too long`)
      .regex(new RegExp(`^${prefix}[A-Za-z0-9_]+$`), `${field} must be a ${prefix}... id`);
    idSchemas.set(key, schema);
  }
  return schema;
}

export const priceIdSchema = (field = "priceId") => id(field, "price_");
export const subscriptionIdSchema = (field = "subscriptionId") => id(field, "sub_");
export const subItemIdSchema = (field = "subItemId") => id(field, "si_");
export const paymentMethodIdSchema = (field = "paymentMethodId") => id(field, "pm_");
export const checkoutSessionIdSchema = (field = "checkoutSessionId") => id(field, "cs_");
/** A payment method id (pm_...) or a card token (tok_...), as Stripe.js or the test ids give them. */
export const paymentTokenSchema = (field = "token") =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(255, `${field} is too long`)
    .regex(/^(pm|tok)_[A-Za-z0-9_]+$/, `${field} must be a payment method id (pm_...) or a card token (tok_...)`);
export const urlSchema = (field: string) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(2048, `${field} is too long`);

export const memberSchema = z.object({
  memberId: z
    .string({ message: "memberId is required" })
    .min(1, "memberId is required")
    .max(255, "memberId is too long"),
  email: z.email({ message: "email must be an email address" }),
  name: z.string().trim().max(200, "name is too long").nullable().default(null),
});

/** Parses with the schema or throws a 400 BillingError carrying the first message. */
export function parseArg<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? "Invalid argument");
  return parsed.data;
}
