/**
 * Discreet mode's fixed choices. The exit goes to an everyday site that says nothing about Happr; a
 * weather page is what safety services commonly use, because it is plausible on anyone's screen.
 */
export const LEAVE_NOW_URL = "https://www.bbc.com/weather";

/** Public pages that always offer "Leave now", signed in or not: the page for people who must not be found out. */
export const LEAVE_NOW_PUBLIC_PATHS = ["/for-you/discreet-navigators"];

/** Shift pressed this many times, each within SHIFT_WINDOW_MS of the previous one, leaves at once. */
export const SHIFT_PRESSES_TO_LEAVE = 3;
export const SHIFT_WINDOW_MS = 800;

/** What a discreet member's email subjects say instead of the real one: nothing about Happr or the goal. */
export const NEUTRAL_SUBJECT = "You have a message";

/** Where to get help; the explanation page lists them. */
export const HELP_SERVICES = [
  {
    name: "National Domestic Abuse Helpline (UK)",
    contact: "0808 2000 247, free, 24 hours",
    href: "https://www.nationaldahelpline.org.uk/",
  },
  {
    name: "National Domestic Violence Hotline (US)",
    contact: "1-800-799-7233, or text START to 88788",
    href: "https://www.thehotline.org/",
  },
  {
    name: "Childline (UK, for children and young people)",
    contact: "0800 1111, free",
    href: "https://www.childline.org.uk/",
  },
];
