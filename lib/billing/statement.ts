/**
 * What a member's transaction history lists. The API answers invoices and charges (Stripe's
 * objects), but a successful charge is the payment of an invoice already listed as paid: showing both
 * would list every payment twice. Failed charges stay, as they are the only trace of a declined card.
 * Told apart by Stripe's id prefixes (the sandbox uses the same), as the API's rows carry no kind.
 */
export function memberStatement<T extends { transactionId: string; status: string }>(rows: readonly T[]): T[] {
  return rows.filter((row) => !row.transactionId.startsWith("ch_") || row.status === "failed");
}
