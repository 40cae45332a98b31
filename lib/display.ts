/**
 * The code-word rule, the one place it is written. An item (a habit, an event) may carry a private
 * title, a code word. Lists, reminders, feeds, downloads and everyone but the item's owner get the
 * code word instead of the real title; only the owner sees the real title (and the code word, to
 * change them). An event's notes and place could say what its code word hides, so they go with the
 * real title. Kernel: pure, imports nothing of ours, so every layer (the calendar core's feed writer,
 * the pages, the API) names items the same way.
 */
export type Titled = { title: string; privateTitle: string | null };
type Detailed = Titled & { notes?: string | null; location?: string | null };

/** What a list, a reminder, a feed or a download calls the item: its code word when one is set. */
export function listTitle(item: Titled): string {
  return item.privateTitle || item.title;
}

/** Whether the item has a code word, which then hides its real title from everyone but its owner. */
export function hasCodeWord(item: Titled): boolean {
  return Boolean(item.privateTitle);
}

/**
 * The details as anyone but the owner (and any file that leaves Happr) may have them: with a code
 * word, the code word as the title and nothing else, not even a code-word field (nothing tells them a
 * real title exists); without one, as they are.
 */
export function behindCodeWord<T extends Detailed>(details: T): T {
  if (!hasCodeWord(details)) return details;
  const hidden = { ...details, title: listTitle(details), privateTitle: null };
  if ("notes" in details) hidden.notes = null;
  if ("location" in details) hidden.location = null;
  return hidden;
}
