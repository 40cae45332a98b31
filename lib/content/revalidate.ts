/**
 * Which cache tags a content change makes stale. Pure: the route (app/api/revalidate/route.ts) verifies
 * the webhook signature and expires each tag.
 *
 * Every content fetch carries a tag for each document type it reads and, for one document, a tag for
 * that document (`post:<slug>`, `landingPage:<path>`, `infoPage:<slug>`): see ./tags.ts. A page is
 * tagged with the tags of the fetches it made, so expiring a tag refreshes the data and the pages.
 *
 * The Sanity webhook sends the projection {_type, "slug": slug.current, path} (see .env.example);
 * `slug` and `path` only add the one document's tag, so a change without them still refreshes every
 * list and every page of that type that reads the type tag.
 */
import { z } from "zod";
import { documentTag, typeTag } from "./tags";

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "slug must be lower-case letters, digits and dashes");

export const revalidatePayloadSchema = z.object({
  _type: z
    .string()
    .trim()
    .regex(/^[A-Za-z][\w.]*$/, "_type must be a document type name such as post"),
  slug: slug.nullish(),
  path: z
    .string()
    .regex(/^(\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/, "path must be a URL path such as /for-you/parents-guardians")
    .nullish(),
});

export type RevalidatePayload = z.infer<typeof revalidatePayloadSchema>;

/** The tags to expire after a change to one document (created, updated or deleted). */
export function revalidationTags(payload: RevalidatePayload): string[] {
  const key = payload._type === "landingPage" ? payload.path : payload.slug;
  return [typeTag(payload._type), ...(key ? [documentTag(payload._type, key)] : [])];
}
