import { afterEach, describe, expect, it } from "vitest";
import { IdentityError } from "./errors";
import {
  assertPasswordPolicy,
  hashPassword,
  needsRehash,
  passwordPolicyFailures,
  PRODUCTION_PARAMS,
  setPasswordHashParamsForTests,
  verifyAgainstDummy,
  verifyPassword,
} from "./password";

describe("password policy (Cognito's default)", () => {
  it("accepts a password with 8+ characters, upper, lower, number and symbol", () => {
    expect(passwordPolicyFailures("Abcdef1!")).toEqual([]);
    expect(passwordPolicyFailures("Correct horse 9 Battery")).toEqual([]);
  });

  it("names every broken rule", () => {
    expect(passwordPolicyFailures("Ab1!")).toEqual(["Password must have at least 8 characters"]);
    expect(passwordPolicyFailures("abcdefg1!")).toEqual(["Password must have uppercase characters"]);
    expect(passwordPolicyFailures("ABCDEFG1!")).toEqual(["Password must have lowercase characters"]);
    expect(passwordPolicyFailures("Abcdefgh!")).toEqual(["Password must have numeric characters"]);
    expect(passwordPolicyFailures("Abcdefgh1")).toEqual(["Password must have symbol characters"]);
    expect(passwordPolicyFailures(" Abcdef1!")).toEqual(["Password must not begin or end with a space"]);
    expect(passwordPolicyFailures("abc")).toEqual([
      "Password must have at least 8 characters",
      "Password must have uppercase characters",
      "Password must have numeric characters",
      "Password must have symbol characters",
    ]);
  });

  it("throws a typed error with the first failure, and the product message for an empty password", () => {
    expect(() => assertPasswordPolicy("abcdefg1!")).toThrow(
      expect.objectContaining({
        code: "InvalidPasswordException",
        status: 400,
        message: "Password did not conform with policy: Password must have uppercase characters",
      }),
    );
    expect(() => assertPasswordPolicy("")).toThrow("Password cannot be empty");
    expect(() => assertPasswordPolicy("")).toThrow(IdentityError);
  });
});

describe("password hashing (scrypt)", () => {
  afterEach(() => setPasswordHashParamsForTests(undefined));

  it("stores algorithm, parameters and a per-password salt with the hash", async () => {
    const first = await hashPassword("Abcdef1!");
    const second = await hashPassword("Abcdef1!");
    expect(first).toMatch(/^\$scrypt\$ln=15,r=8,p=3\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword("Abcdef1!", first)).toBe(true);
    expect(await verifyPassword("Abcdef1?", first)).toBe(false);
    expect(await verifyPassword("abcdef1!", second)).toBe(false);
    expect(needsRehash(first)).toBe(false);
    expect(PRODUCTION_PARAMS).toEqual({ logN: 15, r: 8, p: 3 });
  });

  it("verifies with the parameters stored in the hash and flags old parameters for rehash", async () => {
    setPasswordHashParamsForTests({ logN: 10, r: 8, p: 1 });
    const cheap = await hashPassword("Abcdef1!");
    expect(cheap.startsWith("$scrypt$ln=10,r=8,p=1$")).toBe(true);
    setPasswordHashParamsForTests(undefined);
    expect(await verifyPassword("Abcdef1!", cheap)).toBe(true);
    expect(needsRehash(cheap)).toBe(true);
  });

  it("never matches a malformed or tampered hash", async () => {
    setPasswordHashParamsForTests({ logN: 10, r: 8, p: 1 });
    const stored = await hashPassword("Abcdef1!");
    const parts = stored.split("$");
    const hash = parts[4]!;
    const tampered = [...parts.slice(0, 4), (hash[0] === "A" ? "B" : "A") + hash.slice(1)].join("$");
    expect(await verifyPassword("Abcdef1!", tampered)).toBe(false);
    expect(await verifyPassword("Abcdef1!", "plaintext")).toBe(false);
    expect(await verifyPassword("Abcdef1!", stored.replace("ln=10", "ln=30"))).toBe(false);
    expect(await verifyAgainstDummy("Abcdef1!")).toBe(false);
  });
});
