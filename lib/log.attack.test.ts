import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { format } from "node:util";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { failedForm } from "./forms";
import { failureState } from "./auth/forms";
import { installConsoleRedaction } from "./log";

/**
 * Attack: whoever reads the production logs (a log service, a support engineer, a leaked archive)
 * collects the codes, reset tokens and invitation links that travel in query strings and message
 * bodies, and the emails and hashes in failed queries' parameters.
 */
const CODE = "731904";
const TOKEN = "tok_Zx81QpL0";
let printed: string[];

beforeEach(() => {
  vi.stubEnv("NODE_ENV", "production");
  printed = [];
  for (const level of ["error", "warn", "info", "log", "debug"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void printed.push(format(...args)));
  }
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const everything = () => printed.join("\n");

describe("production log lines", () => {
  it("print no query string and no field of a failed call's error (a provider's raw response, a body)", () => {
    const error = Object.assign(
      new Error(`request to https://happr.app/auth/confirm?code=${CODE}&invitation=${TOKEN} failed`),
      {
        raw: { body: `Your Happr code is ${CODE}` },
        cause: new Error(`GET /auth/sign-up?invitation=${TOKEN}`),
      },
    );
    failedForm(error);
    expect(everything()).toContain("[account] action failed");
    expect(everything()).toContain("https://happr.app/auth/confirm?[redacted]");
    expect(everything()).not.toContain(CODE);
    expect(everything()).not.toContain(TOKEN);
  });

  it("print no parameter of a failed query (emails, password hashes, message bodies)", () => {
    const query = new DrizzleQueryError(
      "insert into outbox (recipient, body) values ($1, $2)",
      ["ada@example.com", `Your code is ${CODE}`],
      new Error("connection lost"),
    );
    failureState(query, { email: "" });
    expect(everything()).toContain("Failed query: insert into outbox");
    expect(everything()).not.toContain(CODE);
    expect(everything()).not.toContain("ada@example.com");
  });

  it("what Next.js and the issuer print themselves goes through the same redaction once installed", () => {
    const fake = {
      error: (...args: unknown[]) => void printed.push(format(...args)),
      warn: console.warn,
      info: console.info,
      log: console.log,
      debug: console.debug,
    } as unknown as Console;
    installConsoleRedaction(fake);
    fake.error(
      `⨯ Error: GET /auth/confirm?code=${CODE} failed`,
      Object.assign(new Error("boom"), { body: `code ${CODE}` }),
      { headers: { cookie: "session" } },
    );
    expect(everything()).toContain("/auth/confirm?[redacted]");
    expect(everything()).not.toContain(CODE);
    expect(everything()).not.toContain("session");
  });

  it("nothing in the server code writes to the console except through lib/log.ts", () => {
    const root = path.resolve(import.meta.dirname, "..");
    const offenders: string[] = [];
    const visit = (entry: string) => {
      const full = path.join(root, entry);
      if (statSync(full).isDirectory()) return readdirSync(full).forEach((child) => visit(path.join(entry, child)));
      if (
        !/\.(ts|tsx)$/.test(entry) ||
        /\.test\.tsx?$|test-|testing|fake-|__fixtures__/.test(entry) ||
        entry === path.join("lib", "log.ts")
      )
        return;
      if (/\bconsole\.(log|info|warn|error|debug)\b/.test(readFileSync(full, "utf8"))) offenders.push(entry);
    };
    for (const entry of ["app", "lib", "components", "graphql", "pages", "auth.ts", "proxy.ts", "instrumentation.ts"])
      visit(entry);
    expect(offenders).toEqual([]);
  });
});
