/**
 * Every content query on the real bundled dataset (sanity/dataset/data.ndjson), through the same
 * typed functions the pages call, plus the dataset's integrity: references and image files.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";

// The bundled source, whatever the shell running the tests has set.
vi.stubEnv("SANITY_PROJECT_ID", "");
vi.stubEnv("SANITY_DATASET", "");

// Outside Next there is no data cache: record the tags each fetch is kept under, and run it.
const cached = vi.hoisted(() => ({ tags: [] as string[][] }));
vi.mock("next/cache", () => ({
  unstable_cache:
    <T>(run: () => Promise<T>, _key: string[], options: { tags: string[]; revalidate: number }) =>
    () => {
      cached.tags.push(options.tags);
      expect(options.revalidate).toBe(3600);
      return run();
    },
}));

const content = await import("./index");
const { bundledDatasetPath, loadDataset } = await import("./bundled-source");
const { bundledImagesDir, readBundledImage } = await import("./bundled-images");
const { buildImageProps } = await import("./image");
const { imageFileName, parseImageRef } = await import("./image-ref");
const { readImageSize } = await import("./image-size");
type SanityDocument = Awaited<ReturnType<typeof loadDataset>>[number];
type PostSummary = import("./types").PostSummary;

const expectedPaths = {
  audience: [
    "/for-you/parents-guardians",
    "/for-you/young-intellectuals",
    "/for-you/goal-achievers",
    "/for-you/discreet-navigators",
  ],
  feature: [
    "/core-features/my-vision-board",
    "/core-features/my-safe-circle",
    "/core-features/my-calendar",
    "/features/happr-lounge-mini",
    "/core-features/happr-cam",
    "/core-features/my-habits",
  ],
  pillar: [
    "/the-responsibility-framework/mindset",
    "/the-responsibility-framework/safety-first",
    "/the-responsibility-framework/ethical-ai-use",
    "/the-responsibility-framework/respect-and-inclusivity",
    "/the-responsibility-framework/integrated-well-being",
  ],
} as const;

const infoSlugs = ["about-us", "privacy", "support", "contact", "faq", "coming-soon", "planform", "blog"];

let documents: SanityDocument[];

beforeAll(async () => {
  expect(existsSync(bundledDatasetPath()), `${bundledDatasetPath()} must exist`).toBe(true);
  documents = await loadDataset();
});

/** Every value in a document tree, with its path, for the integrity checks. */
function* walk(value: unknown, at: string): Generator<[string, Record<string, unknown>]> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* walk(item, `${at}[${index}]`);
  } else if (value && typeof value === "object") {
    yield [at, value as Record<string, unknown>];
    for (const [key, item] of Object.entries(value)) yield* walk(item, `${at}.${key}`);
  }
}

