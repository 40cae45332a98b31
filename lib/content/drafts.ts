/**
 * Sanity's "drafts" perspective over a plain list of documents: each draft (`drafts.<id>`) stands in
 * for its published document under the published id, a draft never published appears under its
 * published id, and `_originalId` says which one was read. The queries (./queries.ts) exclude
 * `drafts.` ids, so over this view they answer what an editor's unpublished changes would show.
 * Used by the bundled source in draft mode and by the stand-in Sanity API (tests).
 */
export type DatasetDocument = { _id: string; _type: string; [field: string]: unknown };

const DRAFT_PREFIX = "drafts.";

export const isDraftId = (id: string) => id.startsWith(DRAFT_PREFIX);

export function overlayDrafts<T extends DatasetDocument>(documents: readonly T[]): T[] {
  const byId = new Map<string, T>();
  for (const document of documents) {
    if (isDraftId(document._id)) continue;
    byId.set(document._id, { ...document, _originalId: document._id });
  }
  for (const document of documents) {
    if (!isDraftId(document._id)) continue;
    const publishedId = document._id.slice(DRAFT_PREFIX.length);
    byId.set(publishedId, { ...document, _id: publishedId, _originalId: document._id });
  }
  return [...byId.values()];
}
