import { getDb } from "../db/client";
import { readOutbox } from "../mail";
import type { Invitee, VerifiedContacts } from "./invitations";

/** For tests: the invitation token in the link of the newest message to `recipient` in the outbox. */
export async function invitationTokenSentTo(recipient: string): Promise<string> {
  const body = (await readOutbox(await getDb(), recipient)).at(-1)?.body ?? "";
  const link = body.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link sent to ${recipient}`);
  const token = new URL(link).searchParams.get("invitation");
  if (!token) throw new Error(`the link sent to ${recipient} carries no invitation`);
  return token;
}

/**
 * For tests: `who` as an invitee whose email is verified (and no phone), or with the `contacts`
 * given: what verifiedContactsOf answers for an account that confirmed its sign-up.
 */
export function addressee(
  who: { memberId: string; name: string | null; email: string },
  contacts: Partial<VerifiedContacts> = {},
): Invitee {
  return {
    memberId: who.memberId,
    name: who.name,
    contacts: { email: who.email, emailVerified: true, phone: null, phoneVerified: false, ...contacts },
  };
}
