import { expect, it } from "vitest";
import { getBillingProvider } from "./provider";

it("uses the sandbox billing engine when Stripe is not configured", async () => {
  expect(process.env.STRIPE_SECRET_KEY ?? "").toBe("");
  expect((await getBillingProvider()).kind).toBe("sandbox");
});
