import { expireCachedPrices } from "../prices-tag";
import { noWrite, type EventHandler } from "./types";

/**
 * A price or product changed at the provider (a repricing moves a lookup key to a new price and
 * archives the old one; a product's name or description changed): the cached prices are expired, and
 * the next read fetches them all again. Nothing is re-fetched here: the catalogue is read as a whole.
 */
export const expirePrices: EventHandler = async () => {
  await expireCachedPrices();
  return noWrite;
};
