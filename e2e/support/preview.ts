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
