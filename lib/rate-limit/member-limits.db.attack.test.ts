import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { createGraphQLServer } from "@/graphql/server";
import { knownMember } from "../auth/caller";
import type { Db } from "../db/open";
import { useMemberTestDatabase } from "../identity/builtin/testing";
import { limitMemberCall, MEMBER_RATES } from "./member-limits";

/**
 * Attack: a signed-in member (a stolen token, a runaway script, a child's account) floods the API or
 * the members' forms to hold the service. Each member's calls are counted in the database (every
 * instance shares the count) and refused past the rate with 429, Retry-After and a message that says
 * how long; other members and guests are not held back.
 */
let db: Db;
useMemberTestDatabase((opened) => (db = opened));

const signedIn = vi.hoisted(() => ({ memberId: "flooder" }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("@/lib/auth/member", async () => {
  const { DomainError } = await import("../errors");
  class MemberRequiredError extends DomainError {
    constructor() {
      super("NotAuthenticated", 401, "User is not authenticated");
      this.name = "MemberRequiredError";
    }
  }
  return {
    MemberRequiredError,
    requireMember: async () => ({ memberId: signedIn.memberId, email: `${signedIn.memberId}@example.com`, name: null }),
  };
});

const TOO_MANY = /^Too many requests\. Please try again in \d+ seconds?\.$/;

describe("a member's flood of /graphql calls", () => {
  it("700 calls in a minute: the first 300 answered, the rest 429 with Retry-After; others unaffected", async () => {
    // The route's rule (MEMBER_RATES.graphql), at one instant so a minute's turn cannot reset the count.
    const now = new Date("2026-07-01T10:00:00.000Z");
    const yoga = createGraphQLServer({
      resolveCaller: async (request) => {
        const token = request.headers.get("authorization")?.replace("Bearer ", "");
        return token ? knownMember({ memberId: token, email: `${token}@example.com`, name: null }) : { kind: "guest" };
      },
      billing: () => Promise.reject(new Error("not used")),
      siteUrl: "http://localhost:3000",
      limitProviderCall: async () => ({ allowed: true, remaining: 1, retryAfterSeconds: 0 }),
      limitMemberCall: (memberId) => limitMemberCall(memberId, { db, now }),
      limitGuestCall: async () => ({ allowed: true, remaining: 1, retryAfterSeconds: 0 }),
      production: true,
    });
    const post = (member?: string) =>
      yoga.fetch("http://localhost/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", ...(member ? { authorization: `Bearer ${member}` } : {}) },
        body: JSON.stringify({ query: "{ __typename }" }),
      });
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let index = 0; index < 700; index += 1) {
      const response = await post("flooder");
      statuses.push(response.status);
      if (response.status === 429) refused = response;
      else await response.text();
    }
    expect(MEMBER_RATES.graphql).toEqual({ limit: 300, windowSeconds: 60 });
    expect(statuses.filter((status) => status === 200)).toHaveLength(300);
    expect(statuses.filter((status) => status === 429)).toHaveLength(400);
    expect(statuses.slice(0, 300).every((status) => status === 200)).toBe(true);
    expect(refused!.headers.get("retry-after")).toBe("60");
    expect(await refused!.json()).toEqual({
      errors: [
        {
          message: "Too many requests. Please try again in 60 seconds.",
          extensions: { statusCode: 429, retryAfterSeconds: 60 },
        },
      ],
    });
    expect((await post("someone-else")).status).toBe(200);
    expect((await post()).status).toBe(200);
  }, 120_000);
});

describe("a member's flood of server actions", () => {
  it("the 121st form in a minute is refused with how long to wait; another member's forms still run", async () => {
    const { stopSharingAction } = await import("@/app/(members)/circle/actions");
    const idle = { status: "idle" as const, message: "", fieldErrors: {}, values: {} };
    const form = () => {
      const data = new FormData();
      data.set("shareId", randomUUID());
      return data;
    };
    // The count's window is the database's minute: start early in one so the flood fits in it.
    const second = new Date().getUTCSeconds();
    if (second > 40) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
    signedIn.memberId = "flooder";
    const messages: string[] = [];
    for (let index = 0; index <= MEMBER_RATES.action.limit; index += 1)
      messages.push((await stopSharingAction(idle, form())).message);
    // Each ran (no such share) until the rate was met.
    expect(new Set(messages.slice(0, MEMBER_RATES.action.limit))).toEqual(new Set(["Share not found"]));
    expect(messages.at(-1)).toMatch(TOO_MANY);
    signedIn.memberId = "bystander";
    expect((await stopSharingAction(idle, form())).message).toBe("Share not found");
  }, 120_000);

  it("the actions that answer no form's state share the rate: a flood of authenticator steps meets it, and so do devices and the sandbox card", async () => {
    const { authenticatorAction } = await import("@/app/(members)/my-account/mfa-actions");
    const { moreDevicesAction } = await import("@/app/(members)/my-account/security-actions");
    const { tokenizeSandboxCardAction } = await import("@/app/(members)/manage-subscription/actions");
    const state = {
      status: "off" as const,
      message: "",
      tone: "info" as const,
      fieldErrors: {},
      values: {},
      deviceLabel: null,
    };
    const step = () => {
      const data = new FormData();
      data.set("intent", "none");
      return data;
    };
    const second = new Date().getUTCSeconds();
    if (second > 40) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
    signedIn.memberId = "authenticator-flooder";
    const messages: string[] = [];
    for (let index = 0; index <= MEMBER_RATES.action.limit; index += 1)
      messages.push((await authenticatorAction(state, step())).message);
    // Each ran (an unknown step) until the rate was met.
    expect(new Set(messages.slice(0, MEMBER_RATES.action.limit))).toEqual(new Set(["Unknown authenticator step"]));
    expect(messages.at(-1)).toMatch(TOO_MANY);
    expect(await moreDevicesAction("next-page")).toEqual({ error: expect.stringMatching(TOO_MANY) });
    const card = { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123", name: "Ada" };
    expect(await tokenizeSandboxCardAction(card)).toEqual({ error: expect.stringMatching(TOO_MANY) });
  }, 120_000);
});
