import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * Accounts of the built-in identity provider (used when no Cognito pool is configured). Statuses follow
 * Cognito's so both adapters speak the same language. Email is unique regardless of letter case.
 */
export const identityAccounts = pgTable(
  "identity_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    givenName: text("given_name").notNull(),
    familyName: text("family_name").notNull(),
    phoneNumber: text("phone_number"),
    emailVerified: boolean("email_verified").notNull().default(false),
    phoneNumberVerified: boolean("phone_number_verified").notNull().default(false),
    status: text("status", {
      enum: ["UNCONFIRMED", "CONFIRMED", "FORCE_CHANGE_PASSWORD", "RESET_REQUIRED", "DISABLED"],
    })
      .notNull()
      .default("UNCONFIRMED"),
    // PHC-style string: algorithm, parameters, salt and hash together (see lib/identity/password.ts).
    passwordHash: text("password_hash").notNull(),
    // A temporary password (account created for someone) stops working after this.
    temporaryPasswordExpiresAt: timestamp("temporary_password_expires_at", { withTimezone: true }),
    totpSecret: text("totp_secret"),
    totpPendingSecret: text("totp_pending_secret"),
    totpEnabled: boolean("totp_enabled").notNull().default(false),
    // The last 30-second step a TOTP code was accepted for: the same code never works twice.
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    smsMfaEnabled: boolean("sms_mfa_enabled").notNull().default(false),
    preferredMfa: text("preferred_mfa", { enum: ["SOFTWARE_TOKEN_MFA", "SMS_MFA"] }),
    // Sessions (cookies, tokens) issued before this instant are no longer accepted.
    sessionsValidAfter: timestamp("sessions_valid_after", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("identity_accounts_email_lower_key").on(sql`lower(${table.email})`)],
);

/** One-time codes (sign-up confirmation, password reset, SMS MFA, phone verification), stored hashed. */
export const identityCodes = pgTable(
  "identity_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => identityAccounts.id, { onDelete: "cascade" }),
    purpose: text("purpose", {
      enum: ["confirm_sign_up", "reset_password", "sms_mfa", "verify_phone", "verify_email"],
    }).notNull(),
    codeHash: text("code_hash").notNull(),
    // For SMS MFA the code belongs to one sign-in challenge.
    challengeId: uuid("challenge_id"),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("identity_codes_account_purpose_idx").on(table.accountId, table.purpose)],
);

/**
 * A sign-in in progress between the password and the answer to a challenge (MFA, new password):
 * what Cognito calls the Session. Only the hash of the session token is kept. AUTO_SIGN_IN is the
 * browser that signed up: confirming the code there signs the member in without the password.
 */
export const identityChallenges = pgTable(
  "identity_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => identityAccounts.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    name: text("name", {
      enum: ["NEW_PASSWORD_REQUIRED", "SOFTWARE_TOKEN_MFA", "SMS_MFA", "SELECT_MFA_TYPE", "MFA_SETUP", "AUTO_SIGN_IN"],
    }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("identity_challenges_token_key").on(table.tokenHash)],
);

/**
 * Failed-attempt counters and locks, per subject ("account:<lower email>" or "address:<ip>"). Kept in
 * the database so every app instance sees the same lock.
 */
export const identityLockouts = pgTable("identity_lockouts", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  firstFailureAt: timestamp("first_failure_at", { withTimezone: true, precision: 3 }).notNull(),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true, precision: 3 }).notNull(),
  // No attempt is looked at before this instant (the progressive delay, then the lock).
  blockedUntil: timestamp("blocked_until", { withTimezone: true, precision: 3 }),
});

/**
 * Devices that completed MFA with "remember this device" (Cognito's tracked devices): MFA is skipped
 * on a remembered one until it expires; the member can mark one not remembered, or forget it.
 */
export const identityDevices = pgTable(
  "identity_devices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => identityAccounts.id, { onDelete: "cascade" }),
    keyHash: text("key_hash").notNull(),
    // What the member sees in the list: the browser and system it signed in from.
    name: text("name").notNull().default("Unknown device"),
    remembered: boolean("remembered").notNull().default(true),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("identity_devices_key_key").on(table.keyHash),
    index("identity_devices_account_idx").on(table.accountId),
  ],
);

/**
 * The built-in OIDC issuer's (oidc-provider) storage: sessions, interactions, grants, codes and tokens,
 * one row per model instance, so every app instance sees the same ones and restarts lose nothing.
 */
export const identityOidcModels = pgTable(
  "identity_oidc_models",
  {
    model: text("model").notNull(),
    id: text("id").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    grantId: text("grant_id"),
    // Whose session, grant or token this is: "sign out everywhere" deletes them all.
    accountId: text("account_id"),
    userCode: text("user_code"),
    uid: text("uid"),
    expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3 }),
    consumedAt: timestamp("consumed_at", { withTimezone: true, precision: 3 }),
  },
  (table) => [
    primaryKey({ name: "identity_oidc_models_pkey", columns: [table.model, table.id] }),
    index("identity_oidc_models_grant_idx").on(table.grantId),
    index("identity_oidc_models_account_idx").on(table.accountId),
    index("identity_oidc_models_uid_idx").on(table.model, table.uid),
    index("identity_oidc_models_user_code_idx").on(table.model, table.userCode),
    index("identity_oidc_models_expires_idx").on(table.expiresAt),
  ],
);

/**
 * The issuer's keys (token signing keys, cookie keys), generated once by whichever instance starts
 * first and then shared: restarts and other instances keep using them, so sessions survive.
 */
export const identityIssuerSecrets = pgTable("identity_issuer_secrets", {
  name: text("name").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * App sessions signed out one at a time (Log Out). The session cookie is a JWT: clearing it in this
 * browser is not enough when a copy of it, or a response still in flight that re-sets it, comes
 * back. Kept until the session would have expired anyway.
 */
export const authEndedSessions = pgTable(
  "auth_ended_sessions",
  {
    sessionId: text("session_id").primaryKey(),
    endedAt: timestamp("ended_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("auth_ended_sessions_expires_idx").on(table.expiresAt)],
);

/**
 * With Cognito, where the app keeps each member's revocation point: sessions the app issued before
 * `sessionsValidAfter` are refused (sign out everywhere, a password change or reset). Cognito's
 * GlobalSignOut revokes the refresh tokens but not the access tokens already handed out, and the
 * app's session would otherwise live on until its access token expires. Keyed by Cognito's `sub`;
 * the built-in provider keeps the same point on its account row (identity_accounts.sessions_valid_after).
 */
export const identitySessionCutoffs = pgTable("identity_session_cutoffs", {
  memberId: text("member_id").primaryKey(),
  sessionsValidAfter: timestamp("sessions_valid_after", { withTimezone: true, precision: 3 }).notNull(),
});

/**
 * What the API knows of a Cognito user's pool attributes, keyed by `sub` (the member id): API calls
 * with the member's access token read it instead of asking the pool each time. It is refreshed with
 * GetUser at most once per access token (a token issued after `fetchedAt` is newer than the copy),
 * and only for operations that need the attributes. Deleted with the member's account.
 */
export const identityPoolMembers = pgTable("identity_pool_members", {
  memberId: text("member_id").primaryKey(),
  email: text("email").notNull(),
  name: text("name"),
  givenName: text("given_name"),
  familyName: text("family_name"),
  phoneNumber: text("phone_number"),
  fetchedAt: timestamp("fetched_at", { withTimezone: true, precision: 3 }).notNull(),
});
