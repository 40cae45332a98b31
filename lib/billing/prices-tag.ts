import { revalidateTag } from "next/cache";

/**
 * The cache tag of the provider's prices (lib/billing/catalogue.ts reads under it; price and product
 * events expire it). Apart from the catalogue so the webhook handlers need not import the provider.
 */
export const PRICES_TAG = "billing:prices";

type IncrementalCache = { revalidateTag(tags: string[], durations?: { expire?: number }): Promise<void> };

/**
 * Expires the cached prices and the pages showing them, at once (the next read asks the provider).
 * In a request (Stripe's webhook) through revalidateTag; outside one (the sandbox engine's timer
 * delivering its price events) through the process's incremental cache, which revalidateTag's
 * request would have used: Next keeps it in `globalThis.__incrementalCache` from the first request
 * on. Before any request nothing is cached yet, so there is nothing to expire.
 */
export async function expireCachedPrices(): Promise<void> {
  try {
    revalidateTag(PRICES_TAG, { expire: 0 });
    return;
  } catch (error) {
    const cache = (globalThis as { __incrementalCache?: IncrementalCache }).__incrementalCache;
    if (!cache) {
      if (error instanceof Error && error.message.includes("static generation store missing")) return;
      throw error;
    }
    await cache.revalidateTag([PRICES_TAG], { expire: 0 });
  }
}
