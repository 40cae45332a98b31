/**
 * Fails when the generated content types are stale: extracts the schema and runs Sanity TypeGen into
 * a scratch folder, then compares with sanity/schema.json and lib/content/sanity.types.ts.
 * `npm run typegen` rewrites them.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

// Inside the project: the CLI takes output paths relative to it.
mkdirSync(".data", { recursive: true });
const scratch = path.relative(process.cwd(), mkdtempSync(path.join(".data", "typegen-check-")));
const run = (args: string[]) => execFileSync("npx", ["sanity", ...args], { stdio: ["ignore", "ignore", "inherit"] });
try {
  const schema = path.join(scratch, "schema.json");
  const types = path.join(scratch, "sanity.types.ts");
  const config = path.join(scratch, "sanity-typegen.json");
  run(["schema", "extract", "--enforce-required-fields", "--path", schema]);
  writeFileSync(
    config,
    JSON.stringify({ path: "./lib/content/queries.ts", schema, generates: types, overloadClientMethods: false }),
  );
  run(["typegen", "generate", "--config-path", config]);
  // The generated file names the schema it was made from: the scratch copy here.
  writeFileSync(types, readFileSync(types, "utf8").replaceAll(schema, "sanity/schema.json"));
  const stale = [
    ["sanity/schema.json", schema],
    ["lib/content/sanity.types.ts", types],
  ].filter(([committed, fresh]) => readFileSync(committed!, "utf8") !== readFileSync(fresh!, "utf8"));
  for (const [committed, fresh] of stale) {
    const a = readFileSync(committed!, "utf8").split("\n");
    const b = readFileSync(fresh!, "utf8").split("\n");
    const line = a.findIndex((text, index) => text !== b[index]);
    console.error(
      `${committed}:${line + 1}: committed ${JSON.stringify(a[line])}, generated ${JSON.stringify(b[line])}`,
    );
  }
  if (stale.length > 0) {
    console.error(
      `Stale generated content types: ${stale.map(([file]) => file).join(", ")}. Run \`npm run typegen\` and commit the result.`,
    );
    process.exit(1);
  }
  console.log("Generated content types are up to date.");
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
