/**
 * The Sanity Studio, embedded in the app at /studio (app/studio/[[...tool]]/page.tsx) and read by the
 * Sanity CLI (`sanity typegen generate`, `sanity schema extract`). The page passes the project and
 * dataset from the server's configuration (SANITY_PROJECT_ID, SANITY_DATASET); the CLI reads them
 * from the environment.
 */
import { defineConfig, type DocumentActionComponent } from "sanity";
import { structureTool } from "sanity/structure";
import { schemaTypes, singletonTypes } from "./sanity/schema-types";
import { documentPath, type DocumentForPath } from "./sanity/studio/document-paths";
import { structure } from "./sanity/studio/structure";

const singletons: readonly string[] = singletonTypes;
// A singleton is published and reverted, never duplicated or deleted (there is exactly one).
const singletonActions = new Set(["publish", "discardChanges", "restore"]);

export function studioConfig({ projectId, dataset }: { projectId: string; dataset: string }) {
  return defineConfig({
    name: "happr",
    title: "Happr",
    basePath: "/studio",
    projectId,
    dataset,
    schema: {
      types: schemaTypes,
      // No "new site settings": the singletons are opened from the structure.
      templates: (templates) => templates.filter(({ schemaType }) => !singletons.includes(schemaType)),
    },
    document: {
      actions: (actions, { schemaType }) =>
        singletons.includes(schemaType)
          ? actions.filter(
              (action: DocumentActionComponent) => action.action !== undefined && singletonActions.has(action.action),
            )
          : actions,
      // "Open preview" in the document menu: the page the document shows on, with drafts (draft mode).
      // The Studio never holds the preview secret: the route asks the editor for it (app/api/draft-mode/enable).
      productionUrl: async (previous, { document }) => {
        const path = documentPath(document as DocumentForPath);
        if (!path) return previous;
        const url = new URL("/api/draft-mode/enable", window.location.origin);
        url.searchParams.set("redirect", path);
        return url.toString();
      },
    },
    plugins: [structureTool({ structure })],
  });
}

// The Sanity CLI's view (typegen, schema extract): the same Studio, configured from the environment.
export default studioConfig({
  projectId: process.env.SANITY_PROJECT_ID ?? process.env.SANITY_STUDIO_PROJECT_ID ?? "happr-local",
  dataset: process.env.SANITY_DATASET ?? process.env.SANITY_STUDIO_DATASET ?? "production",
});
