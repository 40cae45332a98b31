import type { StructureResolver } from "sanity/structure";
import { singletonTypes } from "../schema-types";

const singletons: readonly string[] = singletonTypes;

/** Site settings and the home page open their one document; every other type lists its documents. */
export const structure: StructureResolver = (S) =>
  S.list()
    .title("Content")
    .items([
      S.listItem()
        .title("Site settings")
        .id("siteSettings")
        .child(S.document().schemaType("siteSettings").documentId("siteSettings")),
      S.listItem().title("Home page").id("homePage").child(S.document().schemaType("homePage").documentId("homePage")),
      S.divider(),
      ...S.documentTypeListItems().filter((item) => !singletons.includes(item.getId() ?? "")),
    ]);
