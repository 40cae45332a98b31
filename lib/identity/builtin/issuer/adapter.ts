import { createHash } from "node:crypto";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { errors } from "oidc-provider";
import type { Db } from "../../../db/open";
import { getDb } from "../../../db/client";
import { preparedPerDatabase } from "../../../db/prepared";
import { identityOidcModels } from "../../../db/schema/identity";

/**
 * oidc-provider's storage adapter over one database table, so the built-in issuer's sessions,
 * interactions, grants, codes and tokens are shared by every app instance and survive restarts.
 * The method set is oidc-provider's Adapter interface; payloads are stored as given (JSON), except
 * for bearer credentials (see HASHED_MODELS).
 */
export type OidcPayload = Record<string, unknown> & {
  grantId?: string;
  userCode?: string;
  uid?: string;
  consumed?: number;
};

export interface OidcAdapter {
  upsert(id: string, payload: OidcPayload, expiresIn?: number): Promise<void>;
  find(id: string): Promise<OidcPayload | undefined>;
  findByUid(uid: string): Promise<OidcPayload | undefined>;
  findByUserCode(userCode: string): Promise<OidcPayload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

export type OidcAdapterOptions = { db?: Db; now?: () => Date };

// Single-use credentials: a second use means somebody else holds a copy (RFC 6749 4.1.2, RFC 9700 4.14.2).
const SINGLE_USE = new Set(["AuthorizationCode", "RefreshToken"]);

/**
 * The models whose id is itself a credential: whoever holds an access token, refresh token or code
 * uses it. They are stored under the SHA-256 of the id, and without the id in the payload (`jti`), so
 * a copied row, a backup or a database read gives nothing to present: the ids are 256 random bits
 * (oidc-provider's opaque format), so a plain hash cannot be reversed by guessing, and needs no key
 * that would sit beside it. Sessions, interactions and device codes stay by id: they are found by
 * `uid` or user code too, where the id could not be put back. Migration 0027 hashed the rows
 * written before.
 */
export const HASHED_MODELS: ReadonlySet<string> = new Set([
  "AccessToken",
  "AuthorizationCode",
  "RefreshToken",
  "ClientCredentials",
  "BackchannelAuthenticationRequest",
  "PushedAuthorizationRequest",
]);

/** The row id a credential is stored under: its SHA-256, in hex (as migration 0027 writes it). */
export function storedCredentialId(id: string): string {
  return createHash("sha256").update(id, "utf8").digest("hex");
}

// Expired rows are swept a few at a time whenever a new interaction starts (a sign-in begins).
const SWEEP_BATCH = 200;

/**
 * A live (unexpired) model by one of its keys, prepared: `find` reads an opaque access token on every
 * API call made with one.
 */
const liveModelBy = (key: "id" | "uid" | "userCode") =>
  preparedPerDatabase((db) =>
    db
      .select({ payload: identityOidcModels.payload, consumedAt: identityOidcModels.consumedAt })
      .from(identityOidcModels)
      .where(
        and(
          eq(identityOidcModels.model, sql.placeholder("model")),
          eq(identityOidcModels[key], sql.placeholder("key")),
          or(isNull(identityOidcModels.expiresAt), gt(identityOidcModels.expiresAt, sql.placeholder("now"))),
        ),
      )
      .limit(1)
      .prepare(`oidc_model_by_${key}`),
  );
const liveModelReads = { id: liveModelBy("id"), uid: liveModelBy("uid"), userCode: liveModelBy("userCode") };

class DatabaseOidcAdapter implements OidcAdapter {
  constructor(
    private readonly model: string,
    private readonly options: OidcAdapterOptions,
  ) {}

  private get hashed(): boolean {
    return HASHED_MODELS.has(this.model);
  }

  /** The row id of a model id (see HASHED_MODELS). */
  private key(id: string): string {
    return this.hashed ? storedCredentialId(id) : id;
  }

