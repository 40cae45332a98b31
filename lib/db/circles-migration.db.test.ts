import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { sql } from "drizzle-orm";
import { useMigrationScratch } from "./migration-testing";
import { describe, expect, it } from "vitest";
import { pglitePool } from "./pglite-pool";

// The one-circle-per-person rows (circle_members keyed by member_id, the circle named by its owner)
// become circles with roles: migrate up to 0011, write the old shape, then run the rest.
const { migrationsFolder: migrations, migrationsUpTo } = useMigrationScratch("circles-migration");

describe("the circles migration", () => {
  it("turns each owner's members into one circle named after them, with roles; invitations name it", async () => {
    const client = new PGlite();
    const pool = pglitePool(client);
    const db = drizzle({ client: pool });
    await migrate(db, { migrationsFolder: migrationsUpTo("0010_waitlist_double_opt_in") });
    await db.execute(sql`
      insert into circle_invitations (id, owner_id, owner_name, channel, recipient, token_hash, status, expires_at, accepted_by)
      values
        ('11111111-1111-4111-8111-111111111111', 'owner-a', 'Alma', 'email', 'kid@example.com', 'h1', 'accepted', now() + interval '1 day', 'kid-a'),
        ('22222222-2222-4222-8222-222222222222', 'owner-a', 'Alma', 'sms', '+14155550100', 'h2', 'pending', now() + interval '1 day', null),
        ('33333333-3333-4333-8333-333333333333', 'owner-b', '', 'email', 'x@example.com', 'h3', 'pending', now() + interval '1 day', null)`);
    await db.execute(sql`
      insert into circle_members (member_id, owner_id, invitation_id, name, contact)
      values ('kid-a', 'owner-a', '11111111-1111-4111-8111-111111111111', 'Kit', 'kid@example.com'),
             ('gran-a', 'owner-a', null, 'Gran', '+14155550199')`);
    await migrate(db, { migrationsFolder: migrations });

    const circles = await db.execute<{ id: string; name: string; owner_id: string }>(
      sql`select id, name, owner_id from circles order by owner_id`,
    );
    expect(circles.rows.map((row) => [row.owner_id, row.name])).toEqual([
      ["owner-a", "Alma's circle"],
      ["owner-b", "My circle"],
    ]);
    const [a, b] = circles.rows;
    const memberships = await db.execute<{ circle_id: string; member_id: string; role: string; name: string | null }>(
      sql`select circle_id, member_id, role, name from circle_memberships order by member_id`,
    );
    expect(memberships.rows).toEqual([
      { circle_id: a!.id, member_id: "gran-a", role: "member", name: "Gran" },
      { circle_id: a!.id, member_id: "kid-a", role: "member", name: "Kit" },
      { circle_id: a!.id, member_id: "owner-a", role: "owner", name: null },
      { circle_id: b!.id, member_id: "owner-b", role: "owner", name: null },
    ]);
    const invitations = await db.execute<{ owner_id: string; circle_id: string; role: string }>(
      sql`select owner_id, circle_id, role from circle_invitations order by token_hash`,
    );
    expect(invitations.rows).toEqual([
      { owner_id: "owner-a", circle_id: a!.id, role: "member" },
      { owner_id: "owner-a", circle_id: a!.id, role: "member" },
      { owner_id: "owner-b", circle_id: b!.id, role: "member" },
    ]);
    const old = await db.execute(sql`select to_regclass('circle_members') as gone`);
    expect(old.rows[0]).toEqual({ gone: null });
    await pool.end();
    await client.close();
  }, 120_000);
});
