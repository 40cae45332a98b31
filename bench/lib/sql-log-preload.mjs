// Preloaded into `next start` by bench/views-probe.ts (NODE_OPTIONS=--import): appends every
// node-postgres query to SQL_LOG, one line each, "P" for a named (prepared) statement and "U" for an
// unnamed one, the milliseconds it took (sent to answered, PostgreSQL and the round trip) and the first
// 160 characters of its text. Next.js loads pg as an external package
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
    const started = performance.now();
    const log = () => {
      const ms = (performance.now() - started).toFixed(2);
      fs.appendFileSync(file, `${named ? "P" : "U"} ${ms} ms ${String(text).replace(/\s+/g, " ").slice(0, 160)}\n`);
    };
    // Pool.query passes a callback; the app's own transactions take the promise.
    const callback = rest.at(-1);
    if (text && typeof callback === "function")
      rest[rest.length - 1] = (...answer) => {
        log();
        return callback(...answer);
      };
    const result = query.call(this, config, ...rest);
    if (text && typeof callback !== "function" && typeof result?.then === "function") result.then(log, log);
    return result;
  };
}
