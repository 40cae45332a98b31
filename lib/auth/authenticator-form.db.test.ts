import { signUpNew } from "@/lib/identity/builtin/test-helpers";
import { describe, expect, it, vi } from "vitest";
import type { Db } from "../db/open";
import { confirmSignUp } from "../identity/builtin/accounts";
import { createAccountChanges, type AuthenticatorChanges } from "../identity/account-changes";
import { createBuiltinIdentity } from "../identity/builtin/identity";
import { useMemberTestDatabase } from "../identity/builtin/testing";
import { lastCodeSentTo } from "../identity/builtin/test-helpers";
import { totpCode } from "../identity/totp";
import { initialAuthenticatorState, runAuthenticatorStep, type AuthenticatorFormState } from "./authenticator-form";

let db: Db;

useMemberTestDatabase((opened) => (db = opened));

let member = 0;
const password = "Sunny-Day-42";
/** The guarded authenticator steps for a new member who signed in a minute ago (so the password may be left out). */
async function newMember(signedInAt = Date.now() - 60_000): Promise<AuthenticatorChanges> {
  member += 1;
  const email = `authenticator${member}@example.com`;
  const context = { db, mfa: "optional" as const };
  const { accountId } = await signUpNew({ email, password, givenName: "A", familyName: "B" }, context);
  await confirmSignUp({ email, code: await lastCodeSentTo(db, email) }, context);
  return createAccountChanges(
    { memberId: accountId, name: "A B", authenticatedAtMs: signedInAt },
    { db, identity: createBuiltinIdentity({ accountId, email }, context) },
  );
}

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
// The QR renderer is handed the otpauth URI; echoing it lets the test check what would be drawn.
const echoQr = async (uri: string) => `qr:${uri}`;

async function startSetup(security: AuthenticatorChanges): Promise<AuthenticatorFormState> {
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
    expect(setup.setup!.qrDataUrl).toMatch(
      new RegExp(`^qr:otpauth://totp/Happr:authenticator\\d+%40example\\.com\\?.*secret=${secret}`),
    );

    const on = await runAuthenticatorStep(
      security,
      setup,
      form({ intent: "verify", code: totpCode(secret, new Date()) }),
      echoQr,
    );
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
    expect(mismatch.fieldErrors.code).toMatch(/didn't match/);

    const empty = await runAuthenticatorStep(security, setup, form({ intent: "verify", code: " " }), echoQr);
    expect(empty.fieldErrors.code).toBe("Confirmation code cannot be empty");
    const letters = await runAuthenticatorStep(security, setup, form({ intent: "verify", code: "12ab56" }), echoQr);
    expect(letters.fieldErrors.code).toMatch(/6 digits/);

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
    const stale = await runAuthenticatorStep(
      security,
      second,
      form({ intent: "verify", code: totpCode(first.setup!.secretCode, new Date()) }),
      echoQr,
    );
    expect(stale.status).toBe("setup");
    expect((await security.authenticatorStatus()).enabled).toBe(false);
  });

  it("starting and turning off ask for the current password once the sign-in is old: the error sits on that field", async () => {
    const security = await newMember(Date.now() - 60 * 60_000);
    const off = await initialAuthenticatorState(security);
    const refused = await runAuthenticatorStep(security, off, form({ intent: "start" }), echoQr);
    expect(refused).toMatchObject({
      status: "off",
      tone: "error",
      message: "",
      fieldErrors: { currentPassword: "Enter your current password to set up an authenticator app." },
    });
    const setup = await runAuthenticatorStep(
      security,
      off,
      form({ intent: "start", currentPassword: password }),
      echoQr,
    );
    const on = await runAuthenticatorStep(
      security,
      setup,
      form({ intent: "verify", code: totpCode(setup.setup!.secretCode, new Date()) }),
      echoQr,
    );
    expect(on.status).toBe("on");

    // Replacing: cancelling keeps the app that is on.
    const replacing = await runAuthenticatorStep(
      security,
      on,
      form({ intent: "start", currentPassword: password }),
      echoQr,
    );
    expect(replacing).toMatchObject({ status: "setup", replacing: true });
    expect(await runAuthenticatorStep(security, replacing, form({ intent: "cancel" }), echoQr)).toMatchObject({
      status: "on",
    });

    const wrong = await runAuthenticatorStep(
      security,
      on,
      form({ intent: "disable", currentPassword: "Wrong-Pass-9!" }),
      echoQr,
    );
    expect(wrong).toMatchObject({ status: "on", fieldErrors: { currentPassword: "Current password is incorrect." } });
    expect((await security.authenticatorStatus()).enabled).toBe(true);
  });

  it("refuses an unknown step and reports a provider failure without losing the page's state", async () => {
    const security = await newMember();
    const off = await initialAuthenticatorState(security);
    expect(await runAuthenticatorStep(security, off, form({ intent: "explode" }), echoQr)).toMatchObject({
      status: "off",
      tone: "error",
      message: "Unknown authenticator step",
    });
    const broken: AuthenticatorChanges = {
      ...security,
      startAuthenticatorSetup: () => Promise.reject(new Error("socket hang up")),
    };
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await runAuthenticatorStep(broken, off, form({ intent: "start" }), echoQr)).toMatchObject({
        status: "off",
        tone: "error",
        message: "Network Error",
      });
    } finally {
      quiet.mockRestore();
    }
  });
});
