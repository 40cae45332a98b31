import { expect, it } from "vitest";
import { BillingError } from "../errors";
import { tokenizeTestCard } from "./cards";

const now = Date.UTC(2026, 3, 1) / 1000;
const card = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123", name: "Ada" };

it("turns Stripe's test card numbers into their test tokens, declining ones included (attaching declines them)", () => {
  expect(tokenizeTestCard(card, now)).toBe("tok_visa");
  expect(tokenizeTestCard({ ...card, number: "5555-5555-5555-4444" }, now)).toBe("tok_mastercard");
  expect(tokenizeTestCard({ ...card, number: "4000000000000002" }, now)).toBe("tok_chargeDeclined");
});

it("refuses an unknown number, an expired card or a bad field", () => {
  const failure = (form: typeof card) => {
    try {
      tokenizeTestCard(form, now);
    } catch (error) {
      return error as BillingError;
    }
    return undefined;
  };
  expect(failure({ ...card, number: "4111111111111111" })).toMatchObject({ status: 422 });
  expect(failure({ ...card, expYear: 2025 })).toMatchObject({ status: 422, message: "Your card has expired." });
  expect(failure({ ...card, cvc: "1" })).toMatchObject({ status: 400, message: "CVC must be 3 or 4 digits" });
});
