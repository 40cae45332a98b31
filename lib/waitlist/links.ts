import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { deriveKey } from "../secrets";
import { getConfig } from "../config";
import { isUuid } from "../uuid";

/**
 * The signed links of waitlist emails: `<entry id>.<HMAC>`, one key per purpose (a confirmation link
 * cannot be turned into an unsubscribe link or back). They do not expire: a person may confirm late,
 * and must be able to leave the list from any email they kept.
 */
export type WaitlistLinkPurpose = "confirm" | "unsubscribe";

function mac(purpose: WaitlistLinkPurpose, entryId: string): Buffer {
  return createHmac("sha256", deriveKey(`waitlist ${purpose} link`))
    .update(entryId)
    .digest();
}

export function signWaitlistToken(purpose: WaitlistLinkPurpose, entryId: string): string {
  return `${entryId}.${mac(purpose, entryId).toString("base64url")}`;
}

/** The entry id a token was signed for, or null when it is malformed or signed for something else. */
export function verifyWaitlistToken(purpose: WaitlistLinkPurpose, token: unknown): string | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const [entryId, signature, extra] = token.split(".");
  if (!entryId || !signature || extra !== undefined || !isUuid(entryId)) return null;
  const given = Buffer.from(signature, "base64url");
  const expected = mac(purpose, entryId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? entryId : null;
}

export function waitlistLinks(entryId: string) {
  const site = getConfig().siteUrl;
  const unsubscribe = encodeURIComponent(signWaitlistToken("unsubscribe", entryId));
  return {
    confirm: `${site}/waitlist/confirm?token=${encodeURIComponent(signWaitlistToken("confirm", entryId))}`,
    /** The page with a "Leave the waitlist" button, for people. */
    leave: `${site}/waitlist/leave?token=${unsubscribe}`,
    /** RFC 8058's one-click endpoint, for mail clients (POST). */
    oneClick: `${site}/api/waitlist/unsubscribe?token=${unsubscribe}`,
  };
}
