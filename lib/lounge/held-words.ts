/**
 * The maintained list of words and phrases that hold a post for a moderator (holds.ts). Kept short and
 * reviewed by the moderators: an entry holds a post, it never removes one, so a word that is sometimes
 * harmless may stay. Entries are compared after folding case, look-alike digits and punctuation.
 * Entries are added here after the moderators review them (a change to this file, like any other).
 */
export const HELD_WORDS: readonly string[] = [
  "kill yourself",
  "kys",
  "go die",
  "nobody likes you",
  "you are worthless",
  "loser",
  "idiot",
  "stupid",
  "ugly",
  "shut up",
  "meet me",
  "send a photo",
  "send pics",
  "snapchat",
  "whatsapp",
  "telegram",
  "discord",
  "my address",
  "what school",
];
