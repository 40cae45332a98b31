import { timingSafeEqual } from "node:crypto";
import { IdentityError } from "../identity";
import { messages } from "../messages";
import type { SignInResult } from "../identity/builtin";

/**
 * Only one pending password sign-in at a time per browser. The browser keeps the session of its one
 * open challenge (MFA code, new password...) in an HttpOnly cookie: a new password sign-in abandons
 * the previous challenge, and an answer is only taken for the challenge the cookie names, so an older
 * tab's form (or a session copied out of it) is refused with "session is expired".
 */
export type ChallengeJar = {
  get(): Promise<string | undefined>;
  set(session: string, expires: Date): Promise<void>;
  clear(): Promise<void>;
};

/** Before a new password sign-in: the browser's earlier challenge, if any, ends now. */
export async function beginPasswordSignIn(
  jar: ChallengeJar,
  abandon: (session: string) => Promise<void>,
): Promise<void> {
  const previous = await jar.get();
  if (!previous) return;
  await abandon(previous);
  await jar.clear();
}

/** After each step: remember the challenge to answer next, or forget it once signed in. */
export async function recordSignInStep(jar: ChallengeJar, result: SignInResult, expires: Date): Promise<void> {
  if (result.signedIn) await jar.clear();
  else await jar.set(result.session, expires);
}

/** An answer must belong to the challenge this browser has open. */
export async function assertCurrentChallenge(jar: ChallengeJar, session: string): Promise<void> {
  const current = await jar.get();
  if (!current || !sameSession(current, session))
    throw new IdentityError("NotAuthorizedException", messages.sessionExpired);
}

function sameSession(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
