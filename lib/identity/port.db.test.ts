import { signUpNew } from "@/lib/identity/builtin/test-helpers";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/open";
import { confirmSignUp, isSessionCurrent } from "./builtin/accounts";
import { createBuiltinIdentity } from "./builtin/identity";
import { createCognitoIdentity } from "./cognito/identity";
import { callUserPool } from "./cognito/user-pool";
import type { IdentityPort } from "./port";
import { useMemberTestDatabase } from "./builtin/testing";
import { lastCodeSentTo } from "./builtin/test-helpers";
import { z } from "zod";

let db: Db;

useMemberTestDatabase((opened) => (db = opened));

const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

type Harness = { security: IdentityPort; isRevoked: () => Promise<boolean> };

/** The contract both identity adapters meet (authenticator app and sign-out everywhere; the rest: builtin/identity.db.test.ts, cognito/identity.test.ts). */
function contract(name: string, makeHarness: () => Promise<Harness>) {
  describe(`identity port contract: ${name}`, () => {
    it("turns the authenticator app on with a verified first code, and off again", async () => {
      const { security } = await makeHarness();
      expect(await security.authenticatorStatus()).toEqual({ enabled: false, deviceLabel: null });
      const { secretCode, otpauthUri } = await security.startAuthenticatorSetup();
      expect(secretCode).toMatch(/^[A-Z2-7]{16,}=*$/);
      expect(otpauthUri).toMatch(new RegExp(`^otpauth://totp/Happr:.+secret=${secretCode}&`));
      const right = codeFor(secretCode);
      const wrong = right === "000000" ? "111111" : "000000";
      await expect(security.finishAuthenticatorSetup(wrong)).rejects.toMatchObject({
        code: "EnableSoftwareTokenMFAException",
      });
      expect((await security.authenticatorStatus()).enabled).toBe(false);
      await security.finishAuthenticatorSetup(right);
      expect(await security.authenticatorStatus()).toEqual({ enabled: true, deviceLabel: "My TOTP device" });
      await security.disableAuthenticator();
      expect(await security.authenticatorStatus()).toEqual({ enabled: false, deviceLabel: null });
    });

    it("signs out everywhere", async () => {
      const { security, isRevoked } = await makeHarness();
      expect(await isRevoked()).toBe(false);
      await security.signOutEverywhere();
      expect(await isRevoked()).toBe(true);
    });
  });
}

let member = 0;
contract("built-in issuer (database)", async () => {
  member += 1;
  const email = `security${member}@example.com`;
  const { accountId } = await signUpNew(
    { email, password: "Sunny-Day-42", givenName: "S", familyName: "C" },
    { mfa: "optional" },
  );
  await confirmSignUp({ email, code: await lastCodeSentTo(db, email) }, { mfa: "optional" });
  const sessionStart = new Date();
  await new Promise((resolve) => setTimeout(resolve, 5));
  return {
    security: createBuiltinIdentity({ accountId, email }, { mfa: "optional" }),
    isRevoked: async () => !(await isSessionCurrent(accountId, sessionStart, { mfa: "optional" })),
  };
});

