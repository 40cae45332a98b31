import { test } from "@playwright/test";
import { startFakeSanityApi, type FakeSanityApi } from "../../lib/content/fake-sanity-api";
import { bundledDocuments, startInstance, type AppInstance } from "./app-instances";

/** Draft preview in the journeys: the secret the app under test is started with, and a preview session for fetch(). */

/** playwright.config.ts starts the app with it; the extra instances get it too. */
export const PREVIEW_SECRET = "e2e-preview-secret-0123456789abcdef";

export const previewLink = (path: string, secret = PREVIEW_SECRET) =>
  `/api/draft-mode/enable?secret=${encodeURIComponent(secret)}&redirect=${encodeURIComponent(path)}`;

/** Enables draft mode on `origin` and returns the Cookie header of that preview session. */
export async function previewCookie(origin: string): Promise<string> {
  const response = await fetch(`${origin}${previewLink("/")}`, { redirect: "manual" });
  if (response.status !== 303) throw new Error(`enabling draft mode answered ${response.status}`);
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("__prerender_bypass="));
  if (!cookie) throw new Error("enabling draft mode set no __prerender_bypass cookie");
  return cookie.split(";")[0]!;
}

export const SANITY_READ_TOKEN = "sk-e2e-read-token";

/**
 * For a describe block or file: an app instance on its own port reading a fake Sanity API that
 * serves the bundled documents, with previews on (the secret above and a read token). Read the
 * fields inside tests: they are set by the beforeAll this registers.
 */
export function useSanityPreviewInstance(port: number, dataDir: string): { api: FakeSanityApi; instance: AppInstance } {
  const started = {} as { api: FakeSanityApi; instance: AppInstance };
  test.beforeAll(async () => {
    // Each `next start` takes ~17 s on a loaded 2-core machine (the first also migrates): more than a hook's default 30 s for two.
    test.setTimeout(120_000);
    started.api = await startFakeSanityApi(bundledDocuments(), 0, SANITY_READ_TOKEN);
    started.instance = await startInstance(port, {
      SANITY_PROJECT_ID: "e2etest",
      SANITY_DATASET: "production",
      SANITY_API_HOST: started.api.url,
      SANITY_API_READ_TOKEN: SANITY_READ_TOKEN,
      SANITY_PREVIEW_SECRET: PREVIEW_SECRET,
      DATA_DIR: dataDir,
    });
  });
  test.afterAll(async () => {
    await started.instance?.stop();
    await started.api?.close();
  });
  return started;
}
