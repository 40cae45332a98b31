import { describe, expect, it } from "vitest";
import { planChangeDirection, pricePerYear } from "./plan-change";

const individualMonthly = { id: "price_im", unitAmount: 499, interval: "month" };
const individualYearly = { id: "price_iy", unitAmount: 4999, interval: "year" };
const familyMonthly = { id: "price_fm", unitAmount: 999, interval: "month" };
const familyYearly = { id: "price_fy", unitAmount: 9999, interval: "year" };

describe("upgrade or downgrade", () => {
  it("compares the price per year, whatever the interval", () => {
    expect(pricePerYear(individualMonthly)).toBe(5988);
    expect(pricePerYear(familyYearly)).toBe(9999);
    expect(planChangeDirection(individualMonthly, familyMonthly)).toBe("upgrade");
    expect(planChangeDirection(familyMonthly, individualMonthly)).toBe("downgrade");
    // Yearly is cheaper per year than 12 months: moving to it is a downgrade, back is an upgrade.
    expect(planChangeDirection(individualMonthly, individualYearly)).toBe("downgrade");
    expect(planChangeDirection(individualYearly, individualMonthly)).toBe("upgrade");
    // Family yearly ($99.99) costs more per year than Individual monthly ($59.88).
    expect(planChangeDirection(individualMonthly, familyYearly)).toBe("upgrade");
    expect(planChangeDirection(familyYearly, individualMonthly)).toBe("downgrade");
  });

  it("the same price is no change", () => {
    expect(planChangeDirection(familyYearly, { ...familyYearly })).toBe("same");
  });
});
