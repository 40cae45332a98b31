import { expect, it } from "vitest";
import { BillingError, declined, isBillingError } from "./errors";

it("recognises a BillingError from another copy of the class (another Next bundle), by its name, code and status", () => {
  expect(isBillingError(declined("Your card was declined."))).toBe(true);
  const fromAnotherBundle = Object.assign(new Error("Your card was declined."), {
    name: "BillingError",
    code: "card_declined",
    status: 422,
  });
  expect(isBillingError(fromAnotherBundle)).toBe(true);
  expect(
    isBillingError(Object.assign(new Error("x"), { name: "BillingError", code: "card_declined", status: 500 })),
  ).toBe(false);
  expect(isBillingError(new Error("Your card was declined."))).toBe(false);
  expect(isBillingError({ name: "BillingError", code: "not_found", status: 404 })).toBe(false);
  expect(new BillingError("conflict", "x").status).toBe(409);
});
