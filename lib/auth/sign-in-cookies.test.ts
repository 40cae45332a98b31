import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PENDING_SIGN_IN_LIFETIME_MS, decodePendingSignIn, encodePendingSignIn } from "./sign-in-cookies";

const sign = (value: string) => createHmac("sha256", "k".repeat(32)).update(value).digest("base64url");
const other = (value: string) => createHmac("sha256", "x".repeat(32)).update(value).digest("base64url");

describe("pending sign-in cookie", () => {
  it("round-trips within its lifetime", () => {
    const value = encodePendingSignIn("acc-1", 1000, sign);
    expect(decodePendingSignIn(value, 1000 + PENDING_SIGN_IN_LIFETIME_MS - 1, sign)).toBe("acc-1");
  });

  it("refuses expired, tampered or foreign values", () => {
    const value = encodePendingSignIn("acc-1", 1000, sign);
    expect(decodePendingSignIn(value, 1000 + PENDING_SIGN_IN_LIFETIME_MS, sign)).toBeUndefined();
    expect(decodePendingSignIn(value.replace("acc-1", "acc-2"), 1000, sign)).toBeUndefined();
    expect(decodePendingSignIn(value, 1000, other)).toBeUndefined();
    expect(decodePendingSignIn("garbage", 1000, sign)).toBeUndefined();
    expect(decodePendingSignIn(undefined, 1000, sign)).toBeUndefined();
  });
});
