import { required, slugField } from "./fields";
import type { DocumentDefinition } from "./types";

export const author: DocumentDefinition = {
  name: "author",
  title: "Author",
  type: "document",
  fields: [
    { name: "name", title: "Name", type: "string", validation: required },
    slugField("name"),
    { name: "role", title: "Role", type: "string", validation: required },
    { name: "bio", title: "Bio", type: "text", rows: 3 },
  ],
  preview: { select: { title: "name", subtitle: "role" } },
};
