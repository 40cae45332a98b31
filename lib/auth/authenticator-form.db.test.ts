import { describe, expect, it } from "vitest";
import type { Db } from "../db/open";
import { confirmSignUp, signUp } from "../identity/accounts";
import { createLocalAccountSecurity, type AccountSecurity } from "../identity/account-security";
import { useMemberTestDatabase } from "../identity/test-database";
import { lastCodeSentTo } from "../identity/test-helpers";
import { totpCode } from "../identity/totp";
import { initialAuthenticatorState, runAuthenticatorStep, type AuthenticatorFormState } from "./authenticator-form";

let db: Db;

useMemberTestDatabase((opened) => (db = opened));

let member = 0;
async function newMember(): Promise<AccountSecurity> {
  member += 1;
  const email = `authenticator${member}@example.com`;
  const context = { db, mfa: "optional" as const };
  const { accountId } = await signUp({ email, password: "Sunny-Day-42", givenName: "A", familyName: "B" }, context);
  await confirmSignUp({ email, code: await lastCodeSentTo(db, email) }, context);
  return createLocalAccountSecurity({ accountId, email }, context);
}

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
// The QR renderer is handed the otpauth URI; echoing it lets the test check what would be drawn.
const echoQr = async (uri: string) => `qr:${uri}`;

async function startSetup(security: AccountSecurity): Promise<AuthenticatorFormState> {
  const off = await initialAuthenticatorState(security);
  return runAuthenticatorStep(security, off, form({ intent: "start" }), echoQr);
}

describe("authenticator app on /my-account", () => {
  it("starts off, shows a secret and its QR code, turns on with the first code under the fixed label, then off", async () => {
    const security = await newMember();
    expect(await initialAuthenticatorState(security)).toMatchObject({ status: "off", deviceLabel: null });

    const setup = await startSetup(security);
    expect(setup.status).toBe("setup");
    const secret = setup.setup!.secretCode;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.setup!.qrDataUrl).toMatch(new RegExp(`^qr:otpauth://totp/Happr:authenticator\\d+%40example\\.com\\?.*secret=${secret}`));

    const on = await runAuthenticatorStep(security, setup, form({ intent: "verify", code: totpCode(secret, new Date()) }), echoQr);
    expect(on).toMatchObject({ status: "on", tone: "info", deviceLabel: "My TOTP device" });
    expect(await initialAuthenticatorState(security)).toMatchObject({ status: "on", deviceLabel: "My TOTP device" });

    const off = await runAuthenticatorStep(security, on, form({ intent: "disable" }), echoQr);
    expect(off).toMatchObject({ status: "off", message: "Authenticator app is off." });
    expect((await security.authenticatorStatus()).enabled).toBe(false);
  });

  it("keeps the setup step open with a field error for a wrong or malformed code", async () => {
    const security = await newMember();
    const setup = await startSetup(security);
    const right = totpCode(setup.setup!.secretCode, new Date());
    const wrong = right === "123456" ? "654321" : "123456";

    const mismatch = await runAuthenticatorStep(security, setup, form({ intent: "verify", code: wrong }), echoQr);
    expect(mismatch).toMatchObject({ status: "setup", tone: "error", setup: setup.setup });
    expect(mismatch.codeError).toMatch(/didn't match/);

    const empty = await runAuthenticatorStep(security, setup, form({ intent: "verify", code: " " }), echoQr);
    expect(empty.codeError).toBe("Confirmation code cannot be empty");
    const letters = await runAuthenticatorStep(security, setup, form({ intent: "verify", code: "12ab56" }), echoQr);
    expect(letters.codeError).toMatch(/6 digits/);

    expect((await security.authenticatorStatus()).enabled).toBe(false);
    // The same secret still works after the failures.
    const on = await runAuthenticatorStep(security, mismatch, form({ intent: "verify", code: right }), echoQr);
    expect(on.status).toBe("on");
  });

  it("cancel drops back to off without enabling, and a second start replaces the unverified secret", async () => {
    const security = await newMember();
    const first = await startSetup(security);
    const cancelled = await runAuthenticatorStep(security, first, form({ intent: "cancel" }), echoQr);
    expect(cancelled.status).toBe("off");
    const second = await startSetup(security);
    expect(second.setup!.secretCode).not.toBe(first.setup!.secretCode);
    const stale = await runAuthenticatorStep(security, second, form({ intent: "verify", code: totpCode(first.setup!.secretCode, new Date()) }), echoQr);
    expect(stale.status).toBe("setup");
    expect((await security.authenticatorStatus()).enabled).toBe(false);
  });

  it("refuses an unknown step and reports a provider failure without losing the page's state", async () => {
    const security = await newMember();
    const off = await initialAuthenticatorState(security);
    expect(await runAuthenticatorStep(security, off, form({ intent: "explode" }), echoQr)).toMatchObject({ status: "off", tone: "error", message: "Unknown authenticator step" });
    const broken: AccountSecurity = { ...security, startAuthenticatorSetup: () => Promise.reject(new Error("socket hang up")) };
    const originalError = console.error;
    console.error = () => {};
    try {
      expect(await runAuthenticatorStep(broken, off, form({ intent: "start" }), echoQr)).toMatchObject({ status: "off", tone: "error", message: "Network Error" });
    } finally {
      console.error = originalError;
    }
  });
});
