/**
 * Cache tags of content fetches: one per document type read, one per single document. The webhook
 * (./revalidate.ts) expires the same tags, so the two must be built here and nowhere else.
 */

export const typeTag = (type: string) => type;

/** A single document's tag: its type and its key (a post's slug, a landing page's path). */
export const documentTag = (type: string, key: string) => `${type}:${key}`;

/** How long a fetched answer or a rendered page may be served before it is fetched again, in seconds. */
export const CONTENT_REVALIDATE_SECONDS = 3600;
