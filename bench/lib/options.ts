import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { z } from "zod";

/** Everything the benchmark reads from the environment, parsed once. */
const flag = z
  .enum(["", "0", "1", "true", "false"])
  .default("")
  .transform((value) => value === "1" || value === "true");

const port = (name: string, fallback: number) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be an integer`)
    .min(1024, `${name} must be at least 1024`)
    .max(65535, `${name} must be at most 65535`)
    .default(fallback);

const positiveInt = (name: string, fallback: number, max: number) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be an integer`)
    .min(1, `${name} must be at least 1`)
    .max(max, `${name} must be at most ${max}`)
    .default(fallback);

const list = (fallback: string[]) =>
  z
    .string()
    .optional()
    .transform((value) =>
      value === undefined || value.trim() === ""
        ? fallback
        : value
            .split(",")
            .map((item) => item.trim())
            .filter((item) => item !== ""),
    );

/** Placeholder in BENCH_LH_PATHS for "the first post linked from /blog". */
export const NEWEST_POST = "newest-post";
/** Placeholder in BENCH_LH_PATHS for every page the main app's /sitemap.xml lists: its public routes. */
export const SITEMAP = "sitemap";

const envSchema = z.object({
  BENCH_SKIP_BUILD: flag,
  BENCH_HOST: z.string().trim().min(1, "BENCH_HOST must not be empty").default("localhost"),
  BENCH_PORT: port("BENCH_PORT", 3100),
  BENCH_BASELINE_PORT: port("BENCH_BASELINE_PORT", 3101),
  // Empty means every registered section (run.ts checks the names).
  BENCH_SECTIONS: list([]),
  BENCH_CONNECTIONS: positiveInt("BENCH_CONNECTIONS", 10, 1000),
  BENCH_DURATION: positiveInt("BENCH_DURATION", 10, 600),
  BENCH_WARMUP: z.coerce
    .number({ message: "BENCH_WARMUP must be a number" })
    .int("BENCH_WARMUP must be an integer")
    .min(0, "BENCH_WARMUP must be at least 0")
    .max(60, "BENCH_WARMUP must be at most 60")
    .default(2),
  BENCH_TP_ROUNDS: positiveInt("BENCH_TP_ROUNDS", 3, 10),
  BENCH_LH_RUNS: positiveInt("BENCH_LH_RUNS", 1, 9),
  BENCH_LH_PATHS: list([SITEMAP]),
  // Only for trying the script against another built app; defaults to the repo root.
  BENCH_MAIN_DIR: z.string().trim().optional(),
  CHROME_PATH: z.string().trim().min(1, "CHROME_PATH must not be empty").default("/usr/bin/chromium"),
  // A PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres): the API section runs a
  // second time on a scratch database there, the production database adapter.
  BENCH_DATABASE_URL: z.string().trim().url("BENCH_DATABASE_URL must be a postgres:// URL").optional(),
});

export type BenchOptions = {
  rootDir: string;
  mainDir: string;
  benchDir: string;
  resultsDir: string;
  baselineDir: string;
  skipBuild: boolean;
  host: string;
  mainPort: number;
  baselinePort: number;
  sections: string[];
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  throughputRounds: number;
  lighthouseRuns: number;
  lighthousePaths: string[];
  chromePath: string;
  /** BENCH_DATABASE_URL, when set. */
  databaseUrl?: string;
};

export function parseOptions(env: Record<string, string | undefined>, benchDir: string): BenchOptions {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const messages = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid benchmark settings:\n  ${messages.join("\n  ")}`);
  }
  const raw = parsed.data;
  const badPaths = raw.BENCH_LH_PATHS.filter((p) => p !== NEWEST_POST && p !== SITEMAP && !p.startsWith("/"));
  if (badPaths.length > 0) {
    throw new Error(
      `BENCH_LH_PATHS: each entry must start with "/" or be "${NEWEST_POST}" or "${SITEMAP}" (got ${badPaths.join(", ")})`,
    );
  }
  if (raw.BENCH_PORT === raw.BENCH_BASELINE_PORT) {
    throw new Error("BENCH_PORT and BENCH_BASELINE_PORT must differ");
  }
  const rootDir = path.resolve(benchDir, "..");
  return {
    rootDir,
    mainDir: raw.BENCH_MAIN_DIR ? path.resolve(raw.BENCH_MAIN_DIR) : rootDir,
    benchDir,
    resultsDir: path.join(benchDir, "results"),
    // Outside the repo on purpose (see bench/lib/baseline.ts).
    baselineDir: path.join(
      os.tmpdir(),
      `happr-bench-baseline-${createHash("sha1").update(rootDir).digest("hex").slice(0, 8)}`,
    ),
    skipBuild: raw.BENCH_SKIP_BUILD,
    host: raw.BENCH_HOST,
    mainPort: raw.BENCH_PORT,
    baselinePort: raw.BENCH_BASELINE_PORT,
    sections: raw.BENCH_SECTIONS,
    connections: raw.BENCH_CONNECTIONS,
    durationSeconds: raw.BENCH_DURATION,
    warmupSeconds: raw.BENCH_WARMUP,
    throughputRounds: raw.BENCH_TP_ROUNDS,
    lighthouseRuns: raw.BENCH_LH_RUNS,
    lighthousePaths: raw.BENCH_LH_PATHS,
    chromePath: raw.CHROME_PATH,
    ...(raw.BENCH_DATABASE_URL ? { databaseUrl: raw.BENCH_DATABASE_URL } : {}),
  };
}
