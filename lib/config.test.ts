import { describe, expect, it } from "vitest";
import { parseConfig } from "./config";

describe("parseConfig", () => {
  it("uses the embedded defaults when nothing is set", () => {
    const config = parseConfig({});
    expect(config.database).toEqual({ kind: "pglite", dataDir: ".data" });
    expect(config.content).toEqual({ kind: "bundled" });
    expect(config.siteUrl).toBe("http://localhost:3000");
    expect(config.mail.smtpUrl).toBeUndefined();
  });

  it("treats empty strings as unset, as .env files write them", () => {
    const config = parseConfig({ DATABASE_URL: "", SANITY_PROJECT_ID: "  ", SANITY_DATASET: "" });
    expect(config.database.kind).toBe("pglite");
    expect(config.content.kind).toBe("bundled");
  });

  it("selects the production adapters when their variables are set", () => {
    const config = parseConfig({
      DATABASE_URL: "postgres://app@db.internal:5432/happr",
      SANITY_PROJECT_ID: "abc123",
      SANITY_DATASET: "production",
      SITE_URL: "https://happr.app/",
    });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://app@db.internal:5432/happr" });
    expect(config.content).toEqual({ kind: "sanity", projectId: "abc123", dataset: "production", apiVersion: "2024-03-11" });
    expect(config.siteUrl).toBe("https://happr.app");
  });

  it("stops on a half-set Sanity configuration and names the missing variable", () => {
    expect(() => parseConfig({ SANITY_PROJECT_ID: "abc123" })).toThrow(/SANITY_DATASET is missing/);
    expect(() => parseConfig({ SANITY_DATASET: "production" })).toThrow(/SANITY_PROJECT_ID is missing/);
  });

  it("names the variable that is malformed", () => {
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ SITE_URL: "not a url" })).toThrow(/SITE_URL/);
    expect(() => parseConfig({ SANITY_PROJECT_ID: "Bad Id!", SANITY_DATASET: "production" })).toThrow(/SANITY_PROJECT_ID/);
    expect(() => parseConfig({ SUPPORT_EMAIL: "nope" })).toThrow(/SUPPORT_EMAIL/);
  });
});
