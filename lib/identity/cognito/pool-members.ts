import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { Db } from "../../db/open";
import { identityPoolMembers } from "../../db/schema";
import type { SignUpDetails } from "../../profile";
import { IdentityError } from "../errors";
import { messages } from "../../messages";
import { callUserPool, type CognitoOptions } from "./user-pool";

/** What the user pool holds of a member that the API uses: the address and name, and the sign-up details. */
export type PoolAttributes = { email: string; name: string | null; signUp: SignUpDetails };

/** The scope an access token needs for the user-pool calls made with it (GetUser among them). */
export const POOL_ADMIN_SCOPE = "aws.cognito.signin.user.admin";

export type PoolMemberOptions = CognitoOptions & { db?: Db; now?: () => Date };

/** A verified access token's claims, as far as the pool's attributes go. */
export type PoolTokenClaims = { sub: string; iat: number; scope?: unknown };

/**
 * GetUser refused the token: the pool revoked it (a global sign-out, a password reset), or the user is
 * disabled or gone. The signature alone cannot show it.
 */
export class PoolTokenRefusedError extends Error {
  constructor(cause: unknown) {
    super("The user pool refused the access token", { cause });
    this.name = "PoolTokenRefusedError";
  }
}

const getUserResponse = z.object({
  Username: z.string(),
  UserAttributes: z.array(z.object({ Name: z.string(), Value: z.string().optional() })).default([]),
});

function attributesOf(user: z.infer<typeof getUserResponse>): PoolAttributes | undefined {
  const attribute = (name: string) => user.UserAttributes.find((a) => a.Name === name)?.Value;
  const email = attribute("email");
  if (!email) return undefined;
  const name =
    attribute("name") ?? ([attribute("given_name"), attribute("family_name")].filter(Boolean).join(" ") || null);
  return {
    email,
    name,
    signUp: {
      givenName: attribute("given_name") ?? null,
      familyName: attribute("family_name") ?? null,
      phoneNumber: attribute("phone_number") ?? null,
    },
  };
}

const hasAdminScope = (scope: unknown) => typeof scope === "string" && scope.split(" ").includes(POOL_ADMIN_SCOPE);

// One GetUser in flight per token in this process: a burst of requests with a new token waits for it.
const inFlight = new Map<string, Promise<PoolAttributes | undefined>>();

/**
 * The member's pool attributes for an API call with `token`. The local copy answers when it was
 * fetched after the token was issued; otherwise GetUser (once per token: the copy it writes is newer
 * than the token) refreshes it. A token without the admin scope may not call GetUser: the local copy
 * answers whatever its age, or nothing (the attributes are skipped, the caller is still the member).
 * Throws PoolTokenRefusedError when the pool refuses the token, and IdentityError("NetworkError")
 * when it does not answer (or answers anything else).
 */
export async function poolAttributes(
  claims: PoolTokenClaims,
  token: string,
  options: PoolMemberOptions,
): Promise<PoolAttributes | undefined> {
  const db = options.db ?? (await getDb());
  const copy = await readCopy(db, claims.sub);
  if (copy && isFreshFor(copy, claims)) return attributesOfCopy(copy);
  if (!hasAdminScope(claims.scope)) return copy && attributesOfCopy(copy);

  const key = `${claims.sub}:${claims.iat}:${token.slice(-32)}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = (async () => {
      // Another request with this token may have refreshed the copy since it was read above.
      const again = await readCopy(db, claims.sub);
      if (again && isFreshFor(again, claims)) return attributesOfCopy(again);
      return fetchAttributes(claims.sub, token, db, options);
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return (await pending) ?? (copy && attributesOfCopy(copy));
}

type Copy = typeof identityPoolMembers.$inferSelect;

async function readCopy(db: Db, memberId: string): Promise<Copy | undefined> {
  const [copy] = await db.select().from(identityPoolMembers).where(eq(identityPoolMembers.memberId, memberId));
  return copy;
}

/** The copy was fetched after the token was issued: asking the pool again with this token would tell nothing newer. */
const isFreshFor = (copy: Copy, claims: PoolTokenClaims) => copy.fetchedAt.getTime() >= claims.iat * 1000;

const attributesOfCopy = (copy: Copy): PoolAttributes => ({
  email: copy.email,
  name: copy.name,
  signUp: { givenName: copy.givenName, familyName: copy.familyName, phoneNumber: copy.phoneNumber },
});

async function fetchAttributes(sub: string, token: string, db: Db, options: PoolMemberOptions) {
  let user: z.infer<typeof getUserResponse>;
  try {
    user = await callUserPool(options, "GetUser", { AccessToken: token }, getUserResponse);
  } catch (error) {
    const code = error instanceof IdentityError ? error.code : undefined;
    if (code === "NotAuthorizedException" || code === "UserNotFoundException") throw new PoolTokenRefusedError(error);
    // Anything else (no answer, a 5xx, throttling) says nothing about the token: the pool is unavailable.
    throw new IdentityError("NetworkError", messages.networkError, { cause: error });
  }
  const attributes = attributesOf(user);
  if (!attributes) return undefined;
  const row = {
    email: attributes.email,
    name: attributes.name,
    givenName: attributes.signUp.givenName ?? null,
    familyName: attributes.signUp.familyName ?? null,
    phoneNumber: attributes.signUp.phoneNumber ?? null,
    fetchedAt: options.now?.() ?? new Date(),
  };
  await db
    .insert(identityPoolMembers)
    .values({ memberId: sub, ...row })
    .onConflictDoUpdate({ target: identityPoolMembers.memberId, set: row });
  return attributes;
}

/** An account deletion's part: the local copy of the member's pool attributes, in the caller's transaction. */
export async function forgetPoolMember(db: Db, memberId: string): Promise<void> {
  await db.delete(identityPoolMembers).where(eq(identityPoolMembers.memberId, memberId));
}
