import type { Db } from "../db/open";
import { itemFor } from "./access";

/**
 * Who may see a board photo: whoever the item reaches (its board, or the goal's share). The image
 * route (lib/uploads) asks it on every request, through the composition root's `imageHolders`.
 */
export async function boardItemImageVisible(db: Db, viewerId: string, holder: { id: string }): Promise<boolean> {
  return itemFor(db, viewerId, holder.id).then(
    () => true,
    () => false,
  );
}
