import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createGraphQLServer } from "@/graphql/server";
import { knownMember } from "../auth/caller";
import type { Db } from "../db/open";
import { confirmSignUp, forgotPassword, resendConfirmationCode, signUp } from "../identity/builtin/accounts";
import { IdentityError } from "../identity/errors";
import { addressLimit } from "../identity/outsider-limits";
import { useMemberTestDatabase } from "../identity/builtin/testing";
import { inviteToCircle } from "../invitations";
import { fromSocket } from "../request/testing";
import { consumeEach } from ".";

/**
 * An outsider makes the app send or work for them: sign-up and code messages to someone else's
 * mailbox, confirmation-code guesses, invitations to one person's phone, guest API calls. Each is
 * counted in the database (so every instance shares it) per client address and per target, and
 * refused with a clear message and the wait.
 */
let db: Db;
useMemberTestDatabase((opened) => (db = opened));
const start = new Date("2026-07-01T10:00:00.000Z");
let nextAddress = 1;
const rotating = () => `203.0.113.${nextAddress++}`;
const ctx = (clientAddress = rotating(), ms = 0) => ({
  now: new Date(start.getTime() + ms),
  mfa: "optional" as const,
  clientAddress,
});

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (!(error instanceof IdentityError)) throw error;
    return { code: error.code, message: error.message, retryAfterSeconds: error.retryAfterSeconds };
  }
}

const person = { password: "Moonlit-River-77?", givenName: "Victor", familyName: "Target" };

describe("identity forms", () => {
  it("sign-up: five a hour to one email however many addresses send them, and 30 a hour from one address", async () => {
    for (let index = 0; index < 5; index += 1)
      expect(await refusal(signUp({ ...person, email: "victim@example.com" }, ctx()))).toBeUndefined();
    expect(await refusal(signUp({ ...person, email: "victim@example.com" }, ctx()))).toEqual({
      code: "LimitExceededException",
      message: "Too many attempts. Please try again in 60 minutes.",
      retryAfterSeconds: 3600,
    });
    const address = rotating();
    for (let index = 0; index < 30; index += 1)
      await signUp({ ...person, email: `spray${index}@example.com` }, ctx(address));
    expect(await refusal(signUp({ ...person, email: "spray30@example.com" }, ctx(address)))).toMatchObject({
      code: "LimitExceededException",
    });
    expect(await refusal(signUp({ ...person, email: "spray30@example.com" }, ctx()))).toBeUndefined();
  });

  it("resend code and forgot password: one count per email, and 30 a hour from one address", async () => {
    const sends = [
      resendConfirmationCode,
      forgotPassword,
      resendConfirmationCode,
      forgotPassword,
      resendConfirmationCode,
    ];
    for (const send of sends) expect(await refusal(send({ email: "mailbomb@example.com" }, ctx()))).toBeUndefined();
    expect(await refusal(forgotPassword({ email: "mailbomb@example.com" }, ctx()))).toMatchObject({
      code: "LimitExceededException",
      retryAfterSeconds: 3600,
    });
    const address = rotating();
    for (let index = 0; index < 30; index += 1)
      await forgotPassword({ email: `many${index}@example.com` }, ctx(address));
    expect(await refusal(resendConfirmationCode({ email: "many30@example.com" }, ctx(address)))).toMatchObject({
      code: "LimitExceededException",
    });
  });

  it("confirm: ten code guesses a hour per email across addresses, the same for an account and for nobody", async () => {
    await signUp({ ...person, email: "guessme@example.com" }, ctx());
    for (const email of ["guessme@example.com", "nobody-here@example.com"]) {
      for (let index = 0; index < 10; index += 1) {
        expect(await refusal(confirmSignUp({ email, code: String(100_000 + index) }, ctx()))).toMatchObject({
          code: "CodeMismatchException",
        });
      }
      expect(await refusal(confirmSignUp({ email, code: "123456" }, ctx()))).toEqual({
        code: "LimitExceededException",
        message: "Too many attempts. Please try again in 60 minutes.",
        retryAfterSeconds: 3600,
      });
    }
  });

  it("confirm: 60 guesses a hour from one address spread over many emails, then refused", async () => {
    const address = rotating();
    for (let index = 0; index < 60; index += 1) {
      expect(
        await refusal(confirmSignUp({ email: `spread${index}@example.com`, code: "123456" }, ctx(address))),
      ).toMatchObject({ code: "CodeMismatchException" });
    }
    expect(await refusal(confirmSignUp({ email: "spread60@example.com", code: "123456" }, ctx(address)))).toMatchObject(
      { code: "LimitExceededException", retryAfterSeconds: 3600 },
    );
  });

  it("confirm: an address allowed more sign-ups may confirm each of them twice over", () => {
    expect(addressLimit("confirm", 30)).toBe(60);
    expect(addressLimit("confirm", 10)).toBe(60);
    expect(addressLimit("confirm", 1000)).toBe(2000);
    expect(addressLimit("sign-up", 1000)).toBe(1000);
    expect(addressLimit("code-send", 1000)).toBe(30);
  });
});

