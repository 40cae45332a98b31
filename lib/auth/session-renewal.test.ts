import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decodeRenewalTicket, encodeRenewalTicket, RENEWAL_LIFETIME_MS, sessionFingerprint } from "./session-renewal";

const sign = (value: string) => createHmac("sha256", "test-secret").update(value).digest("base64url");

describe("session renewal tickets", () => {
  const fingerprint = sessionFingerprint({ sub: "account-1", issuedAtMs: 1234 });

  it("renews only in the browser that holds the same session cookie, and only for a minute", () => {
    const ticket = encodeRenewalTicket("account-1", fingerprint, 1000, sign);
    expect(decodeRenewalTicket(ticket, fingerprint, 1000 + RENEWAL_LIFETIME_MS - 1, sign)).toBe("account-1");
    expect(decodeRenewalTicket(ticket, fingerprint, 1000 + RENEWAL_LIFETIME_MS, sign)).toBeUndefined();
    // Another session of the same member (another browser) does not fit.
    expect(
      decodeRenewalTicket(ticket, sessionFingerprint({ sub: "account-1", issuedAtMs: 1235 }), 1000, sign),
    ).toBeUndefined();
    expect(decodeRenewalTicket(ticket, "", 1000, sign)).toBeUndefined();
  });

  it("refuses a tampered account, expiry or signature", () => {
    const [account, expiry, signature] = encodeRenewalTicket("account-1", fingerprint, 1000, sign).split(".");
    expect(decodeRenewalTicket(`account-2.${expiry}.${signature}`, fingerprint, 1000, sign)).toBeUndefined();
    expect(
      decodeRenewalTicket(`${account}.${Number(expiry) + 1}.${signature}`, fingerprint, 1000, sign),
    ).toBeUndefined();
    expect(decodeRenewalTicket(`${account}.${expiry}.x${signature}`, fingerprint, 1000, sign)).toBeUndefined();
    expect(decodeRenewalTicket(null, fingerprint, 1000, sign)).toBeUndefined();
  });

  it("has no fingerprint without a session", () => {
    expect(sessionFingerprint(null)).toBe("");
    expect(sessionFingerprint({ sub: "account-1" })).toBe("");
  });
});
