import { expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { useTestDatabase } from "./testing";

const database = useTestDatabase();

it("applies every migration", async () => {
  const result = await database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
  );
  const tables = (result as unknown as { rows: { table_name: string }[] }).rows.map((row) => row.table_name);
  expect(tables).toEqual(
    expect.arrayContaining(["outbox", "rate_limit_counters", "waitlist_entries", "contact_messages"]),
  );
});
