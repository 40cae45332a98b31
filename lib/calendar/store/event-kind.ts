import { eq, inArray } from "drizzle-orm";
import { calendarEvents } from "../../db/schema/calendar";
import type { ItemKind } from "../../circles/sharing/item-kinds";
import { listTitle } from "../../display";
import { isUuid } from "../../uuid";

// Events in the sharing registry (lib/sharing/item-kinds.ts).
/** The sharing registry's entry for events: who owns an event id (null for none). */
export const eventKind: ItemKind = {
  ownerOf: async (itemId, db) => {
    if (!isUuid(itemId)) return null;
    const [row] = await db
      .select({ ownerId: calendarEvents.ownerId })
      .from(calendarEvents)
      .where(eq(calendarEvents.id, itemId));
    return row?.ownerId ?? null;
  },
  listTitlesOf: async (itemIds, db) => {
    const ids = itemIds.filter(isUuid);
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: calendarEvents.id, title: calendarEvents.title, privateTitle: calendarEvents.privateTitle })
      .from(calendarEvents)
      .where(inArray(calendarEvents.id, ids));
    return new Map(rows.map((row) => [row.id, listTitle(row)]));
  },
};
