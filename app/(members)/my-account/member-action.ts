import "server-only";
import { revalidatePath } from "next/cache";
import { accountFailure, type AccountFormState } from "@/lib/auth/account-forms";
import { currentMember, type CurrentMember } from "@/lib/auth/member-session";
import { messages } from "@/lib/identity/errors";

/** A guest's answer from an account-page action. */
export const signedOut: AccountFormState = { status: "error", message: messages.notAuthenticated, fieldErrors: {} };

/**
 * Runs an account-page action's `body` for the signed-in member (a guest gets "not authenticated");
 * the page re-renders with fresh data after a change, and a failure becomes the form's message,
 * next to `field` when given.
 */
export async function asMember(body: (member: CurrentMember) => Promise<AccountFormState>, field?: string): Promise<AccountFormState> {
  const member = await currentMember();
  if (!member) return signedOut;
  try {
    const state = await body(member);
    revalidatePath("/my-account");
    return state;
  } catch (error) {
    return accountFailure(error, field);
  }
}
