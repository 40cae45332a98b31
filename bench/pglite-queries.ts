/**
 * What one small read costs on the embedded database, by the way it is sent: PGlite's own query()
 * (which drizzle's PGlite driver used), and node-postgres over the same PGlite (lib/db/pglite-pool.ts)
 * with an unnamed statement and with a named one, as the hot reads' `.prepare("name")` send it. A
 * one-row read by primary key from a table of 1,000, the shape of the members' pages' reads. Prints
 * CPU and wall time per read, in alternating rounds, medians.
 *
 *   npx tsx bench/pglite-queries.ts [reads per round]
 */
import { PGlite } from "@electric-sql/pglite";
import { pglitePool } from "../lib/db/pglite-pool";
import { median } from "./lib/format";

const reads = Number(process.argv[2] ?? 2000);
const rounds = 5;

const pglite = new PGlite();
await pglite.exec(`
  create table settings (member_id uuid primary key, discreet boolean not null, quiet jsonb, updated_at timestamptz not null default now());
  insert into settings select gen_random_uuid(), g % 2 = 0, '{"from":"22:00","to":"07:00"}', now() from generate_series(1, 1000) g;
`);
const memberId = (await pglite.query<{ member_id: string }>("select member_id from settings limit 1")).rows[0]!
  .member_id;
const pool = pglitePool(pglite);
const text = "select discreet, quiet, updated_at from settings where member_id = $1";

const ways: Record<string, () => Promise<unknown>> = {
  "PGlite query() (the old driver)": () => pglite.query(text, [memberId], { rowMode: "array" }),
  "node-postgres, unnamed statement": () => pool.query({ text, values: [memberId], rowMode: "array" }),
  "node-postgres, named statement": () =>
    pool.query({ name: "settings_read", text, values: [memberId], rowMode: "array" }),
};

const results = new Map<string, { cpu: number[]; wall: number[] }>();
for (const [name, read] of Object.entries(ways)) {
  for (let i = 0; i < 300; i += 1) await read(); // warm-up: JIT, and the named statement parsed
  results.set(name, { cpu: [], wall: [] });
}
for (let round = 0; round < rounds; round += 1) {
  const order = round % 2 === 0 ? Object.entries(ways) : Object.entries(ways).reverse();
  for (const [name, read] of order) {
    const cpuBefore = process.cpuUsage();
    const wallBefore = performance.now();
    for (let i = 0; i < reads; i += 1) await read();
    const cpu = process.cpuUsage(cpuBefore);
    results.get(name)!.cpu.push((cpu.user + cpu.system) / reads);
    results.get(name)!.wall.push(((performance.now() - wallBefore) * 1000) / reads);
  }
}

const baseline = median(results.get("PGlite query() (the old driver)")!.cpu);
console.log(`one-row read by primary key, ${reads} reads a round, median of ${rounds} rounds\n`);
console.log(
  `${"way".padEnd(36)} ${"CPU µs/read".padStart(12)} ${"wall µs/read".padStart(13)} ${"vs query()".padStart(11)}`,
);
for (const [name, { cpu, wall }] of results) {
  const cpuMedian = median(cpu);
  console.log(
    `${name.padEnd(36)} ${cpuMedian.toFixed(1).padStart(12)} ${median(wall).toFixed(1).padStart(13)} ${(cpuMedian / baseline).toFixed(2).padStart(11)}`,
  );
}
await pool.end();
await pglite.close();
