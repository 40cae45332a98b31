import { Secret, TOTP } from "otpauth";
import type { AuthenticatorStatus } from "./port";

/**
 * Time-based one-time passwords (RFC 6238): SHA-1, 30-second steps, 6 digits, as every authenticator
 * app expects. One step of clock drift either way is accepted, and a step is accepted at most once.
 */
const TOTP_ISSUER = "Happr";
/** Every member's authenticator is enrolled under this one label (as the product's Cognito setup does). */
export const TOTP_DEVICE_LABEL = "My TOTP device";
export const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;

/** The authenticator app's status from the MFA methods an account has enabled (as `overview()` lists them). */
export function authenticatorStatusOf(enabledMethods: readonly string[]): AuthenticatorStatus {
  const enabled = enabledMethods.includes("SOFTWARE_TOKEN_MFA");
  return { enabled, deviceLabel: enabled ? TOTP_DEVICE_LABEL : null };
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secret: string, label = TOTP_DEVICE_LABEL) {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The otpauth:// URI an authenticator app scans (as a QR code). */
export function totpUri(secret: string, accountName: string): string {
  return totpFor(secret, accountName).toString();
}

/** The code for a moment: for tests and for the sign-in pages' own checks. */
export function totpCode(secret: string, now: Date): string {
  return totpFor(secret).generate({ timestamp: now.getTime() });
}

/**
 * The time step the code belongs to, or undefined when it matches none of now ±1 step or when that
 * step was already used (`lastStep`): a code seen once is never accepted again.
 */
export function matchTotpStep(secret: string, code: string, now: Date, lastStep: number | null): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const totp = totpFor(secret);
  const current = totp.counter({ timestamp: now.getTime() });
  // Newest first, so a fresh code is not mistaken for an older step.
  for (const delta of [0, 1, -1]) {
    const step = current + delta;
    if (lastStep !== null && step <= lastStep) continue;
    const expected = totp.generate({ timestamp: step * TOTP_PERIOD_SECONDS * 1000 });
    if (constantTimeEqual(expected, code)) return step;
  }
  return undefined;
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}
