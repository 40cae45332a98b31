import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A Stripe-looking id: the object's prefix and 24 random base62 characters. */
export function newId(
  prefix: "cus" | "sub" | "si" | "pm" | "cs_test" | "in" | "il" | "ch" | "evt" | "prod" | "price",
): string {
  const bytes = randomBytes(24);
  let body = "";
  for (const byte of bytes) body += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${body}`;
}
