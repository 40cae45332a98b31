import { z } from "zod";
import { E164_PATTERN, NOT_E164_MESSAGE } from "./phone";

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

/** Where the native apps are sent back by default (RFC 8252 private-use schemes, reverse domain names). */
export const DEFAULT_NATIVE_REDIRECT_URIS = {
  ios: ["app.happr.ios:/oauth/callback"],
  android: ["app.happr.android:/oauth/callback"],
} as const;

// RFC 8252 7.1: a private-use scheme is a reverse domain name (it holds a dot), so no app can take a
// plain word like "happr" or a scheme the browser itself handles.
const PRIVATE_USE_SCHEME = /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/;

/**
 * Comma-separated redirect URIs of one native app: private-use scheme URIs (`app.happr.ios:/oauth/callback`)
 * or https claimed links (universal links, app links). Nothing else: no http (loopback included), no
 * fragment, no scheme without a dot.
 */
function nativeRedirectList(name: string) {
  return z.string().transform((value, ctx) => {
    const uris = value
      .split(",")
      .map((uri) => uri.trim())
      .filter(Boolean);
    for (const uri of uris) {
      const problem = nativeRedirectProblem(uri);
      if (problem) ctx.addIssue({ code: "custom", message: `${name}: "${uri}" ${problem}` });
    }
    if (uris.length === 0) ctx.addIssue({ code: "custom", message: `${name} must list at least one redirect URI` });
    return uris;
  });
}

/**
 * LOUNGE_MODERATORS: each entry an email address (compared lower-cased) or a member id (letters, digits,
 * "-", "_", ":", "|", as the identity providers write them). A typo must fail at start-up, not silently
 * leave the queue without moderators.
 */
function loungeModeratorList(value: string, ctx: z.RefinementCtx): string[] {
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries)
    if (entry.includes("@") ? !z.email().safeParse(entry).success : !/^[\w:|-]{1,128}$/.test(entry))
      ctx.addIssue({
        code: "custom",
        message: `LOUNGE_MODERATORS: "${entry}" is neither an email address nor a member id`,
      });
  return entries.map((entry) => (entry.includes("@") ? entry.toLowerCase() : entry));
}

function nativeRedirectProblem(uri: string): string | undefined {
  if (!URL.canParse(uri)) return "is not an absolute URI";
  const url = new URL(uri);
  if (url.hash || uri.includes("#")) return "must not have a fragment";
  if (url.protocol === "https:") {
    if (!url.hostname || url.username || url.password) return "must be an https link with a host and no user info";
    if (["localhost", "127.0.0.1", "[::1]"].includes(url.hostname))
      return "must not point at this machine (a claimed https link is on the app's domain)";
    return undefined;
  }
  if (!PRIVATE_USE_SCHEME.test(url.protocol))
    return "must be an https claimed link or use a private-use scheme named as a reverse domain (app.happr.ios:/oauth/callback)";
  if (!url.pathname.startsWith("/")) return "must have a path starting with / (app.happr.ios:/oauth/callback)";
  return undefined;
}

const rawSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  // Unset in development: the origin follows the port the app is served on (PORT, which Next sets to
  // the port it really took); production refuses to start without it.
  SITE_URL: optionalString.pipe(
    z.url({ message: "SITE_URL must be an absolute URL such as https://happr.app" }).optional(),
  ),
  PORT: optionalString.pipe(z.coerce.number<string>().int().min(1).max(65535, "PORT must be a port number").optional()),

  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
      .optional(),
  ),
  DATA_DIR: z.string().trim().min(1).default(".data"),
  // How many proxies (load balancer, CDN) stand in front of the app and append to X-Forwarded-For.
  TRUSTED_PROXY_HOPS: optionalString.pipe(
    z.coerce
      .number<string>({ message: "TRUSTED_PROXY_HOPS must be a whole number from 0 to 10" })
      .int("TRUSTED_PROXY_HOPS must be a whole number from 0 to 10")
      .min(0, "TRUSTED_PROXY_HOPS must be a whole number from 0 to 10")
      .max(10, "TRUSTED_PROXY_HOPS must be a whole number from 0 to 10")
      .optional(),
  ),

  SANITY_PROJECT_ID: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]+$/, "SANITY_PROJECT_ID may hold only a-z, 0-9 and dashes")
      .optional(),
  ),
  SANITY_DATASET: optionalString,
  SANITY_API_VERSION: z.string().trim().default("2024-03-11"),
  SANITY_REVALIDATE_SECRET: optionalString,
  // Draft preview: the secret of GET /api/draft-mode/enable (both sources), and Sanity's read token for drafts.
  SANITY_PREVIEW_SECRET: optionalString.pipe(
    z.string().min(24, "SANITY_PREVIEW_SECRET must be at least 24 characters").optional(),
  ),
  SANITY_API_READ_TOKEN: optionalString,
  // Tests: an origin serving Sanity's query API on loopback (lib/content/fake-sanity-api.ts).
  SANITY_API_HOST: optionalString.pipe(
    z.url({ message: "SANITY_API_HOST must be an origin such as http://127.0.0.1:4600" }).optional(),
  ),
  // Pages and tags in Redis (lib/cache/redis-cache-handler.mjs reads it too), so every instance is refreshed.
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, "REDIS_URL must start with redis:// or rediss://")
      .optional(),
  ),
  // Checked here at start-up; the handler reads them itself (Next loads it outside the app's bundles).
  REDIS_KEY_PREFIX: optionalString.pipe(
    z
      .string()
      .regex(/^[\w:.-]{1,100}$/, "REDIS_KEY_PREFIX may hold letters, digits, _ : . - (up to 100)")
      .optional(),
  ),
  REDIS_CACHE_TIMEOUT_MS: optionalString.pipe(
    z.coerce
      .number<string>({ message: "REDIS_CACHE_TIMEOUT_MS must be a whole number of milliseconds from 50 to 10000" })
      .int("REDIS_CACHE_TIMEOUT_MS must be a whole number of milliseconds from 50 to 10000")
      .min(50, "REDIS_CACHE_TIMEOUT_MS must be a whole number of milliseconds from 50 to 10000")
      .max(10000, "REDIS_CACHE_TIMEOUT_MS must be a whole number of milliseconds from 50 to 10000")
      .optional(),
  ),

  // In production the embedded message outbox must be chosen on purpose (MAIL=outbox): without a mail
  // server nobody receives their sign-up code.
  MAIL: optionalString.pipe(
    z.enum(["outbox"], { message: 'MAIL must be "outbox" (or unset, with SMTP_URL)' }).optional(),
  ),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
      .optional(),
  ),
  MAIL_FROM: z.string().trim().default("Happr <hello@happr.app>"),
  SUPPORT_EMAIL: z.email({ message: "SUPPORT_EMAIL must be an email address" }).default("support@happr.app"),
  // The Lounge's moderators (lib/lounge/moderation.ts): member emails or ids, comma-separated. Unset: none.
  LOUNGE_MODERATORS: optionalString.pipe(z.string().transform(loungeModeratorList).optional()),
  OUTBOX_FILE: optionalString,
  // Text messages: Amazon SNS with SMS=sns (credentials from the SDK's usual chain: AWS_ACCESS_KEY_ID /
  // AWS_SECRET_ACCESS_KEY, a profile, or the instance or task role); unset, they stay in the outbox.
  SMS: optionalString.pipe(
    z.enum(["sns"], { message: 'SMS must be "sns" (or unset to keep texts in the outbox)' }).optional(),
  ),
  AWS_REGION: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z]{2}(-[a-z]+)+-\d+$/, "AWS_REGION must be an AWS region such as us-east-1")
      .optional(),
  ),
  // The SDK's own variable; read here too so a typo stops start-up instead of sending to AWS.
  AWS_ENDPOINT_URL_SNS: optionalString.pipe(
    z.url({ message: "AWS_ENDPOINT_URL_SNS must be an absolute URL" }).optional(),
  ),
  // What the phone shows as the sender where the country allows it: 1-11 letters or digits, one letter at least.
  SNS_SENDER_ID: optionalString.pipe(
    z
      .string()
      .regex(
        /^(?=.*[A-Za-z])[A-Za-z0-9]{1,11}$/,
        "SNS_SENDER_ID must be 1 to 11 letters or digits, with at least one letter",
      )
      .optional(),
  ),
  SNS_ORIGINATION_NUMBER: optionalString.pipe(
    z.string().regex(E164_PATTERN, `SNS_ORIGINATION_NUMBER ${NOT_E164_MESSAGE}`).optional(),
  ),
  // Images (and any other object the app stores): S3-compatible object storage when S3_BUCKET is set,
  // else files under DATA_DIR/objects. Credentials: both keys, or neither (the SDK's own chain: the
  // instance or task role, a profile, AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY).
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        "S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and dashes",
      )
      .optional(),
  ),
  S3_REGION: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, "S3_REGION must be a region such as us-east-1 (or auto where the store says so)")
      .optional(),
  ),
  // Another S3-compatible store (Cloudflare R2, Backblaze B2, Ceph, a loopback test server).
  S3_ENDPOINT: optionalString.pipe(
    z
      .url({ message: "S3_ENDPOINT must be an absolute http(s) URL such as https://s3.example.com" })
      .regex(/^https?:\/\//, "S3_ENDPOINT must be an absolute http(s) URL such as https://s3.example.com")
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: optionalString.pipe(
    z.enum(["true", "false"], { message: "S3_FORCE_PATH_STYLE must be true or false" }).optional(),
  ),
  // Benchmarks and tests: one line per payment-provider call is appended here (counts "no provider call per page view").
  BILLING_CALL_LOG: optionalString,

  // Identity: Cognito when its pool is configured, otherwise the built-in OIDC issuer.
  AUTH_SECRET: optionalString.pipe(z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional()),
  COGNITO_REGION: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z]{2}(-[a-z]+)+-\d+$/, "COGNITO_REGION must be an AWS region such as us-east-1")
      .optional(),
  ),
  COGNITO_USER_POOL_ID: optionalString,
  COGNITO_CLIENT_ID: optionalString.pipe(
    z
      .string()
      .regex(/^[\w+]{1,128}$/, "COGNITO_CLIENT_ID may hold only letters, digits, _ and + (up to 128)")
      .optional(),
  ),
  COGNITO_CLIENT_SECRET: optionalString,
  /** The native apps' own app clients of the pool, comma-separated: /graphql takes their access tokens too. */
  COGNITO_APP_CLIENT_IDS: optionalString.pipe(
    z
      .string()
      .regex(
        /^[\w+]{1,128}(,[\w+]{1,128})*$/,
        "COGNITO_APP_CLIENT_IDS must be app client ids separated by commas (letters, digits, _ and +)",
      )
      .optional(),
  ),
  COGNITO_DOMAIN: optionalString,
  COGNITO_REDIRECT_URI: optionalString.pipe(
    z.url({ message: "COGNITO_REDIRECT_URI must be an absolute URL" }).optional(),
  ),
  // The SDK's own variable (it reads it itself); read here too so a typo stops start-up instead of
  // calling AWS, and so the user-pool calls made without the SDK go to the same place (cognito-local in tests).
  AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: optionalString.pipe(
    z.url({ message: "AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER must be an absolute URL" }).optional(),
  ),
  COGNITO_SIGN_OUT_URI: optionalString.pipe(
    z.url({ message: "COGNITO_SIGN_OUT_URI must be an absolute URL" }).optional(),
  ),
  IDENTITY_MFA: z
    .enum(["optional", "required"], { message: "IDENTITY_MFA must be optional or required" })
    .default("optional"),
  // How long after signing in a member may change their email, phone or sign-in verification, download
  // their data or delete the account without typing the password again. 0: always ask.
  REAUTH_WINDOW_SECONDS: optionalString.pipe(
    z.coerce
      .number<string | undefined>({ message: "REAUTH_WINDOW_SECONDS must be a number of seconds" })
      .int("REAUTH_WINDOW_SECONDS must be a whole number of seconds")
      .min(0, "REAUTH_WINDOW_SECONDS must be between 0 and 900")
      .max(900, "REAUTH_WINDOW_SECONDS must be between 0 and 900")
      .optional(),
  ),

  // Sign-ups one client address may make in an hour (built-in identity provider). Raise it where many
  // people share one address (a school, an office behind one NAT).
  SIGN_UPS_PER_ADDRESS_PER_HOUR: optionalString.pipe(
    z.coerce
      .number<string | undefined>({ message: "SIGN_UPS_PER_ADDRESS_PER_HOUR must be a number" })
      .int("SIGN_UPS_PER_ADDRESS_PER_HOUR must be a whole number")
      .min(1, "SIGN_UPS_PER_ADDRESS_PER_HOUR must be at least 1")
      .optional(),
  ),

  // Built-in identity provider: where the iOS and Android apps may be sent back after signing in.
  NATIVE_IOS_REDIRECT_URIS: optionalString.pipe(nativeRedirectList("NATIVE_IOS_REDIRECT_URIS").optional()),
  NATIVE_ANDROID_REDIRECT_URIS: optionalString.pipe(nativeRedirectList("NATIVE_ANDROID_REDIRECT_URIS").optional()),

  // In production the sandbox billing engine (test cards buy any plan for free) must be chosen on purpose.
  BILLING: optionalString.pipe(
    z.enum(["sandbox"], { message: 'BILLING must be "sandbox" (or unset, with the Stripe keys)' }).optional(),
  ),
  STRIPE_SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(
        /^(sk|rk)_(test|live)_\w+$/,
        "STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_test_..., sk_live_..., rk_...)",
      )
      .optional(),
  ),
  STRIPE_PUBLISHABLE_KEY: optionalString.pipe(
    z
      .string()
      .regex(
        /^pk_(test|live)_\w+$/,
        "STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_... or pk_live_...)",
      )
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalString.pipe(
    z
      .string()
      .regex(/^whsec_\w+$/, "STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_...)")
      .optional(),
  ),
});

