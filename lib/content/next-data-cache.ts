/**
 * The bundled source's answers go through Next's data cache under the same tags as the Sanity
 * adapter's fetches, so every page records the tags of what it read, whichever source rendered it.
 * A page prerendered from the bundled dataset is then refreshed by the webhook like any other (e.g.
 * once SANITY_PROJECT_ID points the running app at a project).
 */
import "server-only";
import { unstable_cache } from "next/cache";
import { CONTENT_REVALIDATE_SECONDS } from "./tags";

export function cacheByTag<T>(run: () => Promise<T>, key: string[], tags: string[]): Promise<T> {
  return unstable_cache(run, key, { tags, revalidate: CONTENT_REVALIDATE_SECONDS })();
}
