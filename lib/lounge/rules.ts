import { LOUNGE_RULES_VERSION } from "./model";

/**
 * The house rules a member accepts on joining (version LOUNGE_RULES_VERSION), short enough for one
 * screen, as the moderation post promises. A change to their meaning needs a new version: every
 * member is then asked to accept them again (store.ts refuses the old version).
 */
export const LOUNGE_RULES = {
  version: LOUNGE_RULES_VERSION,
  rules: [
    { title: "Be kind", text: "Encourage, do not judge. Disagree with an idea, never with a person." },
    { title: "Stay on topic", text: "Each room has a theme: keep to it, and to habits and everyday progress." },
    {
      title: "Protect privacy",
      text: "Yours and everyone else's: no real names, phone numbers, addresses, emails or links to profiles.",
    },
    { title: "No selling", text: "No adverts, offers or asking for money." },
    {
      title: "Nothing hateful, sexual, violent or dangerous",
      text: "If someone is in danger, contact a help line or emergency services first, then report the post.",
    },
  ],
  how: [
    "Posts that may break these rules (contact details, unknown links, listed words) are held until a person decides.",
    "Reports are private: nobody is told who reported them. Moderators can remove a post, warn or suspend.",
    "No follower counts, no like totals, no messages from strangers. Replies slow down when a table heats up.",
  ],
} as const;
