import { defineField, defineType } from "sanity";
import { portableTextField, seoField, slugField } from "./fields";

/** The pages whose copy lives in the CMS while their layout is code: about-us, privacy, support, contact, faq, coming-soon, planform, blog. */
export const infoPage = defineType({
  name: "infoPage",
  title: "Information page",
  type: "document",
  fields: [
    defineField({ name: "title", title: "Title", type: "string", validation: (rule) => rule.required() }),
    slugField("title"),
    defineField({ name: "heading", title: "Heading", type: "string", validation: (rule) => rule.required() }),
    defineField({ name: "intro", title: "Intro", type: "text", rows: 3, validation: (rule) => rule.required() }),
    portableTextField("body", "Body"),
    seoField,
  ],
  preview: { select: { title: "title", subtitle: "slug.current" } },
});