// A stand-in for Cognito's user-pool API (the calls this adapter makes), checking the wire format.
type FakeUser = { secret?: string; pending?: string; mfa: string[]; revoked: boolean };
const users = new Map<string, FakeUser>();
let fakeUrl = "";
let server: Server;

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/x-amz-json-1.1" });
      response.end(JSON.stringify(body));
    };
    const target = String(request.headers["x-amz-target"] ?? "");
    if (
      request.headers["content-type"] !== "application/x-amz-json-1.1" ||
      !target.startsWith("AWSCognitoIdentityProviderService.")
    ) {
      return reply(400, { __type: "UnknownOperationException" });
    }
    const body = await readJson(request);
    const user = users.get(String(body.AccessToken));
    if (!user) return reply(400, { __type: "NotAuthorizedException", message: "Invalid Access Token" });
    if (user.revoked) return reply(400, { __type: "NotAuthorizedException", message: "Access Token has been revoked" });
    switch (target.split(".")[1]) {
      case "GetUser":
        return reply(200, {
          Username: "u",
          UserAttributes: [],
          UserMFASettingList: user.mfa,
          PreferredMfaSetting: user.mfa[0],
        });
      case "AssociateSoftwareToken":
        user.pending = new Secret({ size: 20 }).base32;
        return reply(200, { SecretCode: user.pending });
      case "VerifySoftwareToken": {
        if (body.FriendlyDeviceName !== "My TOTP device")
          return reply(400, { __type: "InvalidParameterException", message: "label" });
        const ok =
          user.pending &&
          new TOTP({ secret: Secret.fromBase32(user.pending), algorithm: "SHA1", digits: 6, period: 30 }).validate({
            token: String(body.UserCode),
            window: 1,
          }) !== null;
        if (!ok)
          return reply(400, {
            __type: "EnableSoftwareTokenMFAException",
            message: "Code mismatch and fail enable Software Token MFA",
          });
        user.secret = user.pending;
        return reply(200, { Status: "SUCCESS" });
      }
      case "SetUserMFAPreference": {
        const settings = body.SoftwareTokenMfaSettings as { Enabled: boolean } | undefined;
        if (settings?.Enabled && !user.secret)
          return reply(400, { __type: "InvalidParameterException", message: "no token" });
        user.mfa = settings?.Enabled ? ["SOFTWARE_TOKEN_MFA"] : [];
        return reply(200, {});
      }
      case "GlobalSignOut":
        user.revoked = true;
        return reply(200, {});
      default:
        return reply(400, { __type: "UnknownOperationException" });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fakeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

contract("Cognito user-pool API", async () => {
  const accessToken = `token-${users.size + 1}`;
  users.set(accessToken, { mfa: [], revoked: false });
  const security = createCognitoIdentity(
    { accountId: "sub", email: "member@example.com", accessToken },
    { region: "us-east-1", clientId: "client-1", endpoint: fakeUrl },
  );
  return {
    security,
    isRevoked: async () => {
      try {
        await security.authenticatorStatus();
        return false;
      } catch (error) {
        return (error as { code?: string }).code === "NotAuthorizedException";
      }
    },
  };
});

describe("Cognito user-pool calls", () => {
  it("maps Cognito's errors and network failures to IdentityError", async () => {
    const options = { region: "us-east-1", endpoint: fakeUrl };
    await expect(callUserPool(options, "GetUser", { AccessToken: "nobody" }, z.object({}))).rejects.toMatchObject({
      code: "NotAuthorizedException",
      message: "Invalid Access Token",
      status: 401,
    });
    await expect(callUserPool(options, "Nope", { AccessToken: "nobody" }, z.object({}))).rejects.toMatchObject({
      code: "NotAuthorizedException",
    });
    await expect(
      callUserPool({ region: "us-east-1", endpoint: "http://127.0.0.1:9/" }, "GetUser", {}, z.object({})),
    ).rejects.toMatchObject({ code: "NetworkError", message: "Network Error", status: 502 });
    const failing = (async () => new Response("oops", { status: 503 })) as typeof fetch;
    await expect(
      callUserPool({ region: "us-east-1", fetch: failing }, "GetUser", {}, z.object({})),
    ).rejects.toMatchObject({
      code: "NetworkError",
    });
    const strange = (async () =>
      new Response(JSON.stringify({ __type: "com.amazonaws#WeirdException", message: "odd" }), {
        status: 400,
      })) as typeof fetch;
    await expect(
      callUserPool({ region: "us-east-1", fetch: strange }, "GetUser", {}, z.object({})),
    ).rejects.toMatchObject({
      code: "InternalErrorException",
      message: "odd",
    });
    const prefixed = (async () =>
      new Response(JSON.stringify({ __type: "com.amazonaws#CodeMismatchException", message: "m" }), {
        status: 400,
      })) as typeof fetch;
    await expect(
      callUserPool({ region: "us-east-1", fetch: prefixed }, "GetUser", {}, z.object({})),
    ).rejects.toMatchObject({ code: "CodeMismatchException" });
  });

  it("refuses to call without the member's access token", async () => {
    const security = createCognitoIdentity(
      { accountId: "sub", email: "m@example.com" },
      { region: "us-east-1", clientId: "client-1", endpoint: fakeUrl },
    );
    await expect(security.signOutEverywhere()).rejects.toMatchObject({ code: "NotAuthorizedException" });
  });
});
