import { signUpNew } from "@/lib/identity/builtin/test-helpers";
import { describe, expect, it } from "vitest";
import { confirmSignUp, signOutEverywhere } from "@/lib/identity/builtin/accounts";
import { createOidcAdapter } from "@/lib/identity/builtin/issuer/adapter";
import { useMemberTestDatabase } from "@/lib/identity/builtin/testing";
import { lastCodeSentTo } from "@/lib/identity/builtin/test-helpers";
import { getTokenVerifier, resolveCaller } from "./caller";
import { BUILTIN_CLIENT_ID } from "../secrets";

// The built-in issuer end to end: the issuer's persisted keys, the account's claims and revocation point.
let accountId: string;

useMemberTestDatabase(async (db) => {
  const email = "grace@example.com";
  ({ accountId } = await signUpNew(
    { email, password: "Sunny-Day-42", givenName: "Grace", familyName: "Hopper" },
    { mfa: "optional" },
  ));
  await confirmSignUp({ email, code: await lastCodeSentTo(db, email) }, { mfa: "optional" });
}, 120_000);

/** An access token as the issuer stores it (opaque: the value is the key of its record). */
async function issue(iatSeconds: number) {
  const value = `opaqueAccessToken_${iatSeconds}_${Math.random().toString(36).slice(2, 10)}`;
  const payload = {
    kind: "AccessToken",
    accountId,
    clientId: BUILTIN_CLIENT_ID,
    iat: iatSeconds,
    exp: iatSeconds + 3600,
    scope: "openid email profile",
    grantId: "g1",
    jti: value,
  };
  await createOidcAdapter()("AccessToken").upsert(value, payload, 3600);
  return value;
}

describe("resolveCaller with the built-in issuer", () => {
  it("accepts the issuer's token, names the member, and refuses it after sign-out everywhere", async () => {
    const iat = Math.floor(Date.now() / 1000);
    const token = await issue(iat);
    const request = () =>
      new Request("http://localhost/graphql", { method: "POST", headers: { authorization: `Bearer ${token}` } });
    const caller = await resolveCaller(request(), { verifyToken: getTokenVerifier() });
    expect(caller.kind === "member" && (await caller.member())).toEqual({
      memberId: accountId,
      email: "grace@example.com",
      name: "Grace Hopper",
    });
    // Revocation a second later than the token (iat has whole seconds).
    await signOutEverywhere(accountId, { mfa: "optional", now: new Date((iat + 1) * 1000) });
    expect(await resolveCaller(request(), { verifyToken: getTokenVerifier() })).toEqual({ kind: "invalid" });
    // A token issued after the sign-out stands.
    expect(await getTokenVerifier()(await issue(iat + 1))).toMatchObject({ memberId: accountId });
    // A malformed token is refused.
    expect(
      await resolveCaller(new Request("http://localhost/graphql", { headers: { authorization: "garbage" } }), {
        verifyToken: getTokenVerifier(),
      }),
    ).toEqual({ kind: "invalid" });
  });

  it("accepts the issuer's opaque access tokens while they are stored, for this client only", async () => {
    const tokens = createOidcAdapter()("AccessToken");
    const now = Math.floor(Date.now() / 1000) + 5;
    const payload = {
      kind: "AccessToken",
      accountId,
      clientId: BUILTIN_CLIENT_ID,
      iat: now,
      exp: now + 3600,
      scope: "openid",
      grantId: "g1",
      jti: "",
    };
    const value = "opaqueTokenValue_abcdefghijklmnopqrstuvw";
    await tokens.upsert(value, { ...payload, jti: value }, 3600);
    expect(await (await getTokenVerifier()(value))?.member()).toMatchObject({
      memberId: accountId,
      email: "grace@example.com",
    });
    const foreign = "opaqueTokenValue_foreignclient_0123456789";
    await tokens.upsert(foreign, { ...payload, jti: foreign, clientId: "another-client" }, 3600);
    expect(await getTokenVerifier()(foreign)).toBeUndefined();
    await tokens.destroy(value);
    expect(await getTokenVerifier()(value)).toBeUndefined();
    expect(await getTokenVerifier()("opaqueTokenValue_neverIssued_0123456789")).toBeUndefined();
  });
});
