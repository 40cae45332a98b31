import { Panel } from "@/components/ui/panel";
import { loadProfile, loadSubscriptions } from "@/lib/account/page";
import { getMember } from "@/lib/auth/member";
import type { FormAction, FormState } from "@/lib/forms";
import { AccountStoreProvider } from "@/components/billing/account-store";
import { ProfileForm } from "./profile-form";
import { SubscriptionSummary } from "@/components/billing/subscription-summary";

/**
 * /my-account's profile and subscription sections (`saveProfile`: the profile form's action), loaded
 * on the server with the rest of the page. The page waits for its other sections anyway, so streaming
 * these behind a fallback only added spinners (and the room kept for them), a hidden copy of the
 * sections and a script to swap them in.
 */
export async function AccountOverview({ saveProfile }: { saveProfile: FormAction<FormState> }) {
  const member = await getMember();
  if (!member) return null;
  const [profile, { subscriptions, plans }] = await Promise.all([loadProfile(member), loadSubscriptions(member)]);
  return (
    <AccountStoreProvider initial={{ email: member.email, profile, subscriptions, plans }}>
      <Panel aria-labelledby="account-profile" className="mt-6">
        <h2 id="account-profile" className="text-lg font-semibold text-ink">
          Profile
        </h2>
        <ProfileForm action={saveProfile} />
      </Panel>
      <Panel aria-labelledby="account-subscription" className="mt-6">
        <h2 id="account-subscription" className="text-lg font-semibold text-ink">
          Subscription
        </h2>
        <SubscriptionSummary />
      </Panel>
    </AccountStoreProvider>
  );
}
