import { defineField, defineType } from "sanity";
import { slugField } from "./fields";

export const author = defineType({
  name: "author",
  title: "Author",
  type: "document",
  fields: [
    defineField({ name: "name", title: "Name", type: "string", validation: (rule) => rule.required() }),
    slugField("name"),
    defineField({ name: "role", title: "Role", type: "string", validation: (rule) => rule.required() }),
    defineField({ name: "bio", title: "Bio", type: "text", rows: 3 }),
  ],
  preview: { select: { title: "name", subtitle: "role" } },
});
