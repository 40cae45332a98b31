import { CognitoIdentityProviderClient } from "@aws-sdk/client-cognito-identity-provider";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { useTestDatabase } from "@/lib/db/testing";
import { makeCircle } from "./testing";
import { childConsents, circleMemberships, circles, identitySessionCutoffs, memberProfiles } from "@/lib/db/schema";
import type { ChildAccounts } from "@/lib/identity";
import { useCognitoLocal } from "@/lib/identity/cognito/cognito-local-testing";
import { createCognitoChildAccounts } from "@/lib/identity/cognito/child-accounts";
import { isAfterSessionCutoff } from "@/lib/identity/session-cutoffs";
import { createChildAccount, resetChildCredential } from ".";

/**
 * Child accounts with sign-in on Cognito, against cognito-local: the child's user is made in the pool
 * (AdminCreateUser, AdminSetUserPassword), signs in with the sign-in name, and a guardian's new password
 * or one-time code works; a refusal by the pool writes nothing here, and a failed write here takes the
 * pool's user back. cognito-local has no AdminUserGlobalSignOut: child-accounts.test.ts records it.
 */
const local = useCognitoLocal({ userNames: true });
const database = useTestDatabase([childConsents, circleMemberships, circles, identitySessionCutoffs, memberProfiles]);
let accounts: ChildAccounts;
beforeAll(() => {
  const client = new CognitoIdentityProviderClient({
    region: "us-east-1",
    endpoint: local.endpoint,
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
  });
  accounts = createCognitoChildAccounts({ region: "us-east-1", userPoolId: local.poolId, client });
});

const NOW = new Date("2026-04-15T12:00:00.000Z");
const CHILD_PASSWORD = "Purple-Otter-Lantern-9";
const noFamilyPlan = async () => ({ family: false }) as never;
const owner = { memberId: "olga", name: "Olga" };

const circle = () => makeCircle(database.db, owner.memberId, {}, { name: "Olga's circle", ownerName: "Olga" });
const create = (circleId: string, credential: unknown, using = accounts) =>
  createChildAccount(
    owner,
    { circleId, firstName: "Maya", birthMonth: "2017-04", credential, consent: true },
    { db: database.db, now: NOW, familyPlan: noFamilyPlan, accounts: using },
  );

const poolUser = (username: string) =>
  local.call(
    "AdminGetUser",
    { UserPoolId: local.poolId, Username: username },
    z.object({ UserStatus: z.string(), UserAttributes: z.array(z.object({ Name: z.string(), Value: z.string() })) }),
  );
const signIn = (username: string, password: string) =>
  local.call(
    "InitiateAuth",
    {
      AuthFlow: "USER_PASSWORD_AUTH",
      ClientId: local.clientId,
      AuthParameters: { USERNAME: username, PASSWORD: password },
    },
    z.object({ ChallengeName: z.string().optional(), AuthenticationResult: z.object({}).passthrough().optional() }),
  );
const rows = async () => ({
  consents: (await database.db.select().from(childConsents)).length,
  memberships: (await database.db.select().from(circleMemberships)).length,
  profiles: (await database.db.select().from(memberProfiles)).length,
});

