import { defineField, defineType } from "sanity";
import { imageField, linkFields, seoField } from "./fields";

/** The singleton (id `homePage`) for `/`; its cards come from the landing pages and the latest posts. */
export const homePage = defineType({
  name: "homePage",
  title: "Home page",
  type: "document",
  fields: [
    defineField({ name: "heading", title: "Heading", type: "string", validation: (rule) => rule.required() }),
    defineField({ name: "intro", title: "Intro", type: "text", rows: 3, validation: (rule) => rule.required() }),
    imageField("heroImage", "Hero image"),
    defineField({
      name: "primaryCta",
      title: "Primary call to action",
      type: "object",
      fields: linkFields,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: "secondaryCta",
      title: "Secondary call to action",
      type: "object",
      fields: linkFields,
      validation: (rule) => rule.required(),
    }),
    seoField,
  ],
  preview: { select: { title: "heading" } },
});
