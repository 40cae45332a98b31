import type { ImageHolder } from "../uploads";
import { itemFor } from "./access";

/**
 * Who may see a board photo: whoever the item reaches (its board, or the goal's share). The image
 * route (lib/uploads) asks it on every request, through the composition root's `imageHolders`.
 */
export const boardItemImageHolder: ImageHolder = (db, viewerId, holder) =>
  itemFor(db, viewerId, holder.id).then(
    () => true,
    () => false,
  );
