/** Field definitions shared by several document types. */
import { defineArrayMember, defineField, type Rule } from "sanity";

export const required = (rule: Rule) => rule.required();

/** An image with the alt text the site always renders (the site never shows an image without one). */
export function imageField(name: string, title: string) {
  return defineField({
    name,
    title,
    type: "image",
    options: { hotspot: true },
    fields: [
      defineField({
        name: "alt",
        title: "Alternative text",
        type: "string",
        description: "What the image shows, for people using screen readers.",
        validation: (rule) => rule.required(),
      }),
    ],
    validation: (rule) => rule.required(),
  });
}

export const seoField = defineField({
  name: "seo",
  title: "Search and sharing",
  type: "object",
  description: "Falls back to the title and the intro or excerpt when empty.",
  fields: [
    defineField({ name: "title", title: "Title", type: "string", validation: (rule) => rule.max(70).warning() }),
    defineField({
      name: "description",
      title: "Description",
      type: "text",
      rows: 3,
      validation: (rule) => rule.max(160).warning(),
    }),
  ],
});

/** A link inside the site ("/about-us") or outside it ("https://..."). */
export const linkFields = [
  defineField({ name: "label", title: "Label", type: "string", validation: (rule) => rule.required() }),
  defineField({
    name: "href",
    title: "Link",
    type: "string",
    description: "A path on this site (/about-us) or a full URL (https://...).",
    validation: (rule) =>
      rule
        .required()
        .custom((value) =>
          typeof value === "string" && /^(\/|https:\/\/|mailto:)/.test(value)
            ? true
            : "Start with /, https:// or mailto:",
        ),
  }),
];

export const linkMember = defineArrayMember({
  type: "object",
  name: "link",
  title: "Link",
  fields: [
    ...linkFields,
    defineField({ name: "external", title: "Opens another site", type: "boolean", initialValue: false }),
  ],
  preview: { select: { title: "label", subtitle: "href" } },
});

/** Portable Text as the site renders it: paragraphs, h2, h3, quotes, bullet lists, bold/italic and links. */
export const portableTextField = (name: string, title: string) =>
  defineField({
    name,
    title,
    type: "array",
    of: [
      defineArrayMember({
        type: "block",
        styles: [
          { title: "Normal", value: "normal" },
          { title: "Heading 2", value: "h2" },
          { title: "Heading 3", value: "h3" },
          { title: "Quote", value: "blockquote" },
        ],
        lists: [{ title: "Bullets", value: "bullet" }],
        marks: {
          decorators: [
            { title: "Strong", value: "strong" },
            { title: "Emphasis", value: "em" },
          ],
          annotations: [
            defineArrayMember({
              name: "link",
              title: "Link",
              type: "object",
              fields: [
                defineField({
                  name: "href",
                  title: "Link",
                  type: "url",
                  validation: (rule) =>
                    rule.required().uri({ scheme: ["http", "https", "mailto"], allowRelative: true }),
                }),
              ],
            }),
          ],
        },
      }),
    ],
    validation: (rule) => rule.required(),
  });

export const slugField = (source: string) =>
  defineField({
    name: "slug",
    title: "Slug",
    type: "slug",
    options: { source, maxLength: 96 },
    validation: (rule) =>
      rule.required().custom((value) => {
        const current = value?.current;
        return typeof current === "string" && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(current)
          ? true
          : "Use lower-case letters, digits and single dashes";
      }),
  });
