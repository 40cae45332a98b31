import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pglitePool } from "./pglite-pool";

const notes = pgTable("notes", { id: integer("id").primaryKey(), body: text("body").notNull() });

let pglite: PGlite;
let pool: pg.Pool;
beforeAll(async () => {
  pglite = new PGlite();
  pool = pglitePool(pglite);
  await pool.query("create table notes (id integer primary key, body text not null)");
}, 60_000);
afterAll(async () => {
  await pool.end();
  await pglite.close();
});

const named = (id: number) =>
  pool.query<{ body: string }>({ name: "note_by_id", text: "select body from notes where id = $1", values: [id] });

describe("the embedded database through node-postgres", () => {
  it("answers a named statement again after a failed query replaced the pool's client", async () => {
    await pool.query("insert into notes values (1, 'first')");
    expect((await named(1)).rows).toEqual([{ body: "first" }]);
    // The pool ends a client whose query failed; its successor re-parses note_by_id under the same name.
    await expect(pool.query("select 1 / 0")).rejects.toThrow("division by zero");
    await expect(pool.query("insert into notes values (1, 'again')")).rejects.toMatchObject({ code: "23505" });
    expect((await named(1)).rows).toEqual([{ body: "first" }]);
  });

  it("gives a transaction the session to itself: a query from outside waits for it and never sees a rolled-back row", async () => {
    const client = await pool.connect();
    await client.query("begin");
    await client.query("insert into notes values (2, 'rolled back')");
    const outside = pool.query<{ n: number }>("select count(*)::int as n from notes where id = 2");
    await new Promise((resolve) => setTimeout(resolve, 50));
    await client.query("rollback");
    client.release();
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });

  it("recovers a transaction whose statement failed: it rolls back and the client serves the next query", async () => {
    const db = drizzle({ client: pool });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(notes).values({ id: 3, body: "lost" });
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    expect(await db.select().from(notes).where(eq(notes.id, 3))).toEqual([]);
  });

  it("runs drizzle's prepared queries, which pass their type parsers along with the statement", async () => {
    const db = drizzle({ client: pool });
    const byId = db
      .select({ body: notes.body })
      .from(notes)
      .where(eq(notes.id, sql.placeholder("id")))
      .prepare("drizzle_note_by_id");
    expect(await byId.execute({ id: 1 })).toEqual([{ body: "first" }]);
    expect(await byId.execute({ id: 404 })).toEqual([]);
  });
});
