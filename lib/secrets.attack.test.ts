import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { decode, encode } from "next-auth/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as config from "./config";

/**
 * Attack: a development or staging install runs without AUTH_SECRET. If its secret were derived from
 * something an outsider can guess (the source's constant and the data directory's path), they could
 * forge a session cookie for any member. The secret must be random, generated once per install.
 */
const directories: string[] = [];
function install(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "happr-secret-"));
  directories.push(dataDir);
  vi.spyOn(config, "getConfig").mockReturnValue(
    config.parseConfig({ NODE_ENV: "development", DATA_DIR: dataDir, ...env }),
  );
  return dataDir;
}
async function freshSecrets() {
  vi.resetModules();
  const fresh = await import("./config");
  return { secrets: await import("./secrets"), config: fresh };
}

afterEach(() => {
  vi.restoreAllMocks();
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

const salt = "authjs.session-token";

describe("the session secret without AUTH_SECRET (outside production)", () => {
  it("cannot be computed from the source: a cookie forged with the guessable secret is refused", async () => {
    const dataDir = install();
    const { getAuthSecret } = await import("./secrets");
    const guessed = createHash("sha256")
      .update(`happr-development-auth-secret:${path.resolve(dataDir)}`)
      .digest("base64url");
    const forged = await encode({
      token: { sub: "victim-account", email: "victim@example.com" },
      secret: guessed,
      salt,
    });
    expect(getAuthSecret()).not.toBe(guessed);
    await expect(decode({ token: forged, secret: getAuthSecret(), salt })).rejects.toThrow();
  });

  it("is random per install, kept in DATA_DIR readable by its owner only, and the same after a restart", async () => {
    const first = install();
    const { getAuthSecret } = await import("./secrets");
    const secret = getAuthSecret();
    expect(secret.length).toBeGreaterThanOrEqual(43);
    const file = path.join(first, "auth-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // A restart: a new process reads the file instead of making a new secret.
    const restarted = await freshSecrets();
    vi.spyOn(restarted.config, "getConfig").mockReturnValue(
      restarted.config.parseConfig({ NODE_ENV: "development", DATA_DIR: first }),
    );
    expect(restarted.secrets.getAuthSecret()).toBe(secret);

    const other = await freshSecrets();
    const second = mkdtempSync(path.join(tmpdir(), "happr-secret-"));
    directories.push(second);
    vi.spyOn(other.config, "getConfig").mockReturnValue(
      other.config.parseConfig({ NODE_ENV: "development", DATA_DIR: second }),
    );
    expect(other.secrets.getAuthSecret()).not.toBe(secret);
  });

  it("production without AUTH_SECRET still refuses to start", async () => {
    expect(() => config.parseConfig({ NODE_ENV: "production" })).toThrow(/AUTH_SECRET is required in production/);
  });
});

describe("the built-in issuer's client secret", () => {
  it("follows AUTH_SECRET: a client secret worked out under one secret does not stand for another", async () => {
    const { secrets, config: fresh } = await freshSecrets();
    const useSecret = (secret: string) =>
      vi.spyOn(fresh, "getConfig").mockReturnValue(fresh.parseConfig({ NODE_ENV: "development", AUTH_SECRET: secret }));
    useSecret("a".repeat(43));
    const first = secrets.builtinClientSecret();
    expect(secrets.builtinClientSecret()).toBe(first);
    useSecret("b".repeat(43));
    const second = secrets.builtinClientSecret();
    expect(second).not.toBe(first);
    expect(second).toMatch(/^[\w-]{43}$/);
  });
});
