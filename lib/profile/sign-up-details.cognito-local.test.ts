import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestServer, ops } from "@/graphql/test-helpers";
import { cognitoMemberLookup } from "@/lib/auth/caller";
import { useTestDatabase } from "@/lib/db/testing";
import { useCognitoLocal } from "@/lib/identity/cognito/cognito-local-testing";

/**
 * A Cognito member first seen through the API (a native app's first sign-in): the caller's lookup
 * reads the user pool's attributes (GetUser, against cognito-local), and the profile starts with the
 * names and phone given at sign-up. Later edits stay the profile's.
 */
const local = useCognitoLocal();
useTestDatabase();

const passthrough = z.object({}).passthrough();

describe("Cognito sign-up details", () => {
  it("getUserProfile answers the names and phone from the user pool; a later edit is the profile's own", async () => {
    const email = "grace@example.com";
    const password = "Sunny-Day-42!";
    const attributes = [
      { Name: "email", Value: email },
      { Name: "given_name", Value: "Grace" },
      { Name: "family_name", Value: "Hopper" },
      { Name: "phone_number", Value: "+14155552671" },
    ];
    await local.call(
      "SignUp",
      { ClientId: local.clientId, Username: email, Password: password, UserAttributes: attributes },
      passthrough,
    );
    await local.call("AdminConfirmSignUp", { UserPoolId: local.poolId, Username: email }, passthrough);
    const auth = await local.call(
      "InitiateAuth",
      {
        AuthFlow: "USER_PASSWORD_AUTH",
        ClientId: local.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      },
      z.object({ AuthenticationResult: z.object({ AccessToken: z.string() }) }),
    );
    const token = auth.AuthenticationResult.AccessToken;
    const claims = decodeJwt(token) as { sub: string; iat: number };
    const lookup = cognitoMemberLookup({ region: "us-east-1", endpoint: local.endpoint });
    const member = (await lookup(claims, token))!;
    expect(await member.member()).toMatchObject({ memberId: claims.sub, email });
    expect(await member.signUp?.()).toEqual({ givenName: "Grace", familyName: "Hopper", phoneNumber: "+14155552671" });

    const { gql } = createTestServer({
      members: { grace: { kind: "member", ...member } },
      billing: () => Promise.reject(new Error("unused")),
    });
    const profile = async () => (await gql(ops.getUserProfile, {}, "grace")).body.data?.getUserProfile;
    expect(await profile()).toMatchObject({
      statusCode: 200,
      user: { firstName: "Grace", lastName: "Hopper", phone: "+14155552671" },
    });
    expect(
      (await gql(ops.updateUserProfile, { request: { firstName: "Amazing Grace", phone: null } }, "grace")).body.data
        ?.updateUserProfile.user,
    ).toMatchObject({
      firstName: "Amazing Grace",
      phone: null,
    });
    // Every later request carries the same details again: the member's edits stand.
    expect((await profile()).user).toMatchObject({ firstName: "Amazing Grace", lastName: "Hopper", phone: null });
  });
});
