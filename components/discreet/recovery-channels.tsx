import Link from "next/link";
import { SECURITY_CENTRE_PATH } from "@/config/members-navigation";
import type { SecurityOverview } from "@/lib/identity/port";

const verificationWords = (overview: SecurityOverview) => {
  const methods = [
    overview.mfa.enabled.includes("SOFTWARE_TOKEN_MFA") ? "an authenticator app" : null,
    overview.mfa.enabled.includes("SMS_MFA") ? "codes by text message" : null,
  ].filter(Boolean);
  return methods.length ? `on, with ${methods.join(" and ")}` : "off";
};

/**
 * The safety reset's second half: the ways back into the account (where a reset code goes, where a
 * sign-in code goes). The reset cannot know which of them someone else set up, so each is shown as it
 * is now with the security centre's step that replaces it, to do in the same visit.
 */
export function RecoveryChannels({ overview }: { overview: SecurityOverview }) {
  const step = (anchor: string, words: string) => (
    <Link href={`${SECURITY_CENTRE_PATH}#${anchor}`} className="font-semibold text-brand-700 underline">
      {words}
    </Link>
  );
  return (
    <>
      <p className="mt-2 text-base text-ink">
        Whoever controls one of these can get back in after the reset. Check each, and replace any you did not set up
        yourself or that someone else can read:
      </p>
      <ol className="mt-3 list-decimal space-y-3 pl-5 text-base text-ink">
        <li>
          <strong>Email</strong>: {overview.email}
          {overview.emailVerified ? "" : " (not confirmed)"}. Password reset codes go here.{" "}
          {step("security-email", "Change your email")}
        </li>
        <li>
          <strong>Phone</strong>: {overview.phoneNumber ?? "none"}
          {overview.phoneNumber && !overview.phoneNumberVerified ? " (not confirmed)" : ""}. Sign-in codes by text go
          here. {step("security-phone", overview.phoneNumber ? "Change or remove your phone" : "Add your own phone")}
        </li>
        <li>
          <strong>Sign-in verification</strong>: {verificationWords(overview)}. If someone else set up the authenticator
          app, turn it off and set it up again on your own phone. {step("security-mfa", "Check sign-in verification")}
        </li>
      </ol>
    </>
  );
}
