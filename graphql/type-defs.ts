import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The served SDL, read from files once at module load: the public contract (copies of
 * ../shared/contracts/schema.graphql and members-features.graphql that schema.test.ts keeps
 * identical), then every graphql/extensions/*.graphql in name order. codegen.ts reads the same files.
 *
 * Paths start at the working directory (the project root under `next start`, vitest and tsx), not at
 * this module: Next bundles it into .next/server, away from the files; next.config.ts traces them.
 */
const root = path.join(process.cwd(), "graphql");

export const CONTRACT_FILE = path.join(root, "contract", "schema.graphql");
/** The members' features (circles, sharing, habits, calendar): an extension of the contract, as fixed. */
export const MEMBERS_CONTRACT_FILE = path.join(root, "contract", "members-features.graphql");
/** Happr Cam, My Vision Board and Happr Lounge: the second extension, as fixed (members-features-2.graphql). */
export const MEMBERS_CONTRACT_2_FILE = path.join(root, "contract", "members-features-2.graphql");
const EXTENSIONS_DIR = path.join(root, "extensions");

export const schemaFiles = [
  CONTRACT_FILE,
  MEMBERS_CONTRACT_FILE,
  MEMBERS_CONTRACT_2_FILE,
  ...readdirSync(EXTENSIONS_DIR)
    .filter((name) => name.endsWith(".graphql"))
    .sort()
    .map((name) => path.join(EXTENSIONS_DIR, name)),
];

export const typeDefs = schemaFiles.map((file) => readFileSync(file, "utf8"));