describe("site settings and home page", () => {
  it("reads the site settings with navigation and store links", async () => {
    const settings = await content.getSiteSettings();
    expect(settings.title).not.toBe("");
    expect(settings.navigation.length).toBeGreaterThanOrEqual(3);
    expect(settings.navigation.every((group) => group.items.length > 0)).toBe(true);
    expect(settings.appStoreUrl).toMatch(/^https:\/\//);
    expect(settings.playStoreUrl).toMatch(/^https:\/\//);
    expect(settings.videoChannelUrl).toMatch(/^https:\/\//);
  });

  it("reads the home page with the landing summaries in menu order and the 3 latest posts", async () => {
    const home = await content.getHomePage();
    expect(home).not.toBeNull();
    expect(home!.audiences.map((a) => a.path)).toEqual(await content.getLandingPaths("audience"));
    expect(home!.features.map((a) => a.path)).toEqual(await content.getLandingPaths("feature"));
    expect(home!.pillars.map((a) => a.path)).toEqual(await content.getLandingPaths("pillar"));
    expect(home!.audiences.every((a) => a.summary !== "")).toBe(true);
    const firstPage = await content.getPostsPage(1);
    expect(home!.latestPosts).toEqual(firstPage.posts.slice(0, 3));
  });
});

describe("landing pages", () => {
  it.each(Object.entries(expectedPaths))("has exactly the %s pages of the issue", async (kind, paths) => {
    const found = await content.getLandingPaths(kind as keyof typeof expectedPaths);
    expect(found).toEqual([...paths]); // menu order is the order of the issue
  });

  it.each(Object.values(expectedPaths).flat())("renders %s", async (pagePath) => {
    const page = await content.getLandingPage(pagePath);
    expect(page).not.toBeNull();
    expect(page!.path).toBe(pagePath);
    expect(page!.heading).not.toBe("");
    expect(page!.intro).not.toBe("");
    expect(page!.sections.length + page!.highlights.length).toBeGreaterThan(0);
    expect(page!.seo.description).not.toBe("");
  });

  it("returns null for an unknown path", async () => {
    expect(await content.getLandingPage("/for-you/nobody")).toBeNull();
  });
});

describe("info pages and FAQ", () => {
  it.each(infoSlugs)("has the %s page", async (slug) => {
    const page = await content.getInfoPage(slug);
    expect(page).not.toBeNull();
    expect(page!.slug).toBe(slug);
    expect(page!.heading).not.toBe("");
  });

  it("returns null for an unknown info page", async () => {
    expect(await content.getInfoPage("nope")).toBeNull();
  });

  it("has FAQ entries, each answered", async () => {
    const faq = await content.getFaqEntries();
    expect(faq.length).toBeGreaterThan(0);
    expect(faq.every((entry) => entry.question.endsWith("?") && entry.answer.length > 20)).toBe(true);
  });
});

describe("blog", () => {
  const drafts = () => documents.filter((doc) => doc._type === "post" && doc._id.startsWith("drafts."));
  const draftOnly = () =>
    drafts().filter((draft) => !documents.some((doc) => doc._id === draft._id.slice("drafts.".length)));
  const draftSlug = (doc: SanityDocument) => (doc.slug as { current?: string } | undefined)?.current;

  it("pages 1, 2 and 3 hold 6, 6 and 3 posts, newest first, 15 in all", async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => content.getPostsPage(page)));
    expect(pages.map((p) => p.posts.length)).toEqual([6, 6, 3]);
    expect(pages.map((p) => [p.page, p.total, p.pageCount])).toEqual([
      [1, 15, 3],
      [2, 15, 3],
      [3, 15, 3],
    ]);
    const dates = pages.flatMap((p) => p.posts.map((post) => Date.parse(post.publishedAt)));
    for (let i = 1; i < dates.length; i++) expect(dates[i]!).toBeLessThan(dates[i - 1]!);
    expect(new Set(pages.flatMap((p) => p.posts.map((post) => post.slug))).size).toBe(15);
  });

  it("has no page 4 (posts empty, pageCount 3) and rejects page 0", async () => {
    expect(await content.getPostsPage(4)).toEqual({ posts: [], total: 15, page: 4, pageCount: 3 });
    await expect(content.getPostsPage(0)).rejects.toThrow(RangeError);
  });

  it("never shows the draft: not in pages, not by slug, not in the slugs", async () => {
    expect(draftOnly().length).toBeGreaterThanOrEqual(1);
    const listed: PostSummary[] = (await Promise.all([1, 2, 3].map((page) => content.getPostsPage(page)))).flatMap(
      (p) => p.posts,
    );
    const slugs = await content.getPostSlugs();
    const home = await content.getHomePage();
    for (const draft of draftOnly()) {
      const slug = draftSlug(draft);
      expect(slug).toBeTruthy();
      expect(listed.map((p) => p.slug)).not.toContain(slug);
      expect(listed.map((p) => p.title)).not.toContain(draft.title);
      expect(home!.latestPosts.map((p) => p.slug)).not.toContain(slug);
      expect(slugs.map((s) => s.slug)).not.toContain(slug);
      expect(await content.getPost(slug!)).toBeNull();
    }
  });

  it("lists every post's slug with its date, newest first", async () => {
    const slugs = await content.getPostSlugs();
    const listed = (await Promise.all([1, 2, 3].map((page) => content.getPostsPage(page)))).flatMap((p) => p.posts);
    expect(slugs).toEqual(listed.map((p) => ({ slug: p.slug, publishedAt: p.publishedAt })));
  });

  it("reads every post in full, each with a category, an author and a body; 4 or more categories in use", async () => {
    const slugs = await content.getPostSlugs();
    const used = new Set<string>();
    for (const { slug } of slugs) {
      const post = await content.getPost(slug);
      expect(post, slug).not.toBeNull();
      expect(post!.categories.length, slug).toBeGreaterThanOrEqual(1);
      for (const category of post!.categories) used.add(category.slug);
      expect(post!.author.name, slug).not.toBe("");
      expect(post!.body.length, slug).toBeGreaterThan(3);
      expect(post!.excerpt, slug).not.toBe("");
    }
    expect(used.size).toBeGreaterThanOrEqual(4);
  });

  it("returns null for an unknown post", async () => {
    expect(await content.getPost("no-such-post")).toBeNull();
  });
});