/** Variables that must be set together: if one of a group is set, all must be. */
const groups: Record<string, (keyof z.infer<typeof rawSchema>)[]> = {
  Sanity: ["SANITY_PROJECT_ID", "SANITY_DATASET"],
  Cognito: ["COGNITO_USER_POOL_ID", "COGNITO_CLIENT_ID", "COGNITO_DOMAIN"],
  Stripe: ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"],
};

/** Scopes asked of Cognito; the last one lets the member's access token call the user-pool API. */
const COGNITO_SCOPES = "openid email phone profile aws.cognito.signin.user.admin";

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
  const cognitoOnly = (
    [
      "COGNITO_CLIENT_SECRET",
      "COGNITO_REDIRECT_URI",
      "COGNITO_SIGN_OUT_URI",
      "COGNITO_REGION",
      "AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER",
    ] as const
  ).filter((name) => raw[name] !== undefined);
  if (cognitoOnly.length > 0 && raw.COGNITO_USER_POOL_ID === undefined) {
    throw new ConfigError(
      `Invalid configuration: ${cognitoOnly.join(", ")} is set but COGNITO_USER_POOL_ID is missing. ` +
        `Set the Cognito user pool, or unset ${cognitoOnly.join(", ")} to use the built-in identity provider.`,
    );
  }
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

  // A run-time secret: `next build` renders only public pages and must not need it.
  if (raw.NODE_ENV === "production" && raw.AUTH_SECRET === undefined && env.NEXT_PHASE !== "phase-production-build") {
    throw new ConfigError(
      "Invalid configuration: AUTH_SECRET is required in production (at least 32 random characters, e.g. `openssl rand -base64 33`).",
    );
  }
  // OUTBOX_FILE copies every message, codes and links included, in clear: a tool for tests and local
  // development, never beside a mail server delivering to real people.
  if (raw.NODE_ENV === "production" && raw.OUTBOX_FILE !== undefined && raw.SMTP_URL !== undefined) {
    throw new ConfigError(
      "Invalid configuration: OUTBOX_FILE is set with SMTP_URL in production. OUTBOX_FILE writes every message (codes and links included) to a file in clear, for tests and local development only: unset it.",
    );
  }
  // Drafts on Sanity are readable only with a token: a preview without one would show published content
  // under a "Preview" bar, and an editor would take it for their draft.
  if (
    raw.SANITY_PREVIEW_SECRET !== undefined &&
    raw.SANITY_PROJECT_ID !== undefined &&
    raw.SANITY_API_READ_TOKEN === undefined
  ) {
    throw new ConfigError(
      "Invalid configuration: SANITY_PREVIEW_SECRET is set with SANITY_PROJECT_ID but SANITY_API_READ_TOKEN is missing: previews read drafts with a Viewer token (sanity.io/manage > API > Tokens). Set it, or unset SANITY_PREVIEW_SECRET.",
    );
  }
  checkEmbeddedDefaultsChosen(raw, env.NEXT_PHASE === "phase-production-build");
  // Links in emails, the issuer's URLs and the sitemap are built from it: never a guess in production.
  if (raw.NODE_ENV === "production" && raw.SITE_URL === undefined) {
    throw new ConfigError(
      "Invalid configuration: SITE_URL is required in production: the origin people use, such as https://happr.app.",
    );
  }
  const siteUrl = (raw.SITE_URL ?? `http://localhost:${raw.PORT ?? 3000}`).replace(/\/$/, "");

  return {
    env: raw.NODE_ENV,
    isProduction: raw.NODE_ENV === "production",
    siteUrl,
    trustedProxyHops: raw.TRUSTED_PROXY_HOPS ?? 0,
    dataDir: raw.DATA_DIR,
    database: raw.DATABASE_URL
      ? ({ kind: "postgres", url: raw.DATABASE_URL } as const)
      : ({ kind: "pglite", dataDir: raw.DATA_DIR } as const),
    content: raw.SANITY_PROJECT_ID
      ? ({
          kind: "sanity",
          projectId: raw.SANITY_PROJECT_ID,
          dataset: raw.SANITY_DATASET!,
          apiVersion: raw.SANITY_API_VERSION,
          ...(raw.SANITY_API_HOST ? { apiHost: raw.SANITY_API_HOST.replace(/\/$/, "") } : {}),
          ...(raw.SANITY_API_READ_TOKEN ? { readToken: raw.SANITY_API_READ_TOKEN } : {}),
        } as const)
      : ({ kind: "bundled" } as const),
    revalidateSecret: raw.SANITY_REVALIDATE_SECRET,
    previewSecret: raw.SANITY_PREVIEW_SECRET,
    pageCache: raw.REDIS_URL ? ({ kind: "redis", url: raw.REDIS_URL } as const) : ({ kind: "file-system" } as const),
    // Live updates (lib/live): Redis when there is one, else PostgreSQL's LISTEN/NOTIFY, else this process.
    live: raw.REDIS_URL
      ? ({ kind: "redis", url: raw.REDIS_URL, keyPrefix: `${raw.REDIS_KEY_PREFIX ?? "happr:"}live:` } as const)
      : raw.DATABASE_URL
        ? ({ kind: "postgres", url: raw.DATABASE_URL } as const)
        : ({ kind: "in-process" } as const),
    mail: {
      smtpUrl: raw.SMTP_URL,
      from: raw.MAIL_FROM,
      supportEmail: raw.SUPPORT_EMAIL,
      outboxFile: raw.OUTBOX_FILE,
    },
    sms: parseSms(raw),
    loungeModerators: raw.LOUNGE_MODERATORS ?? [],
    auth: {
      secret: raw.AUTH_SECRET,
      reauthWindowSeconds: raw.REAUTH_WINDOW_SECONDS ?? 300,
      signUpsPerAddressPerHour: raw.SIGN_UPS_PER_ADDRESS_PER_HOUR ?? 30,
    },
    identity: parseIdentity(raw, siteUrl),
    billing: parseBilling(raw),
    billingCallLog: raw.BILLING_CALL_LOG,
    objectStorage: parseObjectStorage(raw),
  };
}

