/** Types of ./redis-cache-handler.mjs (Next loads the JavaScript file at run time). */
export type CacheEntry = {
  lastModified: number;
  value: unknown;
  cacheControl?: { revalidate?: number | false; expire?: number };
};

export function encodeEntry(entry: {
  lastModified: number;
  value: unknown;
  cacheControl?: unknown;
  tags?: string[];
}): string;
export function decodeEntry(text: string): {
  lastModified: number;
  value: unknown;
  cacheControl?: unknown;
  tags?: string[];
};

/** The build a handler's entries belong to: .next/BUILD_ID beside `serverDistDir`, or "development". */
export function buildIdOf(ctx: { serverDistDir?: string } | undefined): string;

export default class RedisCacheHandler {
  /** Next passes its server folder (.next/server); the build id is read beside it. */
  constructor(ctx: { serverDistDir?: string });
  get(key: string, ctx: { kind: string; tags?: string[]; softTags?: string[] }): Promise<CacheEntry | null>;
  set(
    key: string,
    data: unknown,
    ctx: { cacheControl?: unknown; tags?: string[]; revalidate?: number; fetchCache?: boolean },
  ): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
  resetRequestCache(): void;
}
