/**
 * Which pages a content change makes stale. Pure: the route (app/api/revalidate/route.ts) verifies
 * the webhook signature and calls revalidatePath for each target.
 *
 * The Sanity webhook should send the projection
 *   {_type, "slug": slug.current, path}
 * (see .env.example); `slug` and `path` only narrow what is revalidated, so a change without them
 * revalidates more, never less.
 */
import { z } from "zod";

export type RevalidateTarget = { path: string; type?: "page" | "layout" };

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "slug must be lower-case letters, digits and dashes");

export const revalidatePayloadSchema = z.object({
  _type: z.string().trim().min(1, "_type is required"),
  slug: slug.nullish(),
  path: z
    .string()
    .regex(/^(\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/, "path must be a URL path such as /for-you/parents-guardians")
    .nullish(),
});

export type RevalidatePayload = z.infer<typeof revalidatePayloadSchema>;

const everything: RevalidateTarget[] = [{ path: "/", type: "layout" }];

/** The paths to revalidate after a change to one document. */
export function revalidationTargets(payload: RevalidatePayload): RevalidateTarget[] {
  switch (payload._type) {
    case "post":
      return [
        ...(payload.slug ? [{ path: `/blog/${payload.slug}` }] : []),
        // The list pages (and any post showing this one's categories) live under /blog.
        { path: "/blog", type: "layout" },
        { path: "/" },
        { path: "/sitemap.xml" },
      ];
    case "category":
    case "author":
      return [{ path: "/blog", type: "layout" }, { path: "/" }];
    case "landingPage":
      // Home lists every landing page's summary; without a path the changed page is unknown.
      return payload.path ? [{ path: payload.path }, { path: "/" }, { path: "/sitemap.xml" }] : everything;
    case "homePage":
      return [{ path: "/" }];
    case "infoPage":
      return payload.slug ? [{ path: `/${payload.slug}` }, { path: "/sitemap.xml" }] : everything;
    case "faqEntry":
      return [{ path: "/faq" }];
    default:
      // siteSettings feeds the header and footer of every page; anything unknown is treated alike.
      return everything;
  }
}