/**
 * Production never fails open: an embedded default that would hurt members must be asked for. The
 * sandbox billing engine decides what every page shows (the demo banner), so the build is held to it
 * too; mail is a run-time matter only.
 */
function checkEmbeddedDefaultsChosen(raw: z.infer<typeof rawSchema>, building: boolean) {
  if (raw.BILLING === "sandbox" && raw.STRIPE_SECRET_KEY !== undefined) {
    throw new ConfigError(
      "Invalid configuration: BILLING=sandbox is set with STRIPE_SECRET_KEY. Unset BILLING to take real payments with Stripe, or unset the Stripe keys for the sandbox.",
    );
  }
  if (raw.MAIL === "outbox" && raw.SMTP_URL !== undefined) {
    throw new ConfigError(
      "Invalid configuration: MAIL=outbox is set with SMTP_URL. Unset MAIL to send through SMTP_URL, or unset SMTP_URL.",
    );
  }
  if (raw.NODE_ENV !== "production") return;
  if (raw.STRIPE_SECRET_KEY === undefined && raw.BILLING !== "sandbox") {
    throw new ConfigError(
      "Invalid configuration: no payment provider in production. Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, " +
        "or set BILLING=sandbox to run the demo billing engine on purpose (no real payments; every page says so).",
    );
  }
  if (!building && raw.SMTP_URL === undefined && raw.COGNITO_USER_POOL_ID === undefined && raw.MAIL !== "outbox") {
    throw new ConfigError(
      "Invalid configuration: no mail server in production with the built-in identity provider, so nobody would receive a sign-up code. " +
        "Set SMTP_URL, or set MAIL=outbox to keep messages in the database on purpose.",
    );
  }
}

