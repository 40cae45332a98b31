import { Panel } from "@/components/ui/panel";
import { Spinner } from "@/components/ui/spinner";
import { loadProfile, loadSubscriptions } from "@/lib/account/page-data";
import { getMember } from "@/lib/auth/member";
import type { FormAction, FormState } from "@/lib/forms";
import { AccountStoreProvider } from "./account-store";
import { ProfileForm } from "./profile-form";
import { SubscriptionSummary } from "./subscription-summary";

// Reserved heights: the spinners and the loaded sections take the same room, so nothing jumps.
const profileHeight = "min-h-[36rem] sm:min-h-[27rem]";
const subscriptionHeight = "min-h-[13rem] sm:min-h-[10rem]";

/** /my-account's profile and subscription sections, loaded on the server (streamed behind <Suspense>); `saveProfile`: the profile form's action. */
export async function AccountOverview({ saveProfile }: { saveProfile: FormAction<FormState> }) {
  const member = await getMember();
  if (!member) return null;
  const [profile, { subscriptions, plans }] = await Promise.all([loadProfile(member), loadSubscriptions(member)]);
  return (
    <AccountStoreProvider initial={{ email: member.email, profile, subscriptions, plans }}>
      <Panel aria-labelledby="account-profile" className={`mt-6 ${profileHeight}`}>
        <h2 id="account-profile" className="text-lg font-semibold text-ink">
          Profile
        </h2>
        <ProfileForm action={saveProfile} />
      </Panel>
      <Panel aria-labelledby="account-subscription" className={`mt-6 ${subscriptionHeight}`}>
        <h2 id="account-subscription" className="text-lg font-semibold text-ink">
          Subscription
        </h2>
        <SubscriptionSummary />
      </Panel>
    </AccountStoreProvider>
  );
}

/** The same two sections while their data loads. */
export function AccountOverviewLoading() {
  return (
    <>
      <Panel aria-labelledby="account-profile-loading" aria-busy="true" className={`mt-6 ${profileHeight}`}>
        <h2 id="account-profile-loading" className="text-lg font-semibold text-ink">
          Profile
        </h2>
        <div className="mt-6 flex justify-center">
          <Spinner label="Loading your profile" className="h-8 w-8" />
        </div>
      </Panel>
      <Panel aria-labelledby="account-subscription-loading" aria-busy="true" className={`mt-6 ${subscriptionHeight}`}>
        <h2 id="account-subscription-loading" className="text-lg font-semibold text-ink">
          Subscription
        </h2>
        <div className="mt-6 flex justify-center">
          <Spinner label="Loading your subscription" className="h-8 w-8" />
        </div>
      </Panel>
    </>
  );
}
