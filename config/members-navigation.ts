/** The way back from a members' subpage (components/ui/subpage.tsx) to the page it sits under. */
export const BACK_TO_MY_ACCOUNT = { href: "/my-account", label: "Back to My Account" } as const;
export const BACK_TO_MY_CALENDAR = { href: "/calendar", label: "Back to My Calendar" } as const;
