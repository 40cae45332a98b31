import { describe, expect, it } from "vitest";
import { parseConfig } from "../../config";
import { canSendAppTexts } from ".";

describe("canSendAppTexts", () => {
  const production = {
    NODE_ENV: "production",
    SITE_URL: "https://happr.app",
    AUTH_SECRET: "x".repeat(32),
    BILLING: "sandbox",
    MAIL: "outbox",
  };

  it("offers the app's own texts in development and tests, where the outbox stands in for a phone", () => {
    expect(canSendAppTexts(parseConfig({ NODE_ENV: "development" }))).toBe(true);
    expect(canSendAppTexts(parseConfig({ NODE_ENV: "test" }))).toBe(true);
  });

  it("offers them in production only with SMS=sns", () => {
    expect(canSendAppTexts(parseConfig(production))).toBe(false);
    expect(canSendAppTexts(parseConfig({ ...production, SMS: "sns", AWS_REGION: "eu-west-1" }))).toBe(true);
  });
});
