import { Panel } from "@/components/ui/panel";
import type { Metadata } from "next";
import Link from "next/link";
import { loadDiscreetMode, loadProfile, loadQuietHours } from "@/lib/account/page";
import { QuietHoursForm } from "@/components/settings/quiet-hours-form";
import { quietHoursAction } from "./settings-actions";
import { AccountOverview } from "@/components/account/account-overview";
import { getMember } from "@/lib/auth/member";
import { SignOutEverywhereButton } from "@/components/security/sign-out-everywhere-button";
import { LogOutForm } from "@/components/session/log-out-form";
import { buttonClass } from "@/components/ui/button";
import { ChildHome } from "@/components/circles/child-home";
import { childCirclesOf } from "@/lib/circles";
import { Detail } from "@/components/ui/detail";
import { SECURITY_CENTRE_PATH } from "@/config/members-navigation";
import { updateProfileAction } from "./profile-actions";
import { changePasswordAction } from "./security-actions";

export const metadata: Metadata = { title: "My Account" };

/**
 * The account: who is signed in, profile, subscription, sessions, settings and the way to the security
 * centre. The features (and the circle) are reached from the members' navigation and Today.
 */
export default async function MyAccountPage() {
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  // A child's account (lib/circles carers.ts) gets the simpler page: no billing, security centre or invitations.
  const asChild = await childCirclesOf(member.memberId);
  if (asChild) return <ChildHome name={member.name} circles={asChild} changePassword={changePasswordAction} />;
  const [discreet, quietHours, profile] = await Promise.all([
    loadDiscreetMode(member),
    loadQuietHours(member),
    loadProfile(member),
  ]);
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-ink">My Account</h1>
      <Panel aria-labelledby="who" className="mt-8">
        <h2 id="who" className="text-lg font-semibold text-ink">
          Signed in as
        </h2>
        <dl className="mt-4 grid gap-3 text-base">
          <Detail term="Name">{member.name}</Detail>
          <Detail term="Email" className="break-all">
            {member.email}
          </Detail>
        </dl>
      </Panel>
      <AccountOverview saveProfile={updateProfileAction} />
      <Panel aria-labelledby="sessions" className="mt-6">
        <h2 id="sessions" className="text-lg font-semibold text-ink">
          Sessions
        </h2>
        <p className="mt-2 text-sm text-muted">
          Signing out everywhere ends your sessions on every device, this one included.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <LogOutForm className={buttonClass()} />
          <SignOutEverywhereButton />
        </div>
      </Panel>
      <Panel aria-labelledby="discreet" className="mt-6">
        <h2 id="discreet" className="text-lg font-semibold text-ink">
          Discreet mode
        </h2>
        <p className="mt-2 text-sm text-muted">
          {discreet
            ? "On: a Leave now button on every page of your account, and neutral email subjects."
            : "Off. For anyone who needs to use Happr without someone nearby finding out."}
        </p>
        <Link href="/my-account/discreet-mode" className={buttonClass("secondary", "mt-4")}>
          About discreet mode
        </Link>
      </Panel>
      <QuietHoursForm quietHours={quietHours} timeZone={profile.timezone ?? "UTC"} action={quietHoursAction} />
      <Panel aria-labelledby="security" className="mt-6">
        <h2 id="security" className="text-lg font-semibold text-ink">
          Security
        </h2>
        <p className="mt-2 text-sm text-muted">
          Your email, phone and password, sign-in codes and an authenticator app, remembered devices, a copy of your
          data, and deleting your account.
        </p>
        <Link href={SECURITY_CENTRE_PATH} className={buttonClass("secondary", "mt-4")}>
          Open the security centre
        </Link>
      </Panel>
    </div>
  );
}
