import { z } from "zod";
import { INVALID_PHONE_MESSAGE, realPhoneNumber } from "../phone";
import { IdentityError } from "./errors";
import { messages } from "../messages";

/** Inputs are checked here, before any database work; the first problem is reported by name. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = typeof issue?.path[0] === "string" ? issue.path[0] : undefined;
  throw new IdentityError("InvalidParameterException", issue?.message ?? "Invalid input", { field });
}

const text = (emptyMessage: string) => z.string({ message: emptyMessage });

/** The email as a sign-in name ("Username ..."), for every flow after sign-up. */
export const usernameField = text(messages.usernameEmpty)
  .trim()
  .min(1, messages.usernameEmpty)
  .max(254, "Username must be at most 254 characters");

/** The email when creating an account. */
export const emailField = text(messages.emailEmpty)
  .trim()
  .min(1, messages.emailEmpty)
  .max(254, "Email must be at most 254 characters")
  .pipe(z.email({ message: "Enter a valid email address" }));

// Passwords are never trimmed: spaces are the member's choice (the policy rejects leading/trailing ones).
export const passwordField = text(messages.passwordEmpty)
  .min(1, messages.passwordEmpty)
  .max(256, "Password must be at most 256 characters");

export const codeField = text(messages.codeEmpty).trim().min(1, messages.codeEmpty).max(20, messages.codeMismatch);

export const nameField = (label: string) =>
  text(`${label} cannot be empty`)
    .trim()
    .min(1, `${label} cannot be empty`)
    .max(100, `${label} must be at most 100 characters`)
    .regex(/^[^\p{Cc}]*$/u, `${label} must not contain control characters`);

/** A phone number in E.164 (+14155550123); national forms without a country code are refused. */
export const phoneField = text(messages.phoneEmpty)
  .trim()
  .min(1, messages.phoneEmpty)
  .transform((value, context) => {
    const phone = realPhoneNumber(value);
    if (!phone) {
      context.addIssue({ code: "custom", message: INVALID_PHONE_MESSAGE });
      return z.NEVER;
    }
    return phone;
  });

/** "j***@e***.com": enough for a member to recognise their address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  const dot = domain.lastIndexOf(".");
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : "";
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${tld}`;
}

export function maskPhone(phone: string): string {
  return `+*******${phone.slice(-4)}`;
}
