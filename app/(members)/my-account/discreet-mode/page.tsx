import type { Metadata } from "next";
import Link from "next/link";
import { DiscreetModeForm } from "@/components/discreet/discreet-mode-form";
import { Panel } from "@/components/ui/panel";
import { Subpage } from "@/components/ui/subpage";
import { BACK_TO_MY_ACCOUNT, SECURITY_CENTRE_PATH } from "@/config/members-navigation";
import { HELP_SERVICES, NEUTRAL_SUBJECT } from "@/config/discreet";
import { getMember } from "@/lib/auth/member";
import { loadDiscreetMode, loadSecurityOverview } from "@/lib/account/page";
import { discreetModeAction, safetyResetAction } from "./actions";
import { SafetyResetForm } from "@/components/discreet/safety-reset-form";
import { RecoveryChannels } from "@/components/discreet/recovery-channels";
import { childCirclesOf } from "@/lib/circles";

export const metadata: Metadata = { title: "Discreet mode" };

/**
 * What discreet mode does and, as plainly, what it cannot do, before the member turns it on: a false
 * sense of safety is worse than none.
 */
export default async function DiscreetModePage() {
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  // A child's account has no safety reset nor recovery channels of its own to change (lib/circles
  // child-limits.ts): their grown-ups help.
  const child = Boolean(await childCirclesOf(member.memberId));
  const [on, overview] = await Promise.all([loadDiscreetMode(member), child ? null : loadSecurityOverview(member)]);
  return (
    <Subpage back={BACK_TO_MY_ACCOUNT} title="Discreet mode">
      <p className="mt-4 text-base text-muted">
        For anyone who needs to use Happr without someone nearby finding out. Discreet mode is{" "}
        <strong className="text-ink">{on ? "on" : "off"}</strong>.
      </p>
      <DiscreetModeForm on={on} action={discreetModeAction} />

      <Panel aria-labelledby="does" className="mt-8">
        <h2 id="does" className="text-lg font-semibold text-ink">
          What it does
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-base text-ink">
          <li>
            A <strong>Leave now</strong> button stays at the bottom of every page of your account. It, or pressing Shift
            three times, swaps the page for a weather site. The Back button does not bring Happr back.
          </li>
          <li>Leaving clears what this browser tab kept for Happr (its session storage).</li>
          <li>
            Emails from Happr to you have the subject &ldquo;{NEUTRAL_SUBJECT}&rdquo;, and text messages leave out
            Happr&rsquo;s name.
          </li>
          <li>
            Where you give something a private title (a code word), lists show the code word instead of the real title.
          </li>
        </ul>
      </Panel>

      <Panel aria-labelledby="does-not" className="mt-6">
        <h2 id="does-not" className="text-lg font-semibold text-ink">
          What it cannot do
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-base text-ink">
          <li>
            It does not sign you out. Anyone who picks up this device while you are signed in can open your account: use
            Log Out when you can.
          </li>
          <li>
            It does not clear your browser&rsquo;s history. Other Happr pages you opened earlier may still be there. A
            private or incognito window keeps no history.
          </li>
          <li>
            It changes nothing on your other devices. &ldquo;Sign out everywhere&rdquo; on My Account ends every
            session.
          </li>
          <li>
            Someone who can read your email or texts, or who shares your phone or computer account, can still see that
            messages arrived. Someone who knows your password can still sign in:{" "}
            <Link href={SECURITY_CENTRE_PATH} className="underline">
              change it
            </Link>{" "}
            if they might.
          </li>
        </ul>
      </Panel>

      {child || !overview ? null : (
        <>
          <Panel aria-labelledby="safety-reset" className="mt-6">
            <h2 id="safety-reset" className="text-lg font-semibold text-ink">
              Safety reset
            </h2>
            <p className="mt-2 text-base text-ink">
              If you think someone else can get into your account, this does everything at once, and nobody is told:
            </p>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-base text-ink">
              <li>everything you share stops being shared;</li>
              <li>
                every event in your calendar becomes private (no circle, no people), so changing one later does not
                share it again, and its reminders go to you alone;
              </li>
              <li>your calendar&rsquo;s subscription link stops working (make a new one when you want);</li>
              <li>
                you leave every circle you do not own, quietly (the people in a circle you own see nothing of yours);
              </li>
              <li>your password changes, and every other device is signed out;</li>
              <li>remembered devices are forgotten, so each one asks for a code again.</li>
            </ul>
            <SafetyResetForm action={safetyResetAction} />
          </Panel>

          <Panel aria-labelledby="recovery" className="mt-6">
            <h2 id="recovery" className="text-lg font-semibold text-ink">
              Then check your ways back in
            </h2>
            <RecoveryChannels overview={overview} />
          </Panel>
        </>
      )}

      <Panel aria-labelledby="help" className="mt-6">
        <h2 id="help" className="text-lg font-semibold text-ink">
          If you need help
        </h2>
        <p className="mt-2 text-base text-ink">
          If you are in danger now, call your local emergency number (999 in the UK, 911 in the US, 112 in the EU).
        </p>
        <ul className="mt-3 space-y-3 text-base">
          {HELP_SERVICES.map((service) => (
            <li key={service.href}>
              <a href={service.href} rel="noreferrer" className="font-semibold text-brand-700 underline">
                {service.name}
              </a>
              <span className="block text-muted">{service.contact}</span>
            </li>
          ))}
        </ul>
      </Panel>
    </Subpage>
  );
}
