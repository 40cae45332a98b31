import { defineArrayMember, defineField, defineType } from "sanity";
import { imageField, portableTextField, seoField } from "./fields";

export const landingKinds = [
  { title: "For You (audience)", value: "audience" },
  { title: "Core feature", value: "feature" },
  { title: "Responsibility Framework pillar", value: "pillar" },
];

/** The audience, core-feature and framework-pillar pages; `path` is the page's URL. */
export const landingPage = defineType({
  name: "landingPage",
  title: "Landing page",
  type: "document",
  fields: [
    defineField({
      name: "kind",
      title: "Kind",
      type: "string",
      options: { list: landingKinds, layout: "radio" },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: "path",
      title: "Path",
      type: "string",
      description: "The page's URL path, e.g. /for-you/parents-guardians",
      validation: (rule) => rule.required().regex(/^(\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/, { name: "URL path" }),
    }),
    defineField({
      name: "title",
      title: "Title (menus and cards)",
      type: "string",
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: "summary",
      title: "Summary",
      type: "text",
      rows: 2,
      description: "One sentence for cards and menus.",
      validation: (rule) => rule.required(),
    }),
    defineField({ name: "eyebrow", title: "Eyebrow", type: "string", validation: (rule) => rule.required() }),
    defineField({ name: "heading", title: "Heading", type: "string", validation: (rule) => rule.required() }),
    defineField({ name: "intro", title: "Intro", type: "text", rows: 3, validation: (rule) => rule.required() }),
    imageField("heroImage", "Hero image"),
    defineField({
      name: "highlights",
      title: "Highlights",
      type: "array",
      of: [
        defineArrayMember({
          type: "object",
          name: "highlight",
          title: "Highlight",
          fields: [
            defineField({ name: "title", title: "Title", type: "string", validation: (rule) => rule.required() }),
            defineField({ name: "text", title: "Text", type: "text", rows: 2, validation: (rule) => rule.required() }),
          ],
        }),
      ],
    }),
    defineField({
      name: "sections",
      title: "Sections",
      type: "array",
      of: [
        defineArrayMember({
          type: "object",
          name: "section",
          title: "Section",
          fields: [
            defineField({ name: "heading", title: "Heading", type: "string", validation: (rule) => rule.required() }),
            portableTextField("body", "Body"),
          ],
          preview: { select: { title: "heading" } },
        }),
      ],
    }),
    defineField({
      name: "order",
      title: "Order in menus",
      type: "number",
      validation: (rule) => rule.required().integer().min(0),
    }),
    seoField,
  ],
  orderings: [
    {
      title: "Kind, then order",
      name: "kindOrder",
      by: [
        { field: "kind", direction: "asc" },
        { field: "order", direction: "asc" },
      ],
    },
  ],
  preview: { select: { title: "title", subtitle: "path" } },
});