describe("child accounts on Cognito (cognito-local)", () => {
  it("a first password: the pool's user is confirmed, signs in by sign-in name, and the consent and membership name its sub", async () => {
    const circleId = await circle();
    const created = await create(circleId, { password: CHILD_PASSWORD });
    const user = await poolUser(created.signInName);
    expect(user.UserStatus).toBe("CONFIRMED");
    expect(user.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: "sub", Value: created.childId },
        { Name: "given_name", Value: "Maya" },
      ]),
    );
    expect((await signIn(created.signInName, CHILD_PASSWORD)).AuthenticationResult).toBeDefined();
    const [consent] = await database.db.select().from(childConsents).where(eq(childConsents.childId, created.childId));
    expect(consent).toMatchObject({ guardianId: "olga", circleId, birthMonth: "2017-04" });
    expect(consent!.consentedAt.getTime()).toBe(NOW.getTime());
    const [membership] = await database.db
      .select()
      .from(circleMemberships)
      .where(eq(circleMemberships.memberId, created.childId));
    expect(membership).toMatchObject({ role: "child", contact: created.signInName });
  });

  it("a one-time code: the first sign-in asks for a new password (the hosted sign-in's NEW_PASSWORD_REQUIRED)", async () => {
    const circleId = await circle();
    const created = await create(circleId, { oneTimeCode: true });
    expect(created.oneTimeCode).toMatch(/^[A-Z]{4}-[a-z]{4}-[2-9]{4}$/);
    expect((await poolUser(created.signInName)).UserStatus).toBe("FORCE_CHANGE_PASSWORD");
    expect((await signIn(created.signInName, created.oneTimeCode!)).ChallengeName).toBe("NEW_PASSWORD_REQUIRED");
  });

  it("a refusal by the pool (one that takes only emails as user names) writes nothing here", async () => {
    const circleId = await circle();
    const pool = await local.call(
      "CreateUserPool",
      { PoolName: "emails-only", UsernameAttributes: ["email"] },
      z.object({ UserPool: z.object({ Id: z.string() }) }),
    );
    const emailsOnly = createCognitoChildAccounts({
      region: "us-east-1",
      userPoolId: pool.UserPool.Id,
      client: new CognitoIdentityProviderClient({
        region: "us-east-1",
        endpoint: local.endpoint,
        credentials: { accessKeyId: "local", secretAccessKey: "local" },
      }),
    });
    const before = await rows();
    await expect(create(circleId, { password: CHILD_PASSWORD }, emailsOnly)).rejects.toMatchObject({ status: 502 });
    expect(await rows()).toEqual(before);
  });

  it("when our write fails after the pool made the user, the user is deleted from the pool again", async () => {
    const circleId = await circle();
    let made = "";
    const tracking: ChildAccounts = {
      ...accounts,
      create: async (db, input) => {
        made = input.signInName;
        const answer = await accounts.create(db, input);
        // The membership insert that follows fails: this circle is gone by then.
        await db.delete(circles).where(eq(circles.id, circleId));
        return answer;
      },
    };
    const before = await rows();
    await expect(create(circleId, { password: CHILD_PASSWORD }, tracking)).rejects.toThrow();
    expect(made).toMatch(/^maya\.\d{4}$/);
    await expect(poolUser(made)).rejects.toMatchObject({ code: "UserNotFoundException" });
    expect(await rows()).toEqual(before);
  });

  it("a guardian's new password and new one-time code work, the old ones stop, and the child's sessions end", async () => {
    const circleId = await circle();
    const created = await create(circleId, { password: CHILD_PASSWORD });
    const signedInBefore = new Date(NOW.getTime() - 1000);
    const later = new Date(NOW.getTime() + 60_000);
    const reset = await resetChildCredential(
      owner,
      { childId: created.childId, credential: { password: "Green-Kite-River-31" } },
      { db: database.db, now: later, accounts },
    );
    expect(reset).toEqual({ signInName: created.signInName });
    expect((await signIn(created.signInName, "Green-Kite-River-31")).AuthenticationResult).toBeDefined();
    // cognito-local names the refusal differently from Cognito (NotAuthorizedException): a refusal is what counts.
    await expect(signIn(created.signInName, CHILD_PASSWORD)).rejects.toThrow();
    expect(await isAfterSessionCutoff(created.childId, signedInBefore, { db: database.db })).toBe(false);
    expect(await isAfterSessionCutoff(created.childId, new Date(later.getTime() + 1), { db: database.db })).toBe(true);

    const code = await resetChildCredential(
      owner,
      { childId: created.childId, credential: { oneTimeCode: true } },
      { db: database.db, now: later, accounts },
    );
    expect(code.oneTimeCode).toMatch(/^[A-Z]{4}-[a-z]{4}-[2-9]{4}$/);
    expect((await poolUser(created.signInName)).UserStatus).toBe("FORCE_CHANGE_PASSWORD");
    expect((await signIn(created.signInName, code.oneTimeCode!)).ChallengeName).toBe("NEW_PASSWORD_REQUIRED");
  });
});
