import { required, slugField } from "./fields";
import type { DocumentDefinition } from "./types";

export const category: DocumentDefinition = {
  name: "category",
  title: "Category",
  type: "document",
  fields: [
    { name: "title", title: "Title", type: "string", validation: required },
    slugField("title"),
    { name: "description", title: "Description", type: "text", rows: 2 },
  ],
  preview: { select: { title: "title" } },
};
