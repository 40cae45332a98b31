/** The security centre's address: its links, its actions' way back after sign-in, the password-change notice. */
export const SECURITY_CENTRE_PATH = "/my-account/security";

/** The way back from a members' subpage (components/ui/subpage.tsx) to the page it sits under. */
export const BACK_TO_MY_ACCOUNT = { href: "/my-account", label: "Back to My Account" } as const;
export const BACK_TO_MY_CALENDAR = { href: "/calendar", label: "Back to My Calendar" } as const;
