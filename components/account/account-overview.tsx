import { Spinner } from "@/components/ui/spinner";
import { loadProfile, loadSubscriptions } from "@/lib/account/page-data";
import { getMember } from "@/lib/auth/member";
import type { FormAction, FormState } from "@/lib/forms";
import { AccountStoreProvider } from "./account-store";
import { ProfileForm } from "./profile-form";
import { SubscriptionSummary } from "./subscription-summary";

const card = "mt-6 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm";
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
      <section aria-labelledby="account-profile" className={`${card} ${profileHeight}`}>
        <h2 id="account-profile" className="text-lg font-semibold text-ink">
          Profile
        </h2>
        <ProfileForm action={saveProfile} />
      </section>
      <section aria-labelledby="account-subscription" className={`${card} ${subscriptionHeight}`}>
        <h2 id="account-subscription" className="text-lg font-semibold text-ink">
          Subscription
        </h2>
        <SubscriptionSummary />
      </section>
    </AccountStoreProvider>
  );
}

/** The same two sections while their data loads. */
export function AccountOverviewLoading() {
  return (
    <>
      <section aria-labelledby="account-profile-loading" aria-busy="true" className={`${card} ${profileHeight}`}>
        <h2 id="account-profile-loading" className="text-lg font-semibold text-ink">
          Profile
        </h2>
        <div className="mt-6 flex justify-center">
          <Spinner label="Loading your profile" className="h-8 w-8" />
        </div>
      </section>
      <section
        aria-labelledby="account-subscription-loading"
        aria-busy="true"
        className={`${card} ${subscriptionHeight}`}
      >
        <h2 id="account-subscription-loading" className="text-lg font-semibold text-ink">
          Subscription
        </h2>
        <div className="mt-6 flex justify-center">
          <Spinner label="Loading your subscription" className="h-8 w-8" />
        </div>
      </section>
    </>
  );
}
