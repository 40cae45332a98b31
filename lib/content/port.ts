/**
 * The content port: one GROQ fetch. Two adapters implement it, Sanity (./sanity-source.ts) and the
 * bundled dataset (./bundled-source.ts); ./source.ts picks one. The adapters import only this file,
 * so the one that picks them is never imported back.
 */
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
