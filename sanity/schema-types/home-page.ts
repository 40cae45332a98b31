import { imageField, linkFields, required, seoField } from "./fields";
import type { DocumentDefinition } from "./types";

/** The singleton (id `homePage`) for `/`; its cards come from the landing pages and the latest posts. */
export const homePage: DocumentDefinition = {
  name: "homePage",
  title: "Home page",
  type: "document",
  fields: [
    { name: "heading", title: "Heading", type: "string", validation: required },
    { name: "intro", title: "Intro", type: "text", rows: 3, validation: required },
    imageField("heroImage", "Hero image"),
    { name: "primaryCta", title: "Primary call to action", type: "object", fields: linkFields, validation: required },
    { name: "secondaryCta", title: "Secondary call to action", type: "object", fields: linkFields, validation: required },
    seoField,
  ],
  preview: { select: { title: "heading" } },
};
