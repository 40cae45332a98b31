import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { LEAK_STRINGS, phoneJpeg } from "../../lib/images/__fixtures__/photos";

/** A phone's JPEG with EXIF (make, model, GPS, the capture day), XMP and IPTC, named as a phone names it. */
export async function phonePhoto() {
  return { name: "IMG_4021.jpg", mimeType: "image/jpeg", buffer: await phoneJpeg() };
}

/**
 * Adds a moment from /cam as a member does: the photo chosen (sent at once, its progress shown), its
 * description and note, saved; then waits on the timeline until the photo is processed and shows. Answers
 * the moment's page and its photo's addresses.
 */
export async function addMoment(page: Page, { alt, note }: { alt: string; note: string }) {
  await page.goto("/cam");
  const form = page.getByRole("form", { name: "New moment" });
  await form.getByLabel("Photo", { exact: true }).setInputFiles(await phonePhoto());
  await expect(form.getByText("Photo sent.")).toBeVisible({ timeout: 20_000 });
  await form.getByLabel(/^Describe the photo/).fill(alt);
  await form.getByLabel(/^Note/).fill(note);
  await form.getByRole("button", { name: "Save moment" }).click();
  await expect(form.getByText("Moment saved. Its photo is being prepared.")).toBeVisible();
  return momentOnTimeline(page, alt);
}

/** A moment on the timeline once its photo shows (the page refreshes itself while one is processing). */
export async function momentOnTimeline(page: Page, alt: string) {
  const timeline = page.getByRole("region", { name: "Timeline" });
  const photo = timeline.getByRole("img", { name: alt });
  await expect(photo).toBeVisible({ timeout: 45_000 });
  // Loaded, not a broken image (with S3 the browser follows a redirect the page's policy must allow).
  await expect
    .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  // `has` is matched inside each article: the image alone, not the region again.
  const card = timeline.getByRole("article").filter({ has: page.getByRole("img", { name: alt }) });
  await expect(card.getByText(`Photo: ${alt}`)).toBeVisible();
  const momentPath = (await card.getByRole("link").getAttribute("href"))!;
  const thumbnail = (await photo.getAttribute("src"))!;
  expect(momentPath).toMatch(/^\/cam\/[0-9a-f-]{36}$/);
  expect(thumbnail).toMatch(/^\/api\/images\/[^/]+\/thumbnail$/);
  return { momentPath, thumbnail, display: thumbnail.replace(/\/thumbnail$/, "/display") };
}

/**
 * The photo's address answers the image to whoever may see it, privately and under a generic name,
 * with none of the phone's metadata; `status` otherwise. A redirect (S3: a signed URL) is followed.
 */
export async function expectImage(request: APIRequestContext, url: string, status: 200 | 401 | 404) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(status);
  if (status !== 200) return;
  expect(response.headers()["content-type"]).toBe("image/webp");
  expect(response.headers()["cache-control"]).toMatch(/private/);
  expect(response.headers()["cache-control"]).toMatch(/no-store/);
  expect(response.headers()["content-disposition"] ?? "").not.toContain("IMG_4021");
  const bytes = (await response.body()).toString("latin1");
  for (const leak of LEAK_STRINGS) expect(bytes, leak).not.toContain(leak);
}

/** The owner shares the moment, to see, with `label` (a person's name, or "Everyone in …"). */
export async function shareMoment(page: Page, momentPath: string, label: string) {
  await page.goto(momentPath);
  const share = page.getByRole("form", { name: "Share moment" });
  await share.getByLabel("Share with").selectOption({ label });
  await share.getByRole("button", { name: "Share to see" }).click();
  await expect(share.getByText("Shared: they can see it now.")).toBeVisible();
}

/** The owner takes the share with `name` back. */
export async function stopSharingMoment(page: Page, momentPath: string, name: string) {
  await page.goto(momentPath);
  await page.getByRole("button", { name: `Stop sharing with ${name}` }).click();
  // The share leaves the list (its button and answer with it).
  await expect(page.getByRole("button", { name: `Stop sharing with ${name}` })).toHaveCount(0);
}

/**
 * Cam's core journey between an owner and a viewer in their circle (signed in on their own pages):
 * the owner adds a moment; the viewer cannot see it; shared with the viewer by name, they see it on
 * their timeline and fetch the photo; taken back, the photo's address answers 404 to them at once.
 * A stranger (signed in, not in the circle) gets 404, a guest 401. Answers the moment's addresses.
 */
export async function shareAndRevoke({
  owner,
  viewer,
  viewerName,
  stranger,
  guest,
}: {
  owner: Page;
  viewer: Page;
  viewerName: string;
  stranger: Page;
  guest: APIRequestContext;
}) {
  const moment = await addMoment(owner, { alt: "A bowl of porridge with berries", note: "Breakfast before the run" });
  await expectImage(owner.request, moment.thumbnail, 200);
  await expectImage(owner.request, moment.display, 200);
  // Not shared yet: for the viewer the photo and the page do not exist.
  await expectImage(viewer.request, moment.display, 404);
  expect((await viewer.goto(moment.momentPath))?.status()).toBe(404);

  await shareMoment(owner, moment.momentPath, viewerName);
  await viewer.goto("/cam");
  await momentOnTimeline(viewer, "A bowl of porridge with berries");
  await expectImage(viewer.request, moment.display, 200);

  await stopSharingMoment(owner, moment.momentPath, viewerName);
  await expectImage(viewer.request, moment.display, 404);
  await expectImage(viewer.request, moment.thumbnail, 404);
  expect((await viewer.goto(moment.momentPath))?.status()).toBe(404);

  await expectImage(stranger.request, moment.display, 404);
  await expectImage(guest, moment.display, 401);
  return moment;
}
