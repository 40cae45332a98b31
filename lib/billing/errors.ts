import { DomainError } from "../errors";

/**
 * The one error type of the billing domain. Transports (GraphQL, routes) map it once:
 * status is HTTP-like, message is safe to show the caller.
 */
export type BillingErrorCode = "invalid_argument" | "not_found" | "conflict" | "card_declined" | "provider_unavailable";

const statusOf: Record<BillingErrorCode, 400 | 404 | 409 | 422 | 502> = {
  invalid_argument: 400,
  not_found: 404,
  conflict: 409,
  card_declined: 422,
  provider_unavailable: 502,
};

export class BillingError extends DomainError<BillingErrorCode, 400 | 404 | 409 | 422 | 502> {
  constructor(code: BillingErrorCode, message: string, options: { field?: string } = {}) {
    super(code, statusOf[code], message, options);
    this.name = "BillingError";
  }
}

export const notFound = (what: string) => new BillingError("not_found", `${what} not found`);
export const conflict = (message: string) => new BillingError("conflict", message);
export const invalid = (message: string) => new BillingError("invalid_argument", message);
export const declined = (message: string) => new BillingError("card_declined", message);
export const providerDown = (message = "The payment provider is unavailable. Please try again.") =>
  new BillingError("provider_unavailable", message);

/**
 * By shape as well as by class: the provider is made once per process (lib/billing/provider.ts) by
 * whichever bundle asks first (instrumentation, a route handler, a page), and Next gives each bundle
 * its own copy of this class, so an error from the provider may not be an instance of the caller's copy.
 */
export function isBillingError(error: unknown): error is BillingError {
  if (error instanceof BillingError) return true;
  if (!(error instanceof Error) || error.name !== "BillingError") return false;
  const { code, status } = error as Partial<BillingError>;
  return typeof code === "string" && code in statusOf && statusOf[code as BillingErrorCode] === status;
}
