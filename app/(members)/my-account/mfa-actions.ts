"use server";

import QRCode from "qrcode";
import { redirect } from "next/navigation";
import { runAuthenticatorStep, type AuthenticatorFormState } from "@/lib/auth/authenticator-form";
import { accountChangesOf, currentMember } from "@/lib/auth/member-session";

/** Authenticator-app MFA on /my-account: start (or replace), verify, cancel or turn off (see runAuthenticatorStep). */
export async function authenticatorAction(previous: AuthenticatorFormState, formData: FormData): Promise<AuthenticatorFormState> {
  const member = await currentMember();
  if (!member) redirect("/auth/sign-in?continue=/my-account");
  return runAuthenticatorStep(await accountChangesOf(member), previous, formData, (uri) => QRCode.toDataURL(uri, { margin: 1, width: 200 }));
}
