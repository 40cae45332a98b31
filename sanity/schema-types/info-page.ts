import { portableTextField, required, seoField, slugField } from "./fields";
import type { DocumentDefinition } from "./types";

/** The pages whose copy lives in the CMS while their layout is code: about-us, privacy, support, contact, faq, coming-soon, planform, blog. */
export const infoPage: DocumentDefinition = {
  name: "infoPage",
  title: "Information page",
  type: "document",
  fields: [
    { name: "title", title: "Title", type: "string", validation: required },
    slugField("title"),
    { name: "heading", title: "Heading", type: "string", validation: required },
    { name: "intro", title: "Intro", type: "text", rows: 3, validation: required },
    portableTextField("body", "Body"),
    seoField,
  ],
  preview: { select: { title: "title", subtitle: "slug.current" } },
};
