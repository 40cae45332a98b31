import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/open";
import { identityAccounts, identityPoolMembers } from "../db/schema/identity";
import { isUuid } from "../uuid";

/**
 * The email address to send a member's reminders to when they are not the one asking (a calendar
 * reminder goes to every attendee): what this database holds of their account. The built-in
 * provider's account row (a child's account holds a sign-in name there, never an address), or, with
 * Cognito, the local copy of the member's pool attributes (written when they use the API). Null when
 * neither holds an address: the member gets no email.
 */
export async function emailAddressOf(db: Db, memberId: string): Promise<string | null> {
  const isAddress = (value: string | undefined) => Boolean(value && z.email().safeParse(value).success);
  if (isUuid(memberId)) {
    const [account] = await db
      .select({ email: identityAccounts.email })
      .from(identityAccounts)
      .where(eq(identityAccounts.id, memberId));
    if (isAddress(account?.email)) return account!.email;
  }
  const [copy] = await db
    .select({ email: identityPoolMembers.email })
    .from(identityPoolMembers)
    .where(eq(identityPoolMembers.memberId, memberId));
  return isAddress(copy?.email) ? copy!.email : null;
}
