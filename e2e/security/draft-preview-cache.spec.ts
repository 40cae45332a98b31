import { expect, test } from "@playwright/test";
import { bundledDocuments, extraPort } from "../support/app-instances";
import {
  previewCookie,
  previewLink,
  PREVIEW_SECRET,
  SANITY_READ_TOKEN,
  useSanityPreviewInstance,
} from "../support/preview";

/**
 * Attack: a draft reaching a public cache. An editor's preview request renders a page with drafts; if
 * that render were stored (Next's page or data cache, a CDN), the next visitor would get the draft.
 * Each test asks in draft mode first, then as a visitor, and the visitor must get the published
 * version. Also: the preview secret appears in no page a visitor or the Studio gets.
 */
test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

const sanity = useSanityPreviewInstance(extraPort(6), ".data/e2e-draft-cache");

const get = (url: string, cookie?: string) => fetch(url, { headers: cookie ? { cookie } : {}, redirect: "manual" });

test("bundled dataset: a page rendered in draft mode is not what visitors get next", async ({ baseURL }) => {
  const cookie = await previewCookie(baseURL!);
  const preview = await get(`${baseURL}/blog/our-spring-roadmap`, cookie);
  expect(preview.status).toBe(200);
  expect(preview.headers.get("cache-control")).toMatch(/no-store/);
  expect(await preview.text()).toContain("Draft: Our Spring Roadmap");
  expect(await (await get(`${baseURL}/blog`, cookie)).text()).toContain("Draft: Our Spring Roadmap");

  expect((await get(`${baseURL}/blog/our-spring-roadmap`)).status).toBe(404);
  const blog = await (await get(`${baseURL}/blog`)).text();
  expect(blog).not.toContain("Draft: Our Spring Roadmap");
});

test("Sanity: a draft read first in preview, then by a visitor, answers the visitor the published version", async () => {
  const template = bundledDocuments().find(
    (document) => document._type === "post" && !document._id.startsWith("drafts."),
  )!;
  const slug = `preview-cache-${Date.now()}`;
  // Newest, so it is on the first page of /blog.
  const post = {
    ...template,
    _id: `post-${slug}`,
    title: "Cache check published",
    slug: { _type: "slug", current: slug },
    publishedAt: new Date().toISOString(),
  };
  sanity.api.publish(post);
  sanity.api.publish({ ...post, _id: `drafts.${post._id}`, title: "Cache check DRAFT" });
  const cookie = await previewCookie(sanity.instance.url);

  // Never rendered before: the preview is the first render of this page and of its data.
  const preview = await get(`${sanity.instance.url}/blog/${slug}`, cookie);
  expect(preview.headers.get("cache-control")).toMatch(/no-store/);
  expect(await preview.text()).toContain("Cache check DRAFT");
  expect(await (await get(`${sanity.instance.url}/blog`, cookie)).text()).toContain("Cache check DRAFT");

  for (let visit = 0; visit < 2; visit++) {
    const page = await (await get(`${sanity.instance.url}/blog/${slug}`)).text();
    expect(page).toContain("Cache check published");
    expect(page).not.toContain("Cache check DRAFT");
    expect(await (await get(`${sanity.instance.url}/blog`)).text()).not.toContain("Cache check DRAFT");
  }
  // And the other way round: the cached published page does not hide the draft from the editor.
  expect(await (await get(`${sanity.instance.url}/blog/${slug}`, cookie)).text()).toContain("Cache check DRAFT");
});

test("the preview secret is refused when wrong and never appears in a page, the Studio or the redirect", async () => {
  expect((await get(`${sanity.instance.url}${previewLink("/", "wrong-secret-0123456789abcdef")}`)).status).toBe(401);
  const noSecret = await get(`${sanity.instance.url}/api/draft-mode/enable?redirect=/blog`);
  expect(noSecret.status).toBe(200);
  expect(noSecret.headers.getSetCookie().join()).not.toContain("__prerender_bypass");
  expect(await noSecret.text()).not.toContain(PREVIEW_SECRET);
  const offsite = await get(`${sanity.instance.url}${previewLink("//evil.example/")}`);
  expect(offsite.status).toBe(303);
  expect(offsite.headers.get("location")).toBe("/");
  const enabled = await get(`${sanity.instance.url}${previewLink("/blog")}`);
  expect(enabled.headers.get("location")).toBe("/blog");
  for (const path of ["/", "/blog", "/studio", "/studio/structure"]) {
    const body = await (await get(`${sanity.instance.url}${path}`)).text();
    expect(body, path).not.toContain(PREVIEW_SECRET);
    expect(body, path).not.toContain(SANITY_READ_TOKEN);
  }
});
