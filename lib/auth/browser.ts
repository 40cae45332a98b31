import "server-only";
import { cookies, headers } from "next/headers";
import { getConfig } from "../config";
import type { IdentityContext } from "../identity/builtin";
import { clientAddress } from "../request/client-address";
import { completeInteraction } from "../identity/builtin/issuer";
import { signValue } from "../secrets";
import {
  AUTH_COOKIES,
  cookieName,
  decodePendingSignIn,
  encodePendingSignIn,
  PENDING_SIGN_IN_LIFETIME_MS,
} from "./sign-in-cookies";
import { safeContinuePath } from "./continue";
import type { ChallengeJar } from "./pending-challenge";

/** The sign-in pages' view of this browser: its cookies and address (server actions and route handlers). */
const secure = () => getConfig().siteUrl.startsWith("https://");
const base = () => ({ httpOnly: true, sameSite: "lax" as const, secure: secure(), path: "/auth" });

export async function identityContext(): Promise<IdentityContext> {
  return { clientAddress: clientAddress(await headers()) };
}

export async function readAuthCookie(name: keyof typeof AUTH_COOKIES): Promise<string | undefined> {
  return (await cookies()).get(cookieName(AUTH_COOKIES[name], secure()))?.value;
}

export async function setAuthCookie(name: keyof typeof AUTH_COOKIES, value: string, expires: Date) {
  (await cookies()).set(cookieName(AUTH_COOKIES[name], secure()), value, { ...base(), expires });
}

export async function clearAuthCookie(name: keyof typeof AUTH_COOKIES) {
  (await cookies()).set(cookieName(AUTH_COOKIES[name], secure()), "", { ...base(), maxAge: 0 });
}

/**
 * The member is signed in with the identity domain: hand that to the issuer. With an interaction
 * this browser started (the issuer's own cookie says which) the login is finished at once;
 * otherwise (sign-up confirmed on its own page, an interaction that expired, or a link to somebody
 * else's) a signed cookie remembers it for ten minutes while a sign-in of this browser's own starts.
 * Answers where to send the browser.
 */
export async function finishSignIn(
  accountId: string,
  options: { continuePath?: string; device?: { deviceKey: string; expiresAt: Date } },
): Promise<string> {
  if (options.device) await setAuthCookie("device", options.device.deviceKey, options.device.expiresAt);
  if (getConfig().identity.kind === "builtin") {
    const completion = await completeInteraction((await headers()).get("cookie"), accountId);
    if ("returnTo" in completion) return completion.returnTo;
  }
  const now = Date.now();
  await setAuthCookie(
    "pending",
    encodePendingSignIn(accountId, now, signValue),
    new Date(now + PENDING_SIGN_IN_LIFETIME_MS),
  );
  // Absolute on purpose: a server action's redirect to a relative path is rendered by Next inside the
  // action's response, and the issuer's cookies set along the way would never reach the browser.
  return `${getConfig().siteUrl}/auth/start?continue=${encodeURIComponent(safeContinuePath(options.continuePath))}`;
}

/** The account of a pending sign-in of this browser, if any (see finishSignIn). */
export async function pendingSignIn(): Promise<string | undefined> {
  return decodePendingSignIn(await readAuthCookie("pending"), Date.now(), signValue);
}

/** This browser's open sign-in challenge, kept in its HttpOnly cookie. */
export const challengeJar: ChallengeJar = {
  get: () => readAuthCookie("challenge"),
  set: (session, expires) => setAuthCookie("challenge", session, expires),
  clear: () => clearAuthCookie("challenge"),
};
