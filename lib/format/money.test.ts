import { expect, it } from "vitest";
import { formatMoney } from "./money";

it("formats cents for two-decimal currencies", () => {
  expect(formatMoney(499, "usd")).toBe("$4.99");
  expect(formatMoney(9999, "USD")).toBe("$99.99");
  expect(formatMoney(-250, "usd")).toBe("-$2.50");
  expect(formatMoney(1000, "eur")).toBe("€10.00");
});

it("formats zero-decimal currencies without dividing", () => {
  expect(formatMoney(500, "jpy")).toBe("¥500");
});
