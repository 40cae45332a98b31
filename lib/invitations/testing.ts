import { getDb } from "../db/client";
import { readOutbox } from "../mail";

/** For tests: the invitation token in the link of the newest message to `recipient` in the outbox. */
export async function invitationTokenSentTo(recipient: string): Promise<string> {
  const body = (await readOutbox(await getDb(), recipient)).at(-1)?.body ?? "";
  const link = body.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link sent to ${recipient}`);
  const token = new URL(link).searchParams.get("invitation");
  if (!token) throw new Error(`the link sent to ${recipient} carries no invitation`);
  return token;
}
