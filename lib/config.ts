import { z } from "zod";

/**
 * Every environment variable the app reads, parsed once. Each outside service is either fully
 * configured (the production adapter is used) or not configured at all (the embedded default is
 * used); a half-set service stops start-up with a message naming the missing variable.
 */

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const rawSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  SITE_URL: z.url({ message: "SITE_URL must be an absolute URL such as https://happr.app" }).default("http://localhost:3000"),

  DATABASE_URL: optionalString.pipe(
    z.string().regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://").optional(),
  ),
  DATA_DIR: z.string().trim().min(1).default(".data"),

  SANITY_PROJECT_ID: optionalString.pipe(
    z.string().regex(/^[a-z0-9-]+$/, "SANITY_PROJECT_ID may hold only a-z, 0-9 and dashes").optional(),
  ),
  SANITY_DATASET: optionalString,
  SANITY_API_VERSION: z.string().trim().default("2024-03-11"),
  SANITY_REVALIDATE_SECRET: optionalString,

  SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://").optional()),
  MAIL_FROM: z.string().trim().default("Happr <hello@happr.app>"),
  SUPPORT_EMAIL: z.email({ message: "SUPPORT_EMAIL must be an email address" }).default("support@happr.app"),
});

/** Variables that must be set together: if one of a group is set, all must be. */
const groups: Record<string, (keyof z.infer<typeof rawSchema>)[]> = {
  Sanity: ["SANITY_PROJECT_ID", "SANITY_DATASET"],
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

export function parseConfig(env: Record<string, string | undefined>) {
  const parsed = rawSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const raw = parsed.data;
  for (const [service, names] of Object.entries(groups)) {
    const set = names.filter((name) => raw[name] !== undefined);
    const missing = names.filter((name) => raw[name] === undefined);
    if (set.length > 0 && missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration: ${service} is half-configured: ${set.join(", ")} is set but ${missing.join(", ")} is missing. ` +
          `Set ${missing.join(", ")}, or unset ${set.join(", ")} to use the embedded default.`,
      );
    }
  }

  return {
    env: raw.NODE_ENV,
    isProduction: raw.NODE_ENV === "production",
    siteUrl: raw.SITE_URL.replace(/\/$/, ""),
    database: raw.DATABASE_URL
      ? ({ kind: "postgres", url: raw.DATABASE_URL } as const)
      : ({ kind: "pglite", dataDir: raw.DATA_DIR } as const),
    content: raw.SANITY_PROJECT_ID
      ? ({
          kind: "sanity",
          projectId: raw.SANITY_PROJECT_ID,
          dataset: raw.SANITY_DATASET!,
          apiVersion: raw.SANITY_API_VERSION,
        } as const)
      : ({ kind: "bundled" } as const),
    revalidateSecret: raw.SANITY_REVALIDATE_SECRET,
    mail: {
      smtpUrl: raw.SMTP_URL,
      from: raw.MAIL_FROM,
      supportEmail: raw.SUPPORT_EMAIL,
    },
  };
}

export type Config = ReturnType<typeof parseConfig>;

let cached: Config | undefined;

/** The configuration of this process, parsed on first use. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
