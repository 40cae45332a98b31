import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { z } from "zod";
import { callUserPool } from "./user-pool";
import { createCognitoIdentity } from "./identity";

/**
 * For a test file: cognito-local (a local implementation of the user-pool API) on a free loopback
 * port, with one user pool and app client, started before the file's tests and stopped after. Codes
 * are read from its console, where it "delivers" them. Test code only.
 */
export type CognitoLocal = {
  endpoint: string;
  /** What the adapters are given to reach it (see retryingFetch). */
  options(): { region: string; endpoint: string; fetch: typeof fetch };
  clientId: string;
  poolId: string;
  /** Everything cognito-local printed so far (codes are read from here). */
  output(): string;
  call<T>(action: string, body: Record<string, unknown>, schema: z.ZodType<T>): Promise<T>;
  /** A confirmed user with a verified email, signed in: their access token and security centre. */
  signedInMember(
    password: string,
  ): Promise<{ email: string; accessToken: string; centre: ReturnType<typeof createCognitoIdentity> }>;
  /** The newest code cognito-local printed for `destination` after `before` characters of output. */
  lastCode(destination: string, before: number): Promise<string>;
};

const require = createRequire(import.meta.url);

// cognito-local's server drops an idle keep-alive connection after 5 s; a request that meets the
// dropped socket (a slow test in between) is sent again once, as a fresh connection.
const retryingFetch: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, init);
  } catch {
    return fetch(input, init);
  }
};

/**
 * `userNames`: the pool's users sign in with a user name (no "email as username"), as child accounts
 * need; cognito-local otherwise makes every pool an email-username one.
 */
export function useCognitoLocal(options: { userNames?: boolean } = {}): CognitoLocal {
  let child: ChildProcess | undefined;
  let directory = "";
  let printed = "";
  let count = 0;
  const local: CognitoLocal = {
    endpoint: "",
    clientId: "",
    poolId: "",
    options: () => ({ region: "us-east-1", endpoint: local.endpoint, fetch: retryingFetch }),
    output: () => printed,
    call: (action, body, schema) => callUserPool(local.options(), action, body, schema),
    async signedInMember(password) {
      count += 1;
      const email = `local${count}.${process.pid}@example.com`;
      const ok = z.object({}).passthrough();
      await local.call(
        "SignUp",
        {
          ClientId: local.clientId,
          Username: email,
          Password: password,
          UserAttributes: [{ Name: "email", Value: email }],
        },
        ok,
      );
      await local.call("AdminConfirmSignUp", { UserPoolId: local.poolId, Username: email }, ok);
      await local.call(
        "AdminUpdateUserAttributes",
        {
          UserPoolId: local.poolId,
          Username: email,
          UserAttributes: [
            { Name: "email", Value: email },
            { Name: "email_verified", Value: "true" },
          ],
        },
        ok,
      );
      const auth = await local.call(
        "InitiateAuth",
        {
          AuthFlow: "USER_PASSWORD_AUTH",
          ClientId: local.clientId,
          AuthParameters: { USERNAME: email, PASSWORD: password },
        },
        z.object({ AuthenticationResult: z.object({ AccessToken: z.string() }) }),
      );
      const accessToken = auth.AuthenticationResult.AccessToken;
      const centre = createCognitoIdentity(
        { accountId: email, email, accessToken },
        { ...local.options(), clientId: local.clientId },
      );
      return { email, accessToken, centre };
    },
    async lastCode(destination, before) {
      const started = Date.now();
      for (;;) {
        const blocks = printed
          .slice(before)
          .split("Confirmation Code Delivery")
          .filter((block) => block.includes(destination));
        const code = blocks.at(-1)?.match(/Code:\s+(\d{6})/)?.[1];
        if (code) return code;
        if (Date.now() - started > 15_000) throw new Error(`no code for ${destination} in:\n${printed.slice(before)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };

  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), "cognito-local-"));
    if (options.userNames) {
      mkdirSync(path.join(directory, ".cognito"));
      writeFileSync(
        path.join(directory, ".cognito", "config.json"),
        JSON.stringify({ UserPoolDefaults: { UsernameAttributes: [] } }),
      );
    }
    child = spawn(process.execPath, [require.resolve("cognito-local/lib/bin/start.js")], {
      cwd: directory,
      env: { ...process.env, PORT: "0", HOST: "127.0.0.1", FORCE_COLOR: "0", NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (chunk: Buffer) => (printed += chunk.toString("utf8")));
    child.stderr!.on("data", (chunk: Buffer) => (printed += chunk.toString("utf8")));
    const started = Date.now();
    while (!local.endpoint) {
      const match = printed.match(/running on (http:\/\/[\d.]+:\d+)/);
      if (match) local.endpoint = `${match[1]}/`;
      else if (Date.now() - started > 30_000) throw new Error(`cognito-local did not start:\n${printed}`);
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const pool = await local.call(
      "CreateUserPool",
      { PoolName: "happr-test", AutoVerifiedAttributes: ["email", "phone_number"] },
      z.object({ UserPool: z.object({ Id: z.string() }) }),
    );
    local.poolId = pool.UserPool.Id;
    const client = await local.call(
      "CreateUserPoolClient",
      { UserPoolId: local.poolId, ClientName: "web" },
      z.object({ UserPoolClient: z.object({ ClientId: z.string() }) }),
    );
    local.clientId = client.UserPoolClient.ClientId;
  }, 60_000);

  afterAll(() => {
    child?.kill();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });
  return local;
}
