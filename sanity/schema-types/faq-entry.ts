import { required } from "./fields";
import type { DocumentDefinition } from "./types";

/** One question of /faq (also its FAQPage JSON-LD, hence a plain-text answer). */
export const faqEntry: DocumentDefinition = {
  name: "faqEntry",
  title: "FAQ entry",
  type: "document",
  fields: [
    { name: "question", title: "Question", type: "string", validation: required },
    { name: "answer", title: "Answer", type: "text", rows: 5, validation: required },
    { name: "category", title: "Category", type: "string", description: "Groups questions on the page, e.g. Safety.", validation: required },
    { name: "order", title: "Order", type: "number", validation: (rule) => rule.required().integer().min(0) },
  ],
  orderings: [{ title: "Order", name: "order", by: [{ field: "order", direction: "asc" }] }],
  preview: { select: { title: "question", subtitle: "category" } },
};
