import "server-only";
import type { Db } from "../db/open";
import { sendChangeNotice, type AccountChange } from "./change-notices";
import type { AuthenticatorStatus, CodeDelivery, IdentityPort, MfaMethod, SecurityOverview } from "./port";
import { reauthenticate, type ReauthenticationOptions } from "./reauthentication";

/**
 * The account changes a member makes from /my-account that could hand their account to someone else,
 * with both identity adapters (built-in and Cognito) behind them: each asks for the current password
 * or a recent sign-in (reauthentication.ts) before it reaches the identity provider, and each emails
 * the address the account had before it (change-notices.ts). The app's routes and actions make these
 * changes only through here.
 */
export type ChangingMember = { memberId: string; name: string | null; authenticatedAtMs?: number };

export type AccountChangesDeps = {
  identity: IdentityPort;
  db?: Db;
  now?: () => Date;
  reauthentication?: ReauthenticationOptions;
};

/** The authenticator-app steps of the account page (lib/auth/authenticator-form.ts). */
export interface AuthenticatorChanges {
  authenticatorStatus(): Promise<AuthenticatorStatus>;
  /** A new secret for the app; with an app already on, its replacement (on once its first code is verified). */
  startAuthenticatorSetup(password: string): Promise<{ secretCode: string; otpauthUri: string }>;
  finishAuthenticatorSetup(code: string): Promise<void>;
  disableAuthenticator(password: string): Promise<void>;
}

export type AccountChanges = AuthenticatorChanges & {
  changeEmail(email: string, password: string): Promise<CodeDelivery[]>;
  changePhone(phone: string, password: string): Promise<CodeDelivery[]>;
  removePhone(password: string): Promise<void>;
  setMfaPreference(input: { sms?: boolean; preferred?: MfaMethod | null }, password: string): Promise<void>;
  /** Builds the member's data download once they proved it is them; the account's address is told. */
  exportData<T>(password: string, build: (identity: IdentityPort) => Promise<T>): Promise<T>;
};

export function createAccountChanges(member: ChangingMember, deps: AccountChangesDeps): AccountChanges {
  const { identity } = deps;
  const prove = (password: string, purpose: string) =>
    reauthenticate(identity, { password, authenticatedAtMs: member.authenticatedAtMs }, purpose, {
      ...deps.reauthentication,
      now: deps.reauthentication?.now ?? deps.now?.().getTime(),
    });
  const notify = (before: SecurityOverview, change: AccountChange) =>
    sendChangeNotice({ memberId: member.memberId, email: before.email, name: member.name }, change, {
      db: deps.db,
      now: deps.now?.(),
    });
  const same = (a: string | null, b: string | null) => (a ?? "").toLowerCase() === (b ?? "").toLowerCase();

  return {
    async changeEmail(email, password) {
      await prove(password, "to change your email address");
      const before = await identity.overview();
      const deliveries = await identity.updateAttributes({ email });
      const after = await identity.overview();
      if (!same(before.email, after.email))
        await notify(before, { kind: "email", from: before.email, to: after.email });
      return deliveries;
    },

    async changePhone(phone, password) {
      await prove(password, "to change your phone number");
      const before = await identity.overview();
      const deliveries = await identity.updateAttributes({ phone_number: phone });
      const after = await identity.overview();
      if (!same(before.phoneNumber, after.phoneNumber)) await notify(before, { kind: "phone", to: after.phoneNumber });
      return deliveries;
    },

    async removePhone(password) {
      await prove(password, "to remove your phone number");
      const before = await identity.overview();
      await identity.deleteAttributes(["phone_number"]);
      if (before.phoneNumber) await notify(before, { kind: "phone", to: null });
    },

    async setMfaPreference(input, password) {
      await prove(password, "to change how you verify your sign-ins");
      const before = await identity.overview();
      await identity.setMfaPreference(input);
      const after = await identity.overview();
      const smsBefore = before.mfa.enabled.includes("SMS_MFA");
      const smsAfter = after.mfa.enabled.includes("SMS_MFA");
      if (smsBefore !== smsAfter) await notify(before, { kind: "sms-codes", on: smsAfter });
      else if (before.mfa.preferred !== after.mfa.preferred) await notify(before, { kind: "verification-preference" });
    },

    authenticatorStatus: () => identity.authenticatorStatus(),

    async startAuthenticatorSetup(password) {
      await prove(password, "to set up an authenticator app");
      return identity.startAuthenticatorSetup();
    },

    // The step after startAuthenticatorSetup, which asked for the password: the secret it made waits
    // at the identity provider, and only its first code turns the app on.
    async finishAuthenticatorSetup(code) {
      const wasOn = (await identity.authenticatorStatus()).enabled;
      await identity.finishAuthenticatorSetup(code);
      await notify(await identity.overview(), { kind: "authenticator", change: wasOn ? "replaced" : "on" });
    },

    async disableAuthenticator(password) {
      await prove(password, "to turn off the authenticator app");
      const before = await identity.overview();
      await identity.disableAuthenticator();
      await notify(before, { kind: "authenticator", change: "off" });
    },

    async exportData(password, build) {
      await prove(password, "to download your data");
      const before = await identity.overview();
      const data = await build(identity);
      await notify(before, { kind: "data-download" });
      return data;
    },
  };
}
