"use server";

import QRCode from "qrcode";
import { redirect } from "next/navigation";
import { runAuthenticatorStep, type AuthenticatorFormState } from "@/lib/auth/authenticator-form";
import { currentMemberSecurity } from "@/lib/auth/member-security";

/** Authenticator-app MFA on /my-account: start, verify, cancel or turn off (see runAuthenticatorStep). */
export async function authenticatorAction(previous: AuthenticatorFormState, formData: FormData): Promise<AuthenticatorFormState> {
  const security = await currentMemberSecurity();
  if (!security) redirect("/auth/sign-in?continue=/my-account");
  return runAuthenticatorStep(security, previous, formData, (uri) => QRCode.toDataURL(uri, { margin: 1, width: 200 }));
}
