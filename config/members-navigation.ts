/** The security centre's address: its links, its actions' way back after sign-in, the password-change notice. */
export const SECURITY_CENTRE_PATH = "/my-account/security";

/** The way back from a members' subpage (components/ui/subpage.tsx) to the page it sits under. */
export const BACK_TO_MY_ACCOUNT = { href: "/my-account", label: "Back to My Account" } as const;
export const BACK_TO_MY_CIRCLE = { href: "/circle", label: "Back to My Safe Circle" } as const;
export const BACK_TO_MY_CALENDAR = { href: "/calendar", label: "Back to My Calendar" } as const;

/**
 * The one list of members' features that a member can go to: the navigation (header and phone bar)
 * and Today's sections are derived from it. lib/features.ts is the composition root for lib's side of
 * each feature (jobs, shareable kinds, data download, erasure); this list is the navigable side. A
 * feature joins the app by turning `live` on here (and adding its Today section to
 * TODAY_SECTIONS in components/today/today-view.tsx when it has one): nothing shows for a feature not yet live.
 */
export const MEMBERS_FEATURES = [
  { key: "habits", label: "Habits", href: "/habits", live: true },
  { key: "calendar", label: "Calendar", href: "/calendar", live: true },
  { key: "cam", label: "Cam", href: "/cam", live: true },
  { key: "vision-board", label: "Vision Board", href: "/vision-board", live: true },
  { key: "lounge", label: "Lounge", href: "/lounge", live: true },
] as const satisfies readonly { key: string; label: string; href: `/${string}`; live: boolean }[];

export type MembersFeatureKey = (typeof MEMBERS_FEATURES)[number]["key"];

/** Where a member lands after signing in when no `continue` says otherwise. */
export const MEMBERS_HOME_PATH = "/today";

export type MembersPlace = { href: string; label: string; icon: MembersPlaceIcon };
export type MembersPlaceIcon =
  "today" | "habits" | "calendar" | "cam" | "vision-board" | "lounge" | "circle" | "account";

/**
 * The members' places in the order the navigation shows them: Today, each live feature, Circle,
 * Account. `features` is for tests and previews (a feature as it joins); the app passes nothing.
 */
export function membersPlaces(
  features: readonly { key: string; label: string; href: string; live: boolean }[] = MEMBERS_FEATURES,
): MembersPlace[] {
  return [
    { href: MEMBERS_HOME_PATH, label: "Today", icon: "today" },
    ...features
      .filter((feature) => feature.live)
      .map((feature) => ({ href: feature.href, label: feature.label, icon: feature.key as MembersPlaceIcon })),
    { href: "/circle", label: "Circle", icon: "circle" },
    { href: "/my-account", label: "Account", icon: "account" },
  ];
}

/** The place a path belongs to (its own, or the one it sits under: /habits/abc is Habits), or null. */
export function currentPlace(pathname: string, places: MembersPlace[] = membersPlaces()): MembersPlace | null {
  return (
    places.find((place) => pathname === place.href || pathname.startsWith(`${place.href}/`)) ??
    // The account's own pages.
    (["/manage-subscription", "/pricing"].some((path) => pathname === path || pathname.startsWith(`${path}/`))
      ? (places.find((place) => place.href === "/my-account") ?? null)
      : null)
  );
}

/** Whether a path is one of the members' pages (proxy.ts sends visitors to sign-in first). */
export const isMembersPath = (pathname: string) => currentPlace(pathname) !== null;
