import { expect, it } from "vitest";
import { formatMoney, moneyFormattersKept } from "./money";

it("formats cents for two-decimal currencies", () => {
  expect(formatMoney(499, "usd")).toBe("$4.99");
  expect(formatMoney(9999, "USD")).toBe("$99.99");
  expect(formatMoney(-250, "usd")).toBe("-$2.50");
  expect(formatMoney(1000, "eur")).toBe("€10.00");
});

it("formats zero-decimal currencies without dividing", () => {
  expect(formatMoney(500, "jpy")).toBe("¥500");
});

it("keeps at most 64 currency formatters, however many made-up codes it is asked for, and still formats each", () => {
  for (let i = 0; i < 500; i++) {
    const code = String.fromCharCode(65 + (i % 26), 65 + (Math.floor(i / 26) % 26), 81 + Math.floor(i / 676));
    expect(formatMoney(100, code)).toMatch(/1\.00|100/);
  }
  expect(moneyFormattersKept()).toBe(64);
  expect(formatMoney(499, "usd")).toBe("$4.99");
});