/** Amazon SNS with SMS=sns, else the embedded outbox (texts stay queued). */
function parseSms(raw: z.infer<typeof rawSchema>) {
  if (raw.SMS !== "sns") {
    const snsOnly = (["SNS_SENDER_ID", "SNS_ORIGINATION_NUMBER", "AWS_ENDPOINT_URL_SNS"] as const).filter(
      (name) => raw[name] !== undefined,
    );
    if (snsOnly.length > 0) {
      throw new ConfigError(
        `Invalid configuration: ${snsOnly.join(", ")} is set but SMS is not "sns". Set SMS=sns to send texts through Amazon SNS, or unset ${snsOnly.join(", ")}.`,
      );
    }
    return { kind: "outbox" } as const;
  }
  if (raw.AWS_REGION === undefined) {
    throw new ConfigError(
      "Invalid configuration: SMS=sns needs AWS_REGION, the region SNS sends from (such as us-east-1).",
    );
  }
  return {
    kind: "sns",
    region: raw.AWS_REGION,
    ...(raw.AWS_ENDPOINT_URL_SNS ? { endpoint: raw.AWS_ENDPOINT_URL_SNS } : {}),
    ...(raw.SNS_SENDER_ID ? { senderId: raw.SNS_SENDER_ID } : {}),
    ...(raw.SNS_ORIGINATION_NUMBER ? { originationNumber: raw.SNS_ORIGINATION_NUMBER } : {}),
  } as const;
}

