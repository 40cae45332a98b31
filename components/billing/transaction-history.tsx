"use client";

import { Spinner } from "@/components/ui/spinner";
import { useAccountStore } from "./account-store";
import { memberStatement } from "@/lib/billing/statement";
import { formatDate } from "@/lib/format/date";
import { formatMoney } from "@/lib/format/money";
import { Panel } from "@/components/ui/panel";

const statusNames: Record<string, string> = {
  paid: "Paid",
  succeeded: "Paid",
  open: "Due",
  draft: "Draft",
  void: "Void",
  uncollectible: "Unpaid",
  failed: "Failed",
  pending: "Pending",
};

/** Invoices (and failed payments), newest first: date, description, amount in its currency, status. */
export function TransactionHistory() {
  const { state } = useAccountStore();
  const { loading } = state.subscription;
  const transactions = memberStatement(state.subscription.transactions);
  return (
    <Panel compact aria-labelledby="transactions" className="min-h-40" aria-busy={loading.transactions}>
      <div className="flex items-center justify-between gap-2">
        <h2 id="transactions" className="text-lg font-semibold text-ink">
          Transaction history
        </h2>
        {loading.transactions ? <Spinner label="Updating your transactions" /> : null}
      </div>
      {transactions.length === 0 ? (
        <p className="mt-4 text-muted">No transactions yet.</p>
      ) : (
        // Scrolls sideways only on the narrowest screens; focusable so the keyboard can scroll it too.
        <div className="mt-4 overflow-x-auto" tabIndex={0} role="group" aria-labelledby="transactions">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Your invoices and payments, newest first</caption>
            <thead>
              <tr className="border-b border-slate-200 text-muted">
                <th scope="col" className="py-2 pr-2 font-semibold">
                  Date
                </th>
                <th scope="col" className="py-2 pr-2 font-semibold">
                  Description
                </th>
                <th scope="col" className="py-2 pr-2 text-right font-semibold">
                  Amount
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {transactions.map((row) => (
                <tr key={row.transactionId} className="border-b border-slate-100 align-top">
                  <td className="py-2 pr-2 whitespace-nowrap text-ink">{formatDate(row.created)}</td>
                  <td className="py-2 pr-2 text-ink">{row.description ?? "Happr subscription"}</td>
                  <td className="py-2 pr-2 text-right whitespace-nowrap text-ink">
                    {formatMoney(row.amount, row.currency)}
                  </td>
                  <td className="py-2 text-ink">{statusNames[row.status] ?? row.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
