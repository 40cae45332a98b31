import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { finishLoginInteraction } from "./provider";
import { Jar, startTestIssuer, testClient, type TestIssuer } from "./testing";

/**
 * Attack: sign-in interaction fixation. An outsider starts a sign-in in their own browser, sends the
 * sign-in link (with its interaction id) to a member, the member signs in there, and the outsider
 * resumes the interaction with their own cookies, ending signed in as the member.
 */
let issuer: TestIssuer;
let memberId: string;

beforeAll(async () => {
  issuer = await startTestIssuer();
  memberId = await issuer.createMember("member@example.com");
}, 60_000);

afterAll(() => issuer.close());

/** The outsider resumes their interaction as the issuer's resume URL, with their own cookies. */
async function resume(jar: Jar, uid: string) {
  const response = jar.take(
    await fetch(`${issuer.base}/api/oidc/auth/${uid}`, { redirect: "manual", headers: { cookie: jar.header() } }),
  );
  return new URL(response.headers.get("location")!);
}

describe("a sign-in interaction belongs to the browser that started it", () => {
  it("a member signing in on the outsider's link finishes no interaction of the outsider's", async () => {
    const outsider = new Jar();
    const { uid } = await issuer.startSignIn(outsider);

    // The member's browser has no interaction of its own: the outsider's id (from the link) is not enough.
    const member = new Jar();
    expect(await finishLoginInteraction(issuer.provider, member.header(), memberId, uid)).toEqual({
      refused: "no-interaction",
    });
    // With one of its own, the link's id is compared with the cookie's and refused.
    await issuer.startSignIn(member);
    expect(await finishLoginInteraction(issuer.provider, member.header(), memberId, uid)).toEqual({
      refused: "other-interaction",
    });

    // The outsider resumes: no code for the app, only a fresh sign-in page.
    const next = await resume(outsider, uid);
    expect(`${next.origin}${next.pathname}`).not.toBe(testClient.redirect);
    expect(next.searchParams.get("code")).toBeNull();
    expect(`${next.origin}${next.pathname}`).toBe("http://app.test/auth");
  });

  it("a copied interaction cookie without the issuer's signature is refused", async () => {
    const { uid } = await issuer.startSignIn(new Jar());
    const forged = `_interaction=${uid}; _interaction.sig=${"A".repeat(27)}`;
    expect(await finishLoginInteraction(issuer.provider, forged, memberId)).toEqual({ refused: "no-interaction" });
    expect(await finishLoginInteraction(issuer.provider, `_interaction=${uid}`, memberId)).toEqual({
      refused: "no-interaction",
    });
  });

  it("an interaction that already has a result, or asks for something other than a login, is refused", async () => {
    const jar = new Jar();
    const { uid } = await issuer.startSignIn(jar);
    expect(await finishLoginInteraction(issuer.provider, jar.header(), memberId)).toHaveProperty("returnTo");
    expect(await finishLoginInteraction(issuer.provider, jar.header(), memberId)).toEqual({
      refused: "already-finished",
    });

    const other = new Jar();
    const started = await issuer.startSignIn(other);
    const Interaction = (
      issuer.provider as unknown as {
        Interaction: { find(id: string): Promise<{ prompt: { name: string }; persist(): Promise<unknown> }> };
      }
    ).Interaction;
    const interaction = await Interaction.find(started.uid);
    interaction.prompt = { name: "consent" };
    await interaction.persist();
    expect(await finishLoginInteraction(issuer.provider, other.header(), memberId)).toEqual({ refused: "not-a-login" });
    void uid;
  });

  it("a forged X-Forwarded-Host does not choose where the browser is sent", async () => {
    const jar = new Jar();
    const forged = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
    const { uid, signInUrl } = await issuer.startSignIn(jar, forged);
    expect(signInUrl.origin).toBe("http://app.test");
    // The way back after signing in is the issuer's own URL, whatever the start request claimed.
    expect(await finishLoginInteraction(issuer.provider, jar.header(), memberId)).toEqual({
      returnTo: `${issuer.base}/api/oidc/auth/${uid}`,
    });
    const discovery = await (
      await fetch(`${issuer.base}/api/oidc/.well-known/openid-configuration`, { headers: forged })
    ).json();
    expect(discovery.authorization_endpoint).toBe(`${issuer.base}/api/oidc/auth`);
  });
});
