import { ConfigError, type Config } from "./config";

/** Where a URL points, without its credentials, path or query: what an operator needs to recognise it. */
const hostOf = (url: string) => {
  const { protocol, hostname, port } = new URL(url);
  return `${protocol}//${hostname}${port ? `:${port}` : ""}`;
};

/** Each service and what it runs on in this process. Never a secret: hosts, ids and kinds only. */
export function describeServices(config: Config): [service: string, runsOn: string][] {
  const { database, content, pageCache, live, identity, billing, mail, sms, objectStorage } = config;
  return [
    ["site", config.siteUrl],
    [
      "database",
      database.kind === "postgres"
        ? `PostgreSQL at ${hostOf(database.url)}`
        : `PGlite (embedded) in ${database.dataDir}`,
    ],
    [
      "content",
      content.kind === "sanity"
        ? `Sanity project ${content.projectId}, dataset ${content.dataset}`
        : "bundled dataset (embedded)",
    ],
    [
      "page cache",
      pageCache.kind === "redis" ? `Redis at ${hostOf(pageCache.url)}` : "file system (this instance only)",
    ],
    [
      "live updates",
      live.kind === "redis"
        ? `Redis at ${hostOf(live.url)}`
        : live.kind === "postgres"
          ? `PostgreSQL LISTEN/NOTIFY at ${hostOf(live.url)}`
          : "in process (this instance only)",
    ],
    [
      "identity",
      identity.kind === "cognito"
        ? `Cognito user pool ${identity.userPoolId} (${identity.region})`
        : `built-in issuer at ${identity.issuer}`,
    ],
    [
      "billing",
      billing.kind === "stripe"
        ? `Stripe (${billing.secretKey.split("_")[1]} mode)`
        : "sandbox (embedded demo: no real payments)",
    ],
    ["mail", mail.smtpUrl ? `SMTP at ${hostOf(mail.smtpUrl)}` : "outbox in the database (not delivered)"],
    [
      "sms",
      sms.kind === "sns"
        ? `Amazon SNS (${sms.region})${sms.endpoint ? ` at ${hostOf(sms.endpoint)}` : ""}`
        : "outbox in the database (not delivered)",
    ],
    [
      "images",
      objectStorage.kind === "s3"
        ? `S3 bucket ${objectStorage.bucket} (${objectStorage.region})${objectStorage.endpoint ? ` at ${hostOf(objectStorage.endpoint)}` : ""}`
        : `files in ${objectStorage.directory} (this instance only)`,
    ],
  ];
}

/** The services as a two-column table for the start-up log. */
export function servicesTable(config: Config): string {
  const rows = describeServices(config);
  const width = Math.max(...rows.map(([service]) => service.length));
  return ["Happr services:", ...rows.map(([service, runsOn]) => `  ${service.padEnd(width)}  ${runsOn}`)].join("\n");
}

/**
 * Pages are rendered at build time with the billing engine's banner (or without it): a build made for
 * one engine must not be started with the other, or visitors would be told the wrong thing.
 */
export function checkBuildMatches(config: Config, builtFor: string | undefined): void {
  if (builtFor === undefined || builtFor === config.billing.kind) return;
  throw new ConfigError(
    `Invalid configuration: this build was made for ${builtFor} billing but the environment now selects ${config.billing.kind} ` +
      "(STRIPE_SECRET_KEY / BILLING). Build again with the same billing settings you start with.",
  );
}