describe("dataset integrity", () => {
  it("resolves every reference to a published document", () => {
    const ids = new Set(documents.map((doc) => doc._id));
    for (const doc of documents) {
      for (const [at, node] of walk(doc, doc._id)) {
        if (node._type === "reference" || (typeof node._ref === "string" && !("_type" in node))) {
          expect(ids.has(node._ref as string), `${at} -> ${String(node._ref)}`).toBe(true);
        }
      }
    }
  });

  it("resolves every image to a file in sanity/dataset/images with the ref's dimensions, and alt text", async () => {
    const assets = new Map(documents.filter((doc) => doc._type === "sanity.imageAsset").map((doc) => [doc._id, doc]));
    let images = 0;
    for (const doc of documents) {
      for (const [at, node] of walk(doc, doc._id)) {
        if (node._type !== "image") continue;
        images += 1;
        const ref = (node.asset as { _ref?: string } | undefined)?._ref ?? "";
        const parsed = parseImageRef(ref);
        expect(parsed, `${at}: ${ref}`).not.toBeNull();
        const file = path.join(bundledImagesDir(), imageFileName(parsed!));
        expect(existsSync(file), `${at}: ${file}`).toBe(true);
        expect(readImageSize(await readFile(file)), file).toEqual({ width: parsed!.width, height: parsed!.height });
        if (!doc._id.startsWith("drafts.")) expect(String(node.alt ?? "").trim(), `${at}.alt`).not.toBe("");

        const asset = assets.get(ref);
        expect(asset, `asset document ${ref}`).toBeDefined();
        expect(asset!.path, `${ref}.path`).toBe(`images/${imageFileName(parsed!)}`);
        expect((asset!.metadata as { dimensions: unknown }).dimensions).toMatchObject({
          width: parsed!.width,
          height: parsed!.height,
        });

        const props = buildImageProps({ asset: { _ref: ref }, alt: "" }, 600, { kind: "bundled" });
        const served = await readBundledImage(props.src.slice("/content-images/".length));
        expect(served, props.src).not.toBeNull();
      }
    }
    expect(images).toBeGreaterThanOrEqual(15);
  });
});

describe("cache tags", () => {
  it("tag each answer with the types it reads and, for one document, that document", async () => {
    cached.tags.length = 0;
    await content.getPost("screen-time-rules-that-stick");
    await content.getPostsPage(1);
    await content.getLandingPage("/for-you/parents-guardians");
    await content.getSiteSettings();
    expect(cached.tags).toEqual([
      ["post:screen-time-rules-that-stick", "author", "category"],
      ["post", "category"],
      ["landingPage:/for-you/parents-guardians"],
      ["siteSettings"],
    ]);
  });
});
