import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { childAccountOf } from "./carers";
import { CircleError } from "./errors";

/**
 * What a child's account may not do itself, in one table: every door (memberAction's `childAction`,
 * the GraphQL resolvers through lib, the invitation acceptor, leaveCircle) asks `assertChildMay`
 * before it reads the request any further, so a refusal writes nothing. A message says what the
 * child can do instead. `null`: allowed.
 *
 * A child may change their own password when they know the current one: it is the one sign-in detail
 * that is theirs (a one-time code already makes them choose it), it opens no way back into the account
 * for anyone else, and their carers can always give them a new one (resetChildCredential).
 */
const ASK = "Ask one of your grown-ups.";
export const CHILD_LIMITS = {
  acceptInvitation: `A child's account cannot join another circle. ${ASK}`,
  leaveCircle: `A child's account stays in the circle it was made in. ${ASK}`,
  safetyReset: `The safety reset is not available for a child's account. ${ASK}`,
  deleteAccount: `A child's account can be deleted only by the grown-ups who made it. ${ASK}`,
  // A child's sign-in name sits where an adult's email address does: this is also the sign-in name's change.
  changeEmail: `A child's account signs in with its sign-in name: it cannot change, nor take an email address, until they turn 13. ${ASK}`,
  changePhone: `A child's account has no phone number to change. ${ASK}`,
  verifyContact: `A child's account has no email address or phone number to verify. ${ASK}`,
  changeSignInVerification: `Sign-in codes and authenticator apps are not available for a child's account. ${ASK}`,
  changePassword: null,
} as const satisfies Record<string, string | null>;

export type ChildAction = keyof typeof CHILD_LIMITS;

/** Whether a child's account may do `action` itself. */
export function childMay(action: ChildAction): boolean {
  return CHILD_LIMITS[action] === null;
}

/** The table's message when `memberId` has a child's account (carers.ts) and `action` is not theirs to do; else null. */
export async function childRefusal(
  memberId: string,
  action: ChildAction,
  options: { db?: Db; now?: Date } = {},
): Promise<string | null> {
  const message = CHILD_LIMITS[action];
  if (message === null) return null;
  const db = options.db ?? (await getDb());
  return (await childAccountOf(db, memberId, options.now)) ? message : null;
}

/** 403 with the table's message when a child's account may not do `action` (childRefusal). */
export async function assertChildMay(
  memberId: string,
  action: ChildAction,
  options: { db?: Db; now?: Date } = {},
): Promise<void> {
  const refusal = await childRefusal(memberId, action, options);
  if (refusal) throw new CircleError(403, refusal);
}
