import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { describe, expect, it } from "vitest";
import { useMigrationScratch } from "../../../db/migration-testing";
import type { Db } from "../../../db/open";
import { createOidcAdapter, storedCredentialId } from "./adapter";

// Migration 0027: the issuer's tokens and codes written before it, stored under their own value,
// are re-keyed by their SHA-256 and lose the clear `jti`; sessions and grants stay as they were.
// On PGlite, and on the PostgreSQL server named by TEST_DATABASE_URL when it is set.
const {
  migrationsFolder: migrations,
  migrationsUpTo,
  scratchDatabase,
} = useMigrationScratch("issuer-credentials-migration");

describe("the issuer credentials migration", () => {
  it("hashes the tokens and codes already stored, which still work; no clear token stays at rest", async () => {
    const db = await scratchDatabase();
    await migrate(db, { migrationsFolder: migrationsUpTo("0026_jobs_give_up_and_outbox_priority") });
    const accessToken = randomBytes(32).toString("base64url");
    const refreshToken = randomBytes(32).toString("base64url");
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const rows = [
      ["AccessToken", accessToken, { jti: accessToken, kind: "AccessToken", accountId: "acc-1", exp }],
      ["RefreshToken", refreshToken, { jti: refreshToken, kind: "RefreshToken", accountId: "acc-1", exp }],
      ["Session", "session-1", { jti: "session-1", kind: "Session", uid: "uid-1", accountId: "acc-1", exp }],
      ["Grant", "grant-1", { jti: "grant-1", kind: "Grant", accountId: "acc-1", exp }],
    ] as const;
    for (const [model, id, payload] of rows)
      await db.execute(sql`
        insert into identity_oidc_models (model, id, payload, account_id, expires_at)
        values (${model}, ${id}, ${JSON.stringify(payload)}::jsonb, 'acc-1', now() + interval '1 hour')`);

    await migrate(db, { migrationsFolder: migrations });

    const after = await db.execute<{ model: string; id: string; payload: unknown }>(
      sql`select model, id, payload from identity_oidc_models order by model`,
    );
    const text = JSON.stringify(after.rows);
    expect(text).not.toContain(accessToken);
    expect(text).not.toContain(refreshToken);
    expect(after.rows.map((row) => [row.model, row.id])).toEqual([
      ["AccessToken", storedCredentialId(accessToken)],
      ["Grant", "grant-1"],
      ["RefreshToken", storedCredentialId(refreshToken)],
      ["Session", "session-1"],
    ]);

    const adapter = createOidcAdapter({ db: db as unknown as Db });
    expect(await adapter("AccessToken").find(accessToken)).toMatchObject({ jti: accessToken, accountId: "acc-1" });
    expect(await adapter("RefreshToken").find(refreshToken)).toMatchObject({ jti: refreshToken });
    expect(await adapter("AccessToken").find(storedCredentialId(accessToken))).toBeUndefined();
    expect(await adapter("Session").find("session-1")).toMatchObject({ jti: "session-1", uid: "uid-1" });
  }, 120_000);
});
