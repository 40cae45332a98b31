import { createHmac } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { matchTotpStep, newTotpSecret, TOTP_DEVICE_LABEL, totpCode, totpUri } from "./totp";

// RFC 6238 appendix B, SHA-1, secret "12345678901234567890", 8 digits.
const RFC_SECRET_BASE32 = Secret.fromLatin1("12345678901234567890").base32;
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

/** RFC 4226 HOTP written out independently of the library, to cross-check it. */
function referenceCode(secretBase32: string, step: number, digits: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", Buffer.from(Secret.fromBase32(secretBase32).bytes))
    .update(counter)
    .digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return (binary % 10 ** digits).toString().padStart(digits, "0");
}

describe("TOTP (RFC 6238)", () => {
  it("reproduces the RFC's SHA-1 test vectors", () => {
    expect(RFC_SECRET_BASE32).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    for (const [seconds, code] of RFC_VECTORS) {
      const totp = new TOTP({ secret: Secret.fromBase32(RFC_SECRET_BASE32), algorithm: "SHA1", digits: 8, period: 30 });
      expect(totp.generate({ timestamp: seconds * 1000 })).toBe(code);
      expect(referenceCode(RFC_SECRET_BASE32, Math.floor(seconds / 30), 8)).toBe(code);
      // Six digits are the same number mod 10^6: the app's codes at those instants.
      expect(totpCode(RFC_SECRET_BASE32, new Date(seconds * 1000))).toBe(code.slice(-6));
      expect(matchTotpStep(RFC_SECRET_BASE32, code.slice(-6), new Date(seconds * 1000), null)).toBe(
        Math.floor(seconds / 30),
      );
    }
  });

  it("agrees with an independent HOTP for fresh secrets", () => {
    for (let index = 0; index < 20; index += 1) {
      const secret = newTotpSecret();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const now = new Date(1_700_000_000_000 + index * 7_919_000);
      const step = Math.floor(now.getTime() / 30_000);
      expect(totpCode(secret, now)).toBe(referenceCode(secret, step, 6));
    }
  });

  it("accepts one step of drift either way, not two", () => {
    const secret = newTotpSecret();
    const now = new Date(1_800_000_000_000);
    const step = Math.floor(now.getTime() / 30_000);
    expect(matchTotpStep(secret, referenceCode(secret, step - 1, 6), now, null)).toBe(step - 1);
    expect(matchTotpStep(secret, referenceCode(secret, step + 1, 6), now, null)).toBe(step + 1);
    const twoBehind = referenceCode(secret, step - 2, 6);
    // A different step might by chance share the code; only assert when it does not.
    if (![step - 1, step, step + 1].some((candidate) => referenceCode(secret, candidate, 6) === twoBehind)) {
      expect(matchTotpStep(secret, twoBehind, now, null)).toBeUndefined();
    }
    expect(matchTotpStep(secret, "12345", now, null)).toBeUndefined();
    expect(matchTotpStep(secret, "abcdef", now, null)).toBeUndefined();
  });

  it("never accepts a step at or before the last used one", () => {
    const secret = newTotpSecret();
    const now = new Date(1_800_000_000_000);
    const step = Math.floor(now.getTime() / 30_000);
    const code = referenceCode(secret, step, 6);
    expect(matchTotpStep(secret, code, now, step)).toBeUndefined();
    expect(matchTotpStep(secret, code, now, step - 1)).toBe(step);
    expect(matchTotpStep(secret, referenceCode(secret, step - 1, 6), now, step - 1)).toBeUndefined();
  });

  it("builds the otpauth URI an authenticator app scans", () => {
    const uri = totpUri("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", "ada@example.com");
    expect(uri).toBe(
      "otpauth://totp/Happr:ada%40example.com?issuer=Happr&secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&algorithm=SHA1&digits=6&period=30",
    );
    expect(TOTP_DEVICE_LABEL).toBe("My TOTP device");
  });
});
