import "server-only";
import { and, count, isNull, lt, min, sql } from "drizzle-orm";
import { plans } from "@/config/plans";
import type { Config } from "./config";
import type { Db } from "./db/open";
import { outbox } from "./db/schema";
import { MAX_ATTEMPTS } from "./mail/deliver";
import { getIssuerJwks } from "./identity/builtin/issuer/keys";
import type { BillingProvider } from "./billing/port";
import { logError } from "./log";

/** One dependency's state: `down` it does not answer, `degraded` it answers but is behind. */
export type DependencyState = { state: "ok" | "degraded" | "down"; detail: string };
export type Health = {
  /** `unavailable` (503) only when this instance cannot serve at all: its database does not answer. */
  status: "ok" | "unavailable";
  dependencies: {
    database: DependencyState;
    messages: DependencyState;
    identity: DependencyState;
    billing: DependencyState;
  };
};

/** An email waiting longer than this means the deliverer is behind (it retries within minutes). */
export const MESSAGE_BACKLOG_AGE_SECONDS = 10 * 60;
/** Remote checks (identity keys, billing) are remembered this long: a load balancer polls every few seconds. */
export const REMOTE_CHECK_TTL_MS = 30_000;
const REMOTE_TIMEOUT_MS = 3_000;

export type HealthDeps = {
  config: Config;
  db: () => Promise<Db>;
  billing: () => Promise<BillingProvider>;
  fetch?: typeof fetch;
  now?: () => number;
};

const remembered = new Map<string, { at: number; state: DependencyState }>();

/** For tests: forget the remembered remote checks. */
export function forgetRemoteChecks(): void {
  remembered.clear();
}

async function rememberedCheck(
  key: string,
  now: number,
  check: () => Promise<DependencyState>,
): Promise<DependencyState> {
  const last = remembered.get(key);
  if (last && now - last.at < REMOTE_CHECK_TTL_MS) return last.state;
  const state = await check();
  remembered.set(key, { at: now, state });
  return state;
}

const down = (what: string, error: unknown): DependencyState => {
  logError(`health: ${what} check failed`, error);
  return { state: "down", detail: `${what} does not answer` };
};

const withTimeout = <T>(promise: Promise<T>) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timed out")), REMOTE_TIMEOUT_MS)),
  ]);

async function checkDatabase(db: Db): Promise<DependencyState> {
  await db.execute(sql`select 1`);
  return { state: "ok", detail: "answering" };
}

async function checkMessages(db: Db, config: Config, now: number): Promise<DependencyState> {
  const rows = await db
    .select({ channel: outbox.channel, waiting: count(), oldest: min(outbox.createdAt) })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), lt(outbox.attempts, MAX_ATTEMPTS)))
    .groupBy(outbox.channel);
  const backlog = (channel: "email" | "sms") => {
    const row = rows.find((candidate) => candidate.channel === channel);
    return {
      waiting: row?.waiting ?? 0,
      oldestAge: row?.oldest ? Math.floor((now - new Date(row.oldest).getTime()) / 1000) : 0,
    };
  };
  // Only a channel with a provider has a deliverer to fall behind; the others are kept on purpose.
  const delivered = [
    ...(config.mail.smtpUrl ? [{ label: "email(s)", ...backlog("email") }] : []),
    ...(config.sms.kind === "sns" ? [{ label: "text(s)", ...backlog("sms") }] : []),
  ];
  if (delivered.length === 0)
    return { state: "ok", detail: `outbox only (not delivered): ${backlog("email").waiting} email(s) kept` };
  const behind = delivered.find(({ waiting, oldestAge }) => waiting > 0 && oldestAge > MESSAGE_BACKLOG_AGE_SECONDS);
  if (behind)
    return {
      state: "degraded",
      detail: `${behind.waiting} ${behind.label} waiting, the oldest for ${behind.oldestAge} s`,
    };
  return { state: "ok", detail: delivered.map(({ waiting, label }) => `${waiting} ${label} waiting`).join(", ") };
}

async function checkIdentity(deps: HealthDeps, db: Db, now: number): Promise<DependencyState> {
  const identity = deps.config.identity;
  if (identity.kind === "builtin") {
    const { keys } = await getIssuerJwks(db);
    return keys.length > 0
      ? { state: "ok", detail: "built-in issuer keys loaded" }
      : { state: "down", detail: "built-in issuer has no key" };
  }
  return rememberedCheck(`jwks ${identity.issuer}`, now, async () => {
    try {
      const response = await withTimeout((deps.fetch ?? fetch)(`${identity.issuer}/.well-known/jwks.json`));
      const body = response.ok ? ((await response.json()) as { keys?: unknown[] }) : {};
      if (!Array.isArray(body.keys) || body.keys.length === 0)
        return { state: "down", detail: `Cognito key set answered ${response.status} without keys` };
      return { state: "ok", detail: `Cognito key set: ${body.keys.length} key(s)` };
    } catch (error) {
      return down("Cognito key set", error);
    }
  });
}

async function checkBilling(deps: HealthDeps, now: number): Promise<DependencyState> {
  if (deps.config.billing.kind === "sandbox")
    return { state: "ok", detail: "sandbox (embedded demo: no real payments)" };
  return rememberedCheck("billing", now, async () => {
    try {
      const prices = await withTimeout((await deps.billing()).listActivePrices(plans.map((plan) => plan.lookupKey)));
      if (prices.length < plans.length)
        return { state: "degraded", detail: `Stripe has ${prices.length} of the ${plans.length} plans' prices` };
      return { state: "ok", detail: "Stripe answering with every plan's price" };
    } catch (error) {
      return down("Stripe", error);
    }
  });
}

/** Each dependency's state, cheaply: two small queries, and remote checks at most every 30 s. */
export async function checkHealth(deps: HealthDeps): Promise<Health> {
  const now = (deps.now ?? Date.now)();
  try {
    const db = await deps.db();
    const database = await checkDatabase(db);
    const [messages, identity, billing] = await Promise.all([
      checkMessages(db, deps.config, now).catch((error: unknown) => down("outbox", error)),
      checkIdentity(deps, db, now).catch((error: unknown) => down("identity provider", error)),
      checkBilling(deps, now),
    ]);
    return { status: "ok", dependencies: { database, messages, identity, billing } };
  } catch (error) {
    const unknown: DependencyState = { state: "down", detail: "not checked: the database does not answer" };
    return {
      status: "unavailable",
      dependencies: {
        database: down("database", error),
        messages: unknown,
        identity: unknown,
        billing: await checkBilling(deps, now),
      },
    };
  }
}