/** S3-compatible object storage when S3_BUCKET is set, else files under DATA_DIR/objects. */
function parseObjectStorage(raw: z.infer<typeof rawSchema>) {
  const s3Only = (
    ["S3_REGION", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const
  ).filter((name) => raw[name] !== undefined);
  if (raw.S3_BUCKET === undefined) {
    if (s3Only.length > 0) {
      throw new ConfigError(
        `Invalid configuration: object storage is half-configured: ${s3Only.join(", ")} is set but S3_BUCKET is missing. ` +
          `Set S3_BUCKET, or unset ${s3Only.join(", ")} to keep images under DATA_DIR.`,
      );
    }
    // Relative to the working directory, as DATA_DIR is for the database (the adapter resolves it).
    return { kind: "disk", directory: `${raw.DATA_DIR.replace(/\/+$/, "")}/objects` } as const;
  }
  if (raw.S3_REGION === undefined) {
    throw new ConfigError(
      "Invalid configuration: object storage is half-configured: S3_BUCKET is set but S3_REGION is missing. Set S3_REGION (such as us-east-1), or unset S3_BUCKET to keep images under DATA_DIR.",
    );
  }
  if ((raw.S3_ACCESS_KEY_ID === undefined) !== (raw.S3_SECRET_ACCESS_KEY === undefined)) {
    const [set, missing] =
      raw.S3_ACCESS_KEY_ID === undefined
        ? ["S3_SECRET_ACCESS_KEY", "S3_ACCESS_KEY_ID"]
        : ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"];
    throw new ConfigError(
      `Invalid configuration: object storage is half-configured: ${set} is set but ${missing} is missing. ` +
        `Set both, or neither to use the AWS SDK's own credentials (the instance or task role, a profile).`,
    );
  }
  return {
    kind: "s3",
    bucket: raw.S3_BUCKET,
    region: raw.S3_REGION,
    ...(raw.S3_ENDPOINT ? { endpoint: raw.S3_ENDPOINT.replace(/\/$/, "") } : {}),
    ...(raw.S3_ACCESS_KEY_ID
      ? { credentials: { accessKeyId: raw.S3_ACCESS_KEY_ID, secretAccessKey: raw.S3_SECRET_ACCESS_KEY! } }
      : {}),
    // Path-style (endpoint/bucket/key) is what most S3-compatible servers answer; AWS itself uses
    // virtual-hosted names. Default: path-style with S3_ENDPOINT, virtual-hosted without.
    forcePathStyle: raw.S3_FORCE_PATH_STYLE ? raw.S3_FORCE_PATH_STYLE === "true" : raw.S3_ENDPOINT !== undefined,
  } as const;
}

/** Stripe when its keys are set, else the embedded sandbox billing engine. */
function parseBilling(raw: z.infer<typeof rawSchema>) {
  if (!raw.STRIPE_SECRET_KEY) return { kind: "sandbox" } as const;
  const secretMode = raw.STRIPE_SECRET_KEY.split("_")[1];
  const publishableMode = raw.STRIPE_PUBLISHABLE_KEY!.split("_")[1];
  if (secretMode !== publishableMode) {
    throw new ConfigError(
      `Invalid configuration: STRIPE_SECRET_KEY is a ${secretMode} key but STRIPE_PUBLISHABLE_KEY is a ${publishableMode} key. Use keys of the same mode.`,
    );
  }
  return {
    kind: "stripe",
    secretKey: raw.STRIPE_SECRET_KEY,
    publishableKey: raw.STRIPE_PUBLISHABLE_KEY!,
    webhookSecret: raw.STRIPE_WEBHOOK_SECRET!,
  } as const;
}

// AWS's own limits for a user pool id: at most 55 characters, "<region>_<letters and digits>".
const POOL_ID = /^([a-z]{2}(?:-[a-z]+)+-\d+)_(\w+)$/;

function parseIdentity(raw: z.infer<typeof rawSchema>, siteUrl: string) {
  const poolId = raw.COGNITO_USER_POOL_ID;
  if (poolId === undefined) {
    // The app is its own issuer, mounted at /api/oidc (see DESIGN.md).
    return {
      kind: "builtin",
      issuer: `${siteUrl}/api/oidc`,
      mfa: raw.IDENTITY_MFA,
      nativeRedirectUris: {
        ios: raw.NATIVE_IOS_REDIRECT_URIS ?? [...DEFAULT_NATIVE_REDIRECT_URIS.ios],
        android: raw.NATIVE_ANDROID_REDIRECT_URIS ?? [...DEFAULT_NATIVE_REDIRECT_URIS.android],
      },
    } as const;
  }
  const nativeOnly = (["NATIVE_IOS_REDIRECT_URIS", "NATIVE_ANDROID_REDIRECT_URIS"] as const).filter(
    (name) => raw[name] !== undefined,
  );
  if (nativeOnly.length > 0) {
    throw new ConfigError(
      `Invalid configuration: ${nativeOnly.join(", ")} is set but Cognito is configured: the apps' redirect URIs are then registered on Cognito's app clients. Unset ${nativeOnly.join(", ")}.`,
    );
  }
  const region = raw.COGNITO_REGION ?? "us-east-1";
  const match = POOL_ID.exec(poolId);
  if (poolId.length > 55 || !match) {
    throw new ConfigError(
      `Invalid configuration: COGNITO_USER_POOL_ID must be "<region>_<letters, digits or _>" and at most 55 characters (got "${poolId.slice(0, 60)}").`,
    );
  }
  if (match[1] !== region) {
    throw new ConfigError(
      `Invalid configuration: COGNITO_USER_POOL_ID is in region ${match[1]} but COGNITO_REGION is ${region}. Set COGNITO_REGION=${match[1]}.`,
    );
  }
  // The parse above guarantees these (the Cognito group is all-or-nothing).
  const domainInput = raw.COGNITO_DOMAIN!;
  const domain = /^https?:\/\//.test(domainInput) ? domainInput : `https://${domainInput}`;
  if (!URL.canParse(domain) || new URL(domain).protocol !== "https:") {
    throw new ConfigError(
      `Invalid configuration: COGNITO_DOMAIN must be a host name or an https URL (got "${domainInput}").`,
    );
  }
  return {
    kind: "cognito",
    region,
    userPoolId: poolId,
    clientId: raw.COGNITO_CLIENT_ID!,
    appClientIds: raw.COGNITO_APP_CLIENT_IDS?.split(",") ?? [],
    // Optional: a public app client (no secret) still uses PKCE.
    clientSecret: raw.COGNITO_CLIENT_SECRET,
    domain: new URL(domain).origin,
    issuer: `https://cognito-idp.${region}.amazonaws.com/${poolId}`,
    scopes: COGNITO_SCOPES,
    redirectUri: raw.COGNITO_REDIRECT_URI ?? `${siteUrl}/api/auth/callback/cognito`,
    signOutUri: raw.COGNITO_SIGN_OUT_URI ?? `${siteUrl}/`,
    // The user-pool API somewhere else than AWS (cognito-local in tests).
    ...(raw.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER
      ? { endpoint: raw.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER }
      : {}),
  } as const;
}

export type Config = ReturnType<typeof parseConfig>;

let cached: Config | undefined;

/** The configuration of this process, parsed on first use. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
