import { describe, expect, it } from "vitest";
import { memberStatement } from "./statement";

const row = (transactionId: string, status: string) => ({
  transactionId,
  status,
  amount: 999,
  currency: "usd",
  created: 1,
  description: null,
});

describe("memberStatement", () => {
  it("lists each payment once: the paid invoice, not also its charge", () => {
    expect(
      memberStatement([
        row("in_2", "paid"),
        row("ch_2", "succeeded"),
        row("in_1", "paid"),
        row("ch_1", "succeeded"),
      ]).map((r) => r.transactionId),
    ).toEqual(["in_2", "in_1"]);
  });

  it("keeps a failed charge beside its open invoice, so a decline shows", () => {
    expect(memberStatement([row("in_3", "open"), row("ch_3", "failed")]).map((r) => r.transactionId)).toEqual([
      "in_3",
      "ch_3",
    ]);
  });
});
