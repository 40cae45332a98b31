/** The Sanity CLI's settings: the project it talks to, from the environment. TypeGen's are in sanity-typegen.json. */
import { defineCliConfig } from "sanity/cli";

export default defineCliConfig({
  api: {
    projectId: process.env.SANITY_PROJECT_ID ?? process.env.SANITY_STUDIO_PROJECT_ID ?? "happr-local",
    dataset: process.env.SANITY_DATASET ?? process.env.SANITY_STUDIO_DATASET ?? "production",
  },
});
