import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { callUserPool } from "./user-pool";
import { createCognitoSecurityCentre } from "./security-centre";

/**
 * The Cognito adapter against cognito-local (a local implementation of the user-pool API) for the
 * calls it supports: GetUser, UpdateUserAttributes, GetUserAttributeVerificationCode,
 * VerifyUserAttribute, DeleteUserAttributes, SetUserMFAPreference, InitiateAuth and DeleteUser.
 * It has no device calls and no GlobalSignOut: security-centre.test.ts covers those with recorded
 * requests. Codes are read from cognito-local's console, where it "delivers" them.
 */
const require = createRequire(import.meta.url);
let child: ChildProcess;
let directory: string;
let output = "";
let endpoint = "";
let clientId = "";
let poolId = "";

const options = () => ({ region: "us-east-1", endpoint });
const call = <T>(action: string, body: Record<string, unknown>, schema: z.ZodType<T>) => callUserPool(options(), action, body, schema);

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), "cognito-local-"));
  child = spawn(process.execPath, [require.resolve("cognito-local/lib/bin/start.js")], {
    cwd: directory,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", FORCE_COLOR: "0", NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const started = Date.now();
  while (!endpoint) {
    const match = output.match(/running on (http:\/\/[\d.]+:\d+)/);
    if (match) endpoint = `${match[1]}/`;
    else if (Date.now() - started > 30_000) throw new Error(`cognito-local did not start:\n${output}`);
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const pool = await call("CreateUserPool", { PoolName: "happr-test", AutoVerifiedAttributes: ["email", "phone_number"] }, z.object({ UserPool: z.object({ Id: z.string() }) }));
  poolId = pool.UserPool.Id;
  const client = await call("CreateUserPoolClient", { UserPoolId: poolId, ClientName: "web" }, z.object({ UserPoolClient: z.object({ ClientId: z.string() }) }));
  clientId = client.UserPoolClient.ClientId;
}, 60_000);

afterAll(() => {
  child?.kill();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

const password = "Sunny-Day-42!";
let count = 0;

/** A confirmed user in the pool, signed in: their access token. */
async function signedInMember() {
  count += 1;
  const email = `local${count}@example.com`;
  await call("SignUp", { ClientId: clientId, Username: email, Password: password, UserAttributes: [{ Name: "email", Value: email }] }, z.object({}).passthrough());
  await call("AdminConfirmSignUp", { UserPoolId: poolId, Username: email }, z.object({}).passthrough());
  await call("AdminUpdateUserAttributes", { UserPoolId: poolId, Username: email, UserAttributes: [{ Name: "email", Value: email }, { Name: "email_verified", Value: "true" }] }, z.object({}).passthrough());
  const auth = await call(
    "InitiateAuth",
    { AuthFlow: "USER_PASSWORD_AUTH", ClientId: clientId, AuthParameters: { USERNAME: email, PASSWORD: password } },
    z.object({ AuthenticationResult: z.object({ AccessToken: z.string() }) }),
  );
  const accessToken = auth.AuthenticationResult.AccessToken;
  return { email, accessToken, centre: createCognitoSecurityCentre({ accountId: email, email, accessToken }, { ...options(), clientId }) };
}

/** The newest code cognito-local printed for `destination`. */
async function lastCode(destination: string, before: number): Promise<string> {
  const started = Date.now();
  for (;;) {
    const printed = output.slice(before);
    const blocks = printed.split("Confirmation Code Delivery").filter((block) => block.includes(destination));
    const code = blocks.at(-1)?.match(/Code:\s+(\d{6})/)?.[1];
    if (code) return code;
    if (Date.now() - started > 5000) throw new Error(`no code for ${destination} in:\n${printed}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("Cognito security centre against cognito-local", () => {
  it("reads the member's attributes and verified flags", async () => {
    const { centre, email } = await signedInMember();
    expect(await centre.overview()).toEqual({
      email,
      emailVerified: true,
      phoneNumber: null,
      phoneNumberVerified: false,
      mfa: { enabled: [], preferred: null },
    });
  });

  it("changes the phone number (a forged phone_number_verified is dropped), verifies it with the code, and removes it", async () => {
    const { centre } = await signedInMember();
    const phone = "+14155550190";
    await centre.updateAttributes({ phone_number: phone, phone_number_verified: "true", sub: "someone-else" });
    expect(await centre.overview()).toMatchObject({ phoneNumber: phone, phoneNumberVerified: false });
    const before = output.length;
    expect(await centre.sendVerificationCode("phone_number")).toMatchObject({ deliveryMedium: "SMS" });
    await expect(centre.verifyAttribute("phone_number", "000000")).rejects.toMatchObject({ code: "CodeMismatchException" });
    await centre.verifyAttribute("phone_number", await lastCode(phone, before));
    expect(await centre.overview()).toMatchObject({ phoneNumber: phone, phoneNumberVerified: true });
    await centre.setMfaPreference({ sms: true, preferred: "SMS_MFA" });
    expect((await centre.overview()).mfa).toEqual({ enabled: ["SMS_MFA"], preferred: "SMS_MFA" });
    await centre.deleteAttributes(["phone_number", "phone_number_verified"]);
    expect(await centre.overview()).toMatchObject({ phoneNumber: null });
  });

  it("changes the email: unverified until the emailed code comes back", async () => {
    const { centre } = await signedInMember();
    const before = output.length;
    await centre.updateAttributes({ email: "moved@example.com", email_verified: "true" });
    expect(await centre.overview()).toMatchObject({ email: "moved@example.com", emailVerified: false });
    await centre.verifyAttribute("email", await lastCode("moved@example.com", before));
    expect(await centre.overview()).toMatchObject({ email: "moved@example.com", emailVerified: true });
  });

  it("checks the password with InitiateAuth, then deletes the user", async () => {
    const { centre } = await signedInMember();
    await expect(centre.confirmPassword("Wrong-Pass-1!")).rejects.toMatchObject({ code: "NotAuthorizedException" });
    await centre.confirmPassword(password);
    await centre.deleteUser();
    await expect(centre.overview()).rejects.toMatchObject({ status: expect.any(Number) });
  });
});
