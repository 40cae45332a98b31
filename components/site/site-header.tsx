import type { NavGroup } from "@/lib/content/types";
import { AccountSlot } from "./account-slot";
import { HeaderFrame } from "./header-frame";

export function SiteHeader({ navigation }: { navigation: NavGroup[] }) {
  return <HeaderFrame navigation={navigation} accountSlot={<AccountSlot />} />;
}
