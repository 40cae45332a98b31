/**
 * Fails when the generated GraphQL types are stale: runs GraphQL Code Generator (codegen.ts) in memory
 * and compares its files with the committed ones, and names any generated file nobody committed.
 * `npm run codegen` rewrites them.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { generate } from "@graphql-codegen/cli";
import config from "../codegen";

// With saveToFile false, generate() answers the files it would write.
const outputs = (await generate({ ...config, silent: true }, false)) as { filename: string; content: string }[];
const fresh = new Map(
  outputs.map((output) => [path.relative(process.cwd(), path.resolve(output.filename)), output.content]),
);

const problems: string[] = [];
for (const [file, content] of fresh) {
  const committed = existsSync(file) ? readFileSync(file, "utf8") : undefined;
  if (committed === undefined) {
    problems.push(`${file}: missing`);
    continue;
  }
  if (committed === content) continue;
  const a = committed.split("\n");
  const b = content.split("\n");
  const line = a.findIndex((text, index) => text !== b[index]);
  problems.push(`${file}:${line + 1}: committed ${JSON.stringify(a[line])}, generated ${JSON.stringify(b[line])}`);
}
// A folder output (the client preset) must not keep files the generator no longer writes.
for (const folder of Object.keys(config.generates).filter((target) => target.endsWith("/"))) {
  for (const name of existsSync(folder) ? readdirSync(folder) : []) {
    const file = path.join(folder, name);
    if (!fresh.has(file)) problems.push(`${file}: not generated any more`);
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error("Stale generated GraphQL types. Run `npm run codegen` and commit the result.");
  process.exit(1);
}
console.log("Generated GraphQL types are up to date.");