  private db(): Promise<Db> {
    return this.options.db ? Promise.resolve(this.options.db) : getDb();
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  async upsert(id: string, payload: OidcPayload, expiresIn?: number): Promise<void> {
    const db = await this.db();
    const now = this.now();
    const expiresAt = typeof expiresIn === "number" ? new Date(now.getTime() + expiresIn * 1000) : null;
    let stored = payload;
    if (this.hashed) {
      const { jti: _clear, ...rest } = payload;
      stored = rest;
    }
    const row = {
      model: this.model,
      id: this.key(id),
      payload: stored,
      grantId: typeof payload.grantId === "string" ? payload.grantId : null,
      accountId: typeof payload.accountId === "string" ? payload.accountId : null,
      userCode: typeof payload.userCode === "string" ? payload.userCode : null,
      uid: typeof payload.uid === "string" ? payload.uid : null,
      expiresAt,
      consumedAt: null,
    };
    await db
      .insert(identityOidcModels)
      .values(row)
      .onConflictDoUpdate({
        target: [identityOidcModels.model, identityOidcModels.id],
        set: {
          payload: row.payload,
          grantId: row.grantId,
          accountId: row.accountId,
          userCode: row.userCode,
          uid: row.uid,
          expiresAt: row.expiresAt,
          consumedAt: null,
        },
      });
    if (this.model === "Interaction") await sweepExpiredOidcModels(db, now);
  }

  private async findBy(
    key: keyof typeof liveModelReads,
    value: string,
    jti?: string,
  ): Promise<OidcPayload | undefined> {
    const read = liveModelReads[key](await this.db());
    const [row] = await read.execute({ model: this.model, key: value, now: this.now().toISOString() });
    if (!row) return undefined;
    const payload = { ...row.payload } as OidcPayload;
    // The id the caller presented is the token: oidc-provider reads it back from `jti`.
    if (jti !== undefined && this.hashed) payload.jti = jti;
    // oidc-provider reads `consumed` (epoch seconds) to refuse a code or token used twice.
    if (row.consumedAt) payload.consumed = Math.floor(row.consumedAt.getTime() / 1000);
    return payload;
  }

  find(id: string) {
    return this.findBy("id", this.key(id), id);
  }

  findByUid(uid: string) {
    return this.findBy("uid", uid);
  }

  findByUserCode(userCode: string) {
    return this.findBy("userCode", userCode);
  }

  /**
   * Marks a code or token used. oidc-provider checks `consumed` when it reads one, but two requests
   * with the same code or refresh token can both read it unused: the mark is set only if not set yet,
   * and the request that comes second is refused and ends the grant, as a replay does.
   */
  async consume(id: string): Promise<void> {
    const db = await this.db();
    const mine = and(eq(identityOidcModels.model, this.model), eq(identityOidcModels.id, this.key(id)));
    if (!SINGLE_USE.has(this.model)) {
      await db.update(identityOidcModels).set({ consumedAt: this.now() }).where(mine);
      return;
    }
    const [marked] = await db
      .update(identityOidcModels)
      .set({ consumedAt: this.now() })
      .where(and(mine, isNull(identityOidcModels.consumedAt)))
      .returning({ id: identityOidcModels.id });
    if (marked) return;
    const [row] = await db
      .select({ grantId: identityOidcModels.grantId })
      .from(identityOidcModels)
      .where(mine)
      .limit(1);
    if (row?.grantId) await this.revokeGrant(row.grantId);
    throw new errors.InvalidGrant(
      `${this.model === "RefreshToken" ? "refresh token" : "authorization code"} already used`,
    );
  }

  /** The grant itself and everything issued under it. */
  private async revokeGrant(grantId: string): Promise<void> {
    const db = await this.db();
    await db
      .delete(identityOidcModels)
      .where(
        or(
          eq(identityOidcModels.grantId, grantId),
          and(eq(identityOidcModels.model, "Grant"), eq(identityOidcModels.id, grantId)),
        ),
      );
  }

  async destroy(id: string): Promise<void> {
    const db = await this.db();
    await db
      .delete(identityOidcModels)
      .where(and(eq(identityOidcModels.model, this.model), eq(identityOidcModels.id, this.key(id))));
  }

  /** Every code and token of a grant goes at once (all models), e.g. when a refresh token is reused. */
  async revokeByGrantId(grantId: string): Promise<void> {
    const db = await this.db();
    await db.delete(identityOidcModels).where(eq(identityOidcModels.grantId, grantId));
  }
}

/**
 * Ends the issuer's own sessions, grants and tokens of an account (sign-out everywhere, password
 * reset or change, disabled account): otherwise its single sign-on session would sign the member
 * straight back in, with no password, after their app session was revoked.
 */
export async function revokeIssuerSessionsOf(db: Db, accountId: string): Promise<void> {
  await db.delete(identityOidcModels).where(eq(identityOidcModels.accountId, accountId));
}

/** Deletes a batch of expired rows (any instance may do it; deleting twice is harmless). */
async function sweepExpiredOidcModels(db: Db, now: Date): Promise<void> {
  await db.execute(sql`
    delete from identity_oidc_models
    where (model, id) in (
      select model, id from identity_oidc_models where expires_at < ${now.toISOString()}::timestamptz limit ${SWEEP_BATCH}
    )`);
}

/** The `adapter` option of oidc-provider: called with a model name, answers that model's adapter. */
export function createOidcAdapter(options: OidcAdapterOptions = {}): (model: string) => OidcAdapter {
  return (model: string) => new DatabaseOidcAdapter(model, options);
}
