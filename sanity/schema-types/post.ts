import { imageField, portableTextField, required, seoField, slugField } from "./fields";
import type { DocumentDefinition } from "./types";

/** A blog post. Only published documents show; a `drafts.` copy never does. */
export const post: DocumentDefinition = {
  name: "post",
  title: "Post",
  type: "document",
  fields: [
    { name: "title", title: "Title", type: "string", validation: required },
    slugField("title"),
    { name: "excerpt", title: "Excerpt", type: "text", rows: 3, description: "Shown on the blog list and in search results.", validation: required },
    { name: "publishedAt", title: "Published at", type: "datetime", validation: required },
    imageField("mainImage", "Main image"),
    {
      name: "categories",
      title: "Categories",
      type: "array",
      of: [{ type: "reference", to: [{ type: "category" }] }],
      validation: (rule) => rule.required().min(1).unique(),
    },
    { name: "author", title: "Author", type: "reference", to: [{ type: "author" }], validation: required },
    portableTextField("body", "Body"),
    seoField,
  ],
  orderings: [{ title: "Newest first", name: "publishedAtDesc", by: [{ field: "publishedAt", direction: "desc" }] }],
  preview: { select: { title: "title", subtitle: "publishedAt" } },
};
