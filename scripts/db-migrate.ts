// `npm run db:migrate`: apply pending migrations to the configured database (the app also does this
// on start-up). With the embedded PGlite, stop the dev server first: one process owns its files.
import { getConfig } from "../lib/config";
import { openDatabase } from "../lib/db/open";

const target = getConfig().database;
const database = await openDatabase(target);
await database.close();
console.log(`Migrations applied (${target.kind === "postgres" ? "PostgreSQL" : `PGlite in ${target.dataDir}`}).`);
