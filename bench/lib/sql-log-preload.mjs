// Preloaded into `next start` by bench/views-probe.ts (NODE_OPTIONS=--import): appends every
// node-postgres query to SQL_LOG, one line each, "P" for a named (prepared) statement and "U" for an
// unnamed one, with the first 160 characters of its text. Next.js loads pg as an external package
// (through require), so patching the project's node_modules/pg here reaches the app's queries.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const file = process.env.SQL_LOG;
if (file) {
  const require = createRequire(import.meta.url);
  const pg = require(path.join(process.cwd(), "node_modules/pg"));
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, ...rest) {
    const text = typeof config === "string" ? config : config && config.text;
    const named = Boolean(config && typeof config === "object" && config.name);
    if (text) fs.appendFileSync(file, `${named ? "P" : "U"} ${String(text).replace(/\s+/g, " ").slice(0, 160)}\n`);
    return query.call(this, config, ...rest);
  };
}
