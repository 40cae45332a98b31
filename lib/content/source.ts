/**
 * The content port: one GROQ fetch. Two adapters implement it, Sanity (./sanity-source.ts) and the
 * bundled dataset (./bundled-source.ts); the configuration picks one once per process.
 */
import { getConfig, type Config } from "@/lib/config";

export type QueryParams = Record<string, string | number | boolean | null>;

/**
 * `tags` name what the answer depends on (./tags.ts); an adapter that caches answers expires them by tag.
 * `draft`: read with editors' drafts overlaid (draft mode), never from or into a cache.
 */
export type FetchOptions = { tags?: string[]; draft?: boolean };

export interface ContentSource {
  readonly kind: "sanity" | "bundled";
  fetch<T = unknown>(query: string, params?: QueryParams, options?: FetchOptions): Promise<T>;
}

/** Builds the adapter for a content configuration (the adapters load lazily: only one is ever used). */
export async function createContentSource(content: Config["content"]): Promise<ContentSource> {
  if (content.kind === "sanity") {
    const { createSanitySource } = await import("./sanity-source");
    return createSanitySource(content);
  }
  const { createBundledSource } = await import("./bundled-source");
  const { cacheByTag } = await import("./next-data-cache");
  return createBundledSource(undefined, { cacheByTag });
}

let source: Promise<ContentSource> | undefined;

/** The content source of this process, chosen from getConfig().content on first use. */
export function getContentSource(): Promise<ContentSource> {
  source ??= createContentSource(getConfig().content);
  return source;
}