describe("invitations", () => {
  it("three a day to one phone, whichever members send them", async () => {
    const options = {
      db,
      now: start,
      familyPlan: async () => ({ family: true, currentPeriodEnd: null }),
      siteUrl: "http://localhost:3000",
    };
    const owner = () => ({ memberId: randomUUID(), name: "Owner", email: `${randomUUID()}@example.com` });
    for (let index = 0; index < 3; index += 1) await inviteToCircle(owner(), { phone: "+14155550199" }, options);
    await expect(inviteToCircle(owner(), { phone: "+14155550199" }, options)).rejects.toMatchObject({
      status: 429,
      message: expect.stringMatching(/^Too many invitations today\. Please try again in \d+ hours?\.$/),
    });
    await inviteToCircle(owner(), { phone: "+14155550198" }, options);
  });
});

describe("guest API calls", () => {
  it("counts requests without a member's token per address in the database: 429 with Retry-After", async () => {
    const yoga = createGraphQLServer({
      resolveCaller: async (request) =>
        request.headers.get("authorization")
          ? knownMember({ memberId: "m1", email: "m@example.com", name: null })
          : { kind: "guest" },
      billing: () => Promise.reject(new Error("not used")),
      siteUrl: "http://localhost:3000",
      limitProviderCall: async () => ({ allowed: true, remaining: 1, retryAfterSeconds: 0 }),
      // The route's 60 a minute, over an hour here so a minute's turn cannot reset the count mid-test.
      limitGuestCall: (address) =>
        consumeEach([{ bucket: "graphql-guest", subject: address, rule: { limit: 60, windowSeconds: 3600 } }], { db }),
      production: true,
    });
    const post = (address: string, headers: Record<string, string> = {}) =>
      yoga.fetch("http://localhost/graphql", {
        method: "POST",
        headers: { ...fromSocket(address), ...headers, "content-type": "application/json" },
        body: JSON.stringify({ query: "{ __typename }" }),
      });
    const statuses: number[] = [];
    for (let index = 0; index < 60; index += 1) statuses.push((await post("198.51.100.200")).status);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const refused = await post("198.51.100.200");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      errors: [
        {
          message: expect.stringMatching(
            /^Too many requests from your network\. Please try again in \d+ (seconds?|minutes?)\.$/,
          ),
          extensions: { statusCode: 429, retryAfterSeconds: Number(refused.headers.get("retry-after")) },
        },
      ],
    });
    // A forged X-Forwarded-For does not escape it; a member, and another address, are not held back.
    expect((await post("198.51.100.200", { "x-forwarded-for": "10.9.8.7, 198.51.100.200" })).status).toBe(429);
    expect((await post("198.51.100.200", { authorization: "Bearer member" })).status).toBe(200);
    expect((await post("198.51.100.201")).status).toBe(200);
  });
});
