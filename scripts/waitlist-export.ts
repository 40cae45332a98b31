// `npm run waitlist:export [-- file.csv]`: the waitlist as CSV (email, first_name, created_at) on stdout,
// or in the file given. Reads the configured database: PostgreSQL with DATABASE_URL, else the embedded
// PGlite under DATA_DIR, whose files only one process may open at a time (openDatabase refuses, naming
// the process that holds them: stop `npm run dev` first).
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { getConfig } from "../lib/config";
import { openDatabase, type Database } from "../lib/db/open";
import { listWaitlist, waitlistToCsv } from "../lib/waitlist/export";

const all = process.argv.includes("--all");
const args = process.argv.slice(2).filter((arg) => arg !== "--all");
if (args.includes("--help") || args.includes("-h") || args.length > 1) {
  console.error(
    "Usage: npm run waitlist:export [-- --all] [-- <file.csv>]   (confirmed entries; --all: every entry; no file: CSV on stdout)",
  );
  process.exit(args.length > 1 ? 2 : 0);
}
const outFile = args[0] && args[0] !== "-" ? path.resolve(args[0]) : undefined;

const target = getConfig().database;
const pgliteHint =
  target.kind === "pglite"
    ? `The embedded database (${path.resolve(target.dataDir, "pglite")}) can be opened by one process at a time. ` +
      "If the dev server (`npm run dev`) or another script is running, stop it and run this again, " +
      "or point DATABASE_URL at a PostgreSQL server."
    : "";

let database: Database;
try {
  database = await openDatabase(target);
} catch (error) {
  console.error(
    `waitlist:export: could not open the database: ${error instanceof Error ? error.message : String(error)}`,
  );
  if (pgliteHint) console.error(pgliteHint);
  process.exit(1);
}

try {
  const rows = await listWaitlist(database.db, { includeUnconfirmed: all });
  const csv = waitlistToCsv(rows);
  if (outFile) {
    await writeFile(outFile, csv, "utf8");
    console.error(`waitlist:export: wrote ${rows.length} ${rows.length === 1 ? "entry" : "entries"} to ${outFile}`);
  } else {
    process.stdout.write(csv);
  }
} finally {
  await database.close();
}
