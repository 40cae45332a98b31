import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { bundledDocuments, extraPort } from "./support/app-instances";
import { previewLink, PREVIEW_SECRET, SANITY_READ_TOKEN, useSanityPreviewInstance } from "./support/preview";

/**
 * An editor previews drafts with the preview link (secret-checked), sees the draft and the Preview bar,
 * exits and sees what visitors see: on the bundled dataset (the app under test) and on Sanity (an
 * extra instance reading drafts from a stand-in of Sanity's API with the read token).
 */
const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

async function expectPreviewBar(page: Page) {
  const bar = page.getByRole("complementary", { name: "Preview" });
  await expect(bar).toBeVisible();
  await expect(bar).toContainText("unpublished drafts");
  const results = await new AxeBuilder({ page }).include("aside[aria-label='Preview']").withTags(tags).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  return bar;
}

test("bundled dataset: the never-published draft shows in preview only, and exiting leaves its 404", async ({
  page,
}) => {
  const path = "/blog/our-spring-roadmap";
  expect((await page.goto(path))?.status()).toBe(404);

  await page.goto(previewLink(path));
  await expect(page).toHaveURL(path);
  await expect(
    page.getByRole("heading", { level: 1, name: "Draft: Our Spring Roadmap (Not Published)" }),
  ).toBeVisible();
  const bar = await expectPreviewBar(page);

  await bar.getByRole("link", { name: "Exit preview" }).click();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole("complementary", { name: "Preview" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Draft: Our Spring Roadmap (Not Published)" })).toHaveCount(
    0,
  );
  expect((await page.reload())?.status()).toBe(404);
});

test("the Studio's Open preview asks for the secret: a wrong one is refused, the right one opens the draft", async ({
  page,
}) => {
  const path = "/blog/our-spring-roadmap";
  await page.goto(`/api/draft-mode/enable?redirect=${encodeURIComponent(path)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Preview drafts" })).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  await page.getByLabel("Preview secret").fill("not-the-secret");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("alert")).toHaveText("That preview secret is not right.");
  await page.getByLabel("Preview secret").fill(PREVIEW_SECRET);
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page).toHaveURL(path);
  await expect(
    page.getByRole("heading", { level: 1, name: "Draft: Our Spring Roadmap (Not Published)" }),
  ).toBeVisible();
  await page.getByRole("complementary", { name: "Preview" }).getByRole("link", { name: "Exit preview" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Draft: Our Spring Roadmap (Not Published)" })).toHaveCount(
    0,
  );
});

test("a wrong preview secret is refused and shows no draft", async ({ page }) => {
  const response = await page.goto(previewLink("/blog/our-spring-roadmap", "not-the-secret"));
  expect(response?.status()).toBe(401);
  expect((await page.goto("/blog/our-spring-roadmap"))?.status()).toBe(404);
});

test.describe("on Sanity", () => {
  test.describe.configure({ mode: "serial" });
  test.setTimeout(120_000);
  const sanity = useSanityPreviewInstance(extraPort(5), ".data/e2e-draft-preview");

  test("an edited post: the draft title in preview, the published title after exiting", async ({ page }) => {
    const template = bundledDocuments().find(
      (document) => document._type === "post" && !document._id.startsWith("drafts."),
    )!;
    const slug = `preview-journey-${Date.now()}`;
    const post = {
      ...template,
      _id: `post-${slug}`,
      title: "The published title",
      slug: { _type: "slug", current: slug },
    };
    sanity.api.publish(post);
    sanity.api.publish({ ...post, _id: `drafts.${post._id}`, title: "The draft title" });

    await page.goto(`${sanity.instance.url}${previewLink(`/blog/${slug}`)}`);
    await expect(page).toHaveURL(`${sanity.instance.url}/blog/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name: "The draft title" })).toBeVisible();
    const bar = await expectPreviewBar(page);
    expect(
      sanity.api.requests.some(
        (request) =>
          request.url.searchParams.get("perspective") === "drafts" &&
          request.authorization === `Bearer ${SANITY_READ_TOKEN}`,
      ),
    ).toBe(true);

    await bar.getByRole("link", { name: "Exit preview" }).click();
    await expect(page).toHaveURL(`${sanity.instance.url}/blog/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name: "The published title" })).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Preview" })).toHaveCount(0);
  });
});
