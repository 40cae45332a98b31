import type { NavGroup } from "@/lib/content/types";
import type { FormAction } from "@/lib/forms";
import type { WaitlistFormState } from "@/lib/waitlist/schema";
import { AccountSlot } from "./account-slot";
import { HeaderFrame } from "./header-frame";

/** `joinWaitlist`: the waitlist dialog's server action (the layout hands it down). */
export function SiteHeader({
  navigation,
  joinWaitlist,
}: {
  navigation: NavGroup[];
  joinWaitlist: FormAction<WaitlistFormState>;
}) {
  return <HeaderFrame navigation={navigation} accountSlot={<AccountSlot joinWaitlist={joinWaitlist} />} />;
}
