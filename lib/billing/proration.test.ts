import { describe, expect, it } from "vitest";
import type { Price } from "./port";
import { dueNow } from "./due-now";
import { addInterval, computeProration } from "./proration";

const price = (id: string, unitAmount: number, interval: "month" | "year", productName: string): Price => ({
  id,
  active: true,
  currency: "usd",
  unitAmount,
  interval,
  lookupKey: id,
  productId: "prod_x",
  productName,
  productDescription: null,
});
const individualMonthly = price("price_im", 499, "month", "Happr Individual");
const familyMonthly = price("price_fm", 999, "month", "Happr Family");
const familyYearly = price("price_fy", 9999, "year", "Happr Family");

describe("addInterval", () => {
  it("adds a calendar month or year in UTC, clamping to the month's end", () => {
    expect(addInterval(Date.UTC(2026, 0, 15, 10) / 1000, "month")).toBe(Date.UTC(2026, 1, 15, 10) / 1000);
    expect(addInterval(Date.UTC(2026, 0, 31) / 1000, "month")).toBe(Date.UTC(2026, 1, 28) / 1000);
    expect(addInterval(Date.UTC(2024, 1, 29) / 1000, "year")).toBe(Date.UTC(2025, 1, 28) / 1000);
    expect(addInterval(Date.UTC(2026, 11, 10) / 1000, "month")).toBe(Date.UTC(2027, 0, 10) / 1000);
  });
});

describe("computeProration (Stripe's rule, to the second)", () => {
  const periodStart = Date.UTC(2026, 10, 1) / 1000;
  const periodEnd = Date.UTC(2026, 11, 1) / 1000; // 30 days = 2,592,000 s

  it("credits the unused time on the old price and charges the remaining time on the new one", () => {
    const prorationDate = periodStart + 864_000; // 10 days in: 20 of 30 days remain
    const preview = computeProration({
      oldPrice: individualMonthly,
      newPrice: familyMonthly,
      periodStart,
      periodEnd,
      prorationDate,
    });
    expect(preview.lines.map((line) => line.amount)).toEqual([-Math.round((499 * 2) / 3), Math.round((999 * 2) / 3)]);
    expect(preview.lines.map((line) => line.amount)).toEqual([-333, 666]);
    expect(
      preview.lines.every(
        (line) => line.proration && line.periodStart === prorationDate && line.periodEnd === periodEnd,
      ),
    ).toBe(true);
    expect(preview.total).toBe(333);
    expect(preview.amountDue).toBe(333);
    expect(dueNow(preview)).toBe(333);
    expect(preview.lines[0]!.description).toBe("Unused time on Happr Individual after Nov 11, 2026");
    expect(preview.lines[1]!.description).toBe("Remaining time on Happr Family after Nov 11, 2026");
  });

  it("changes with every second of the period", () => {
    const at = (secondsIn: number) =>
      computeProration({
        oldPrice: individualMonthly,
        newPrice: familyMonthly,
        periodStart,
        periodEnd,
        prorationDate: periodStart + secondsIn,
      }).lines;
    // one second in: almost all of both amounts
    expect(at(1).map((line) => line.amount)).toEqual([
      -Math.round((499 * 2_591_999) / 2_592_000),
      Math.round((999 * 2_591_999) / 2_592_000),
    ]);
    // exactly half way: half of each, rounded to the cent
    expect(at(1_296_000).map((line) => line.amount)).toEqual([-250, 500]);
    // at the end nothing is left to prorate
    expect(at(2_592_000).map((line) => line.amount)).toEqual([-0, 0]);
  });

  it("clamps a proration date outside the period", () => {
    const early = computeProration({
      oldPrice: individualMonthly,
      newPrice: familyMonthly,
      periodStart,
      periodEnd,
      prorationDate: periodStart - 100,
    });
    expect(early.lines.map((line) => line.amount)).toEqual([-499, 999]);
  });

  it("on an interval change credits the unused time and charges the new price in full for a new period", () => {
    const prorationDate = periodStart + 864_000;
    const preview = computeProration({
      oldPrice: familyMonthly,
      newPrice: familyYearly,
      periodStart,
      periodEnd,
      prorationDate,
    });
    expect(preview.lines.map((line) => [line.amount, line.proration])).toEqual([
      [-666, true],
      [9999, false],
    ]);
    expect(preview.periodEnd).toBe(addInterval(prorationDate, "year"));
    // Due now is the whole invoice: the full charge is not a proration line, but it is charged now.
    expect(dueNow(preview)).toBe(9333);
    expect(preview.total).toBe(9333);
  });

  it("credits at the proration date and starts the new period when the change is made", () => {
    const prorationDate = periodStart + 864_000;
    const changedAt = prorationDate + 300;
    const preview = computeProration({
      oldPrice: individualMonthly,
      newPrice: familyYearly,
      periodStart,
      periodEnd,
      prorationDate,
      changedAt,
    });
    expect(preview.lines.map((line) => [line.amount, line.periodStart, line.periodEnd])).toEqual([
      [-333, prorationDate, periodEnd],
      [9999, changedAt, addInterval(changedAt, "year")],
    ]);
    expect(preview.prorationDate).toBe(prorationDate);
  });

  it("never asks a negative amount due (a downgrade now would be a credit)", () => {
    const preview = computeProration({
      oldPrice: familyMonthly,
      newPrice: individualMonthly,
      periodStart,
      periodEnd,
      prorationDate: periodStart + 864_000,
    });
    expect(preview.total).toBe(-333);
    expect(preview.amountDue).toBe(0);
  });
});
