import { imageField, portableTextField, required, seoField } from "./fields";
import type { DocumentDefinition } from "./types";

export const landingKinds = [
  { title: "For You (audience)", value: "audience" },
  { title: "Core feature", value: "feature" },
  { title: "Responsibility Framework pillar", value: "pillar" },
];

/** The audience, core-feature and framework-pillar pages; `path` is the page's URL. */
export const landingPage: DocumentDefinition = {
  name: "landingPage",
  title: "Landing page",
  type: "document",
  fields: [
    {
      name: "kind",
      title: "Kind",
      type: "string",
      options: { list: landingKinds, layout: "radio" },
      validation: required,
    },
    {
      name: "path",
      title: "Path",
      type: "string",
      description: "The page's URL path, e.g. /for-you/parents-guardians",
      validation: (rule) => rule.required().regex(/^(\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/, "URL path"),
    },
    { name: "title", title: "Title (menus and cards)", type: "string", validation: required },
    { name: "summary", title: "Summary", type: "text", rows: 2, description: "One sentence for cards and menus.", validation: required },
    { name: "eyebrow", title: "Eyebrow", type: "string", validation: required },
    { name: "heading", title: "Heading", type: "string", validation: required },
    { name: "intro", title: "Intro", type: "text", rows: 3, validation: required },
    imageField("heroImage", "Hero image"),
    {
      name: "highlights",
      title: "Highlights",
      type: "array",
      of: [
        {
          type: "object",
          name: "highlight",
          title: "Highlight",
          fields: [
            { name: "title", title: "Title", type: "string", validation: required },
            { name: "text", title: "Text", type: "text", rows: 2, validation: required },
          ],
        },
      ],
    },
    {
      name: "sections",
      title: "Sections",
      type: "array",
      of: [
        {
          type: "object",
          name: "section",
          title: "Section",
          fields: [
            { name: "heading", title: "Heading", type: "string", validation: required },
            portableTextField("body", "Body"),
          ],
          preview: { select: { title: "heading" } },
        },
      ],
    },
    { name: "order", title: "Order in menus", type: "number", validation: (rule) => rule.required().integer().min(0) },
    seoField,
  ],
  orderings: [{ title: "Kind, then order", name: "kindOrder", by: [{ field: "kind", direction: "asc" }, { field: "order", direction: "asc" }] }],
  preview: { select: { title: "title", subtitle: "path" } },
};
