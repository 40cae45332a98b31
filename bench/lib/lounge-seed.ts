import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "@/lib/db/open";

/**
 * The Lounge table the bench reads (the `lounge-api` section's server and the `lounge-page` section's
 * `next start`): the member and nine others at one table of an adult room ("family-life") with 50
 * posts, a third of them replies, the member's own cheered; beside 200 other tables of that room with
 * ten seats and 50 posts each, so the table's read finds its rows by index. Everyone's clock says
 * midday, so the room is open.
 */
export async function seedLoungeTable(db: Db, memberId: string): Promise<{ roomId: string }> {
  // lib's stores are server-only (the `react-server` condition): imported here, inside a process
  // started with it (api-server.ts, or this file run as a script below).
  const { sql } = await import("drizzle-orm");
  const { loungeCheers, loungePosts, loungeRooms } = await import("@/lib/db/schema/lounge");
  const { memberProfiles } = await import("@/lib/db/schema/profile");
  const { getLoungeTable, joinLounge, LOUNGE_RULES_VERSION } = await import("@/lib/lounge");
  const [room] = await db
    .select()
    .from(loungeRooms)
    .where(sql`${loungeRooms.slug} = 'family-life'`);
  const zone = zoneAt(12);
  const people = [memberId, ...Array.from({ length: 9 }, (_, n) => `bench-lounger-${n}`)];
  // The member's profile exists from sign-up (their name): only its zone is set.
  await db
    .insert(memberProfiles)
    .values(people.map((id) => ({ memberId: id, timezone: zone })))
    .onConflictDoUpdate({ target: memberProfiles.memberId, set: { timezone: zone } });
  for (const [n, person] of people.entries()) {
    await joinLounge(
      { memberId: person, name: null },
      { loungeName: `Quiet Reader ${"abcdefghij"[n]}`, rulesVersion: LOUNGE_RULES_VERSION },
      { db },
    );
    await getLoungeTable(person, { roomId: room!.id }, { db });
  }
  const table = await getLoungeTable(memberId, { roomId: room!.id }, { db });
  const start = Date.now() - 3 * 3_600_000;
  const firsts: string[] = [];
  for (let i = 0; i < 50; i++) {
    const replyTo = i % 3 === 2 ? firsts[Math.floor(Math.random() * firsts.length)]! : null;
    const [row] = await db
      .insert(loungePosts)
      .values({
        roomId: room!.id,
        tableId: table.tableId,
        authorId: people[i % people.length]!,
        replyTo,
        text: `A post of a few words, number ${i}, about the small things of the day.`,
        status: "published",
        createdAt: new Date(start + i * 120_000),
      })
      .returning({ id: loungePosts.id, authorId: loungePosts.authorId });
    if (!replyTo) firsts.push(row!.id);
    if (row!.authorId === memberId) await db.insert(loungeCheers).values({ postId: row!.id, fromId: people[1]! });
  }
  await db.execute(
    sql.raw(`insert into lounge_tables (id, room_id, number)
      select md5('bench-table-' || g)::uuid, '${room!.id}', g + 1 from generate_series(1, 200) g`),
  );
  await db.execute(
    sql.raw(`insert into lounge_seats (room_id, member_id, table_id)
      select '${room!.id}', 'bench-other-' || g || '-' || k, md5('bench-table-' || g)::uuid
      from generate_series(1, 200) g, generate_series(0, 9) k`),
  );
  await db.execute(
    sql.raw(`insert into lounge_posts (room_id, table_id, author_id, text, status, created_at)
      select '${room!.id}', md5('bench-table-' || g)::uuid, 'bench-other-' || g || '-' || (p % 10),
        'Another table''s post ' || p, 'published', now() - (p || ' minutes')::interval
      from generate_series(1, 200) g, generate_series(1, 50) p`),
  );
  await db.execute(sql.raw("analyze"));
  return { roomId: room!.id };
}

/** A fixed zone where the local hour is `hour` now: the Lounge's rooms open by the member's clock. */
function zoneAt(hour: number): string {
  let offset = (hour - new Date().getUTCHours() + 24) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? "Etc/UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
}

/**
 * For a running `next start` on PostgreSQL: seeds the table for the one member the run signed up (the
 * scratch database's only profile), in a child process with the `react-server` condition; the room id.
 */
export function seedLoungeTableOn(databaseUrl: string): string {
  const out = execFileSync(
    process.execPath,
    [
      path.join("node_modules", "tsx", "dist", "cli.mjs"),
      "--conditions=react-server",
      fileURLToPath(import.meta.url),
      databaseUrl,
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], timeout: 300_000 },
  );
  const roomId = /^roomId=(\S+)$/m.exec(out)?.[1];
  if (!roomId) throw new Error(`lounge seed: no room id in ${JSON.stringify(out.slice(-300))}`);
  return roomId;
}

// Run as a script (by seedLoungeTableOn above): node tsx --conditions=react-server lounge-seed.ts <databaseUrl>.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [databaseUrl] = process.argv.slice(2);
  if (!databaseUrl) throw new Error("lounge-seed.ts <databaseUrl>");
  const { openDatabase } = await import("@/lib/db/open");
  const { installDatabase } = await import("@/lib/db/client");
  const { memberProfiles } = await import("@/lib/db/schema/profile");
  const database = await openDatabase({ kind: "postgres", url: databaseUrl });
  installDatabase(database);
  try {
    const profiles = await database.db.select({ memberId: memberProfiles.memberId }).from(memberProfiles);
    if (profiles.length !== 1) throw new Error(`lounge seed: expected the run's one member, found ${profiles.length}`);
    const { roomId } = await seedLoungeTable(database.db, profiles[0]!.memberId);
    console.log(`roomId=${roomId}`);
  } finally {
    await database.close();
  }
}
