import { describe, expect, it } from "vitest";
import { parseConfig } from "./config";
import { checkBuildMatches, describeServices, servicesTable } from "./startup";

const secrets = {
  AUTH_SECRET: "auth-secret-0123456789-0123456789-abc",
  DATABASE_URL: "postgres://happr:db-password-123@db.internal:5432/happr",
  SMTP_URL: "smtps://mailer:smtp-password-456@smtp.example.com:465",
  REDIS_URL: "redis://:redis-password-789@cache.internal:6379",
  STRIPE_SECRET_KEY: "sk_live_stripesecret000",
  STRIPE_PUBLISHABLE_KEY: "pk_live_publishable000",
  STRIPE_WEBHOOK_SECRET: "whsec_webhooksecret000",
  SMS: "sns",
  AWS_REGION: "eu-west-1",
  S3_BUCKET: "happr-images",
  S3_REGION: "eu-west-1",
  S3_ENDPOINT: "https://s3.example.com",
  S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
  S3_SECRET_ACCESS_KEY: "s3-secret-000",
};

describe("start-up", () => {
  it("prints each service and what it runs on, and never a secret", () => {
    const config = parseConfig({ NODE_ENV: "production", SITE_URL: "https://happr.app", ...secrets });
    const table = servicesTable(config);
    expect(describeServices(config)).toEqual([
      ["site", "https://happr.app"],
      ["database", "PostgreSQL at postgres://db.internal:5432"],
      ["content", "bundled dataset (embedded)"],
      ["page cache", "Redis at redis://cache.internal:6379"],
      ["live updates", "Redis at redis://cache.internal:6379"],
      ["identity", "built-in issuer at https://happr.app/api/oidc"],
      ["billing", "Stripe (live mode)"],
      ["mail", "SMTP at smtps://smtp.example.com:465"],
      ["sms", "Amazon SNS (eu-west-1)"],
      ["images", "S3 bucket happr-images (eu-west-1) at https://s3.example.com"],
    ]);
    const withoutRedis = parseConfig({ ...secrets, REDIS_URL: "" });
    expect(Object.fromEntries(describeServices(withoutRedis))["live updates"]).toBe(
      "PostgreSQL LISTEN/NOTIFY at postgres://db.internal:5432",
    );
    for (const secret of [
      "db-password-123",
      "smtp-password-456",
      "redis-password-789",
      "stripesecret000",
      "webhooksecret000",
      "auth-secret",
      "mailer",
      "AKIAEXAMPLE",
      "s3-secret-000",
    ]) {
      expect(table).not.toContain(secret);
    }
  });

  it("says so when the embedded defaults run", () => {
    const rows = Object.fromEntries(describeServices(parseConfig({ NODE_ENV: "development", DATA_DIR: ".data" })));
    expect(rows).toMatchObject({
      billing: "sandbox (embedded demo: no real payments)",
      mail: "outbox in the database (not delivered)",
      sms: "outbox in the database (not delivered)",
      database: "PGlite (embedded) in .data",
      "live updates": "in process (this instance only)",
      images: "files in .data/objects (this instance only)",
    });
  });

  it("refuses to start a build made for the other billing engine (its pages would tell visitors the wrong thing)", () => {
    const sandbox = parseConfig({
      NODE_ENV: "production",
      SITE_URL: "https://happr.app",
      AUTH_SECRET: secrets.AUTH_SECRET,
      BILLING: "sandbox",
      MAIL: "outbox",
    });
    const stripe = parseConfig({ NODE_ENV: "production", SITE_URL: "https://happr.app", ...secrets });
    expect(() => checkBuildMatches(stripe, "sandbox")).toThrow(
      /this build was made for sandbox billing but the environment now selects stripe/,
    );
    expect(() => checkBuildMatches(sandbox, "stripe")).toThrow(/Build again with the same billing settings/);
    expect(() => checkBuildMatches(sandbox, "sandbox")).not.toThrow();
    expect(() => checkBuildMatches(stripe, "stripe")).not.toThrow();
  });
});
