import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";

/**
 * The one phone rule, for every place that takes a number (the profile, the security centre, Safe
 * Circle invitations, the SMS outbox) and the profile form in the browser: no server imports.
 * Two different problems get two different messages: a number not written in E.164 (where E.164 is
 * required), and a number in E.164 form that no country uses (libphonenumber's metadata).
 */

export const PHONE_EXAMPLE = "+14155552671";

export const INVALID_PHONE_MESSAGE = `Enter a valid phone number (for example ${PHONE_EXAMPLE})`;

/** Prefixed by the field's name: "phone must be an E.164 number such as +14155552671". */
export const NOT_E164_MESSAGE = `must be an E.164 number such as ${PHONE_EXAMPLE}`;

/** E.164's shape: "+", a country code that does not start with 0, at most 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;

/**
 * The number in E.164 when it is a real one (a length and prefix some country uses), else undefined.
 * Accepts the ways people write a number with its country code ("+1 415-555-2671"), or without one
 * when `country` says where it is from.
 */
export function realPhoneNumber(value: string, country?: CountryCode): string | undefined {
  const parsed = parsePhoneNumberFromString(value.trim(), country);
  return parsed?.isValid() ? parsed.number : undefined;
}

/**
 * Why a number is refused where E.164 is required, or null when it is fine: "format" when it is not
 * written in E.164 (a real number written otherwise, "+4407911123456" with its trunk 0, included),
 * "invalid" when it has E.164's shape but is not a real number.
 */
export function e164Problem(value: string): "format" | "invalid" | null {
  if (!E164_PATTERN.test(value)) return "format";
  const real = realPhoneNumber(value);
  if (!real) return "invalid";
  return real === value ? null : "format";
}

/** What was typed in the profile form, in E.164 for the chosen country; what was typed when it cannot be (the API then names the problem). */
export function toE164(country: CountryCode, typed: string): string {
  const trimmed = typed.trim();
  if (!trimmed) return "";
  const parsed = parsePhoneNumberFromString(trimmed, country);
  if (parsed) return parsed.number;
  return trimmed.startsWith("+") ? trimmed : `+${getCountryCallingCode(country)}${trimmed.replace(/\D/g, "")}`;
}
