/**
 * The queries on a small fixture through the bundled adapter: drafts (including a draft copy of a
 * published document) never show, ordering, pagination slices and coalesced fields.
 */
import path from "node:path";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBundledSource, loadDataset, parseNdjson } from "./bundled-source";
import {
  faqEntriesQuery,
  homePageQuery,
  infoPageQuery,
  landingPageQuery,
  landingPathsQuery,
  postQuery,
  postSlugsQuery,
  postsPageQuery,
  siteSettingsQuery,
} from "./queries";
import {
  checkResult,
  faqEntriesSchema,
  homePageSchema,
  landingPageSchema,
  postSchema,
  postsPageResultSchema,
  siteSettingsSchema,
} from "./validate";

const fixture = path.join(import.meta.dirname, "__fixtures__", "data.ndjson");
const source = createBundledSource(fixture);

describe("bundled source on the fixture", () => {
  it("reads the published singleton, not its draft", async () => {
    const settings = checkResult("siteSettings", siteSettingsSchema, await source.fetch(siteSettingsQuery));
    expect(settings.title).toBe("Fixture");
    expect(settings.navigation[0]?.items[0]).toEqual({ label: "Parents", href: "/for-you/parents", external: false });
    expect(settings.ogImage).toEqual({ asset: { _ref: "image-abc123-1200x630-png" }, alt: "Logo" });
  });

  it("builds the home page with summaries in order and the 3 latest posts", async () => {
    const home = checkResult("homePage", homePageSchema, await source.fetch(homePageQuery));
    expect(home.audiences.map((a) => a.path)).toEqual(["/for-you/a", "/for-you/b"]);
    expect(home.features.map((a) => a.path)).toEqual(["/core-features/f"]);
    expect(home.pillars).toEqual([]);
    expect(home.latestPosts.map((p) => p.slug)).toEqual(["post-8", "post-7", "post-6"]);
    expect(home.seo).toEqual({ title: "Home", description: "Intro" });
  });

  it("finds a landing page by path, with seo falling back to title and intro", async () => {
    const a = checkResult(
      "landingPage",
      landingPageSchema,
      await source.fetch(landingPageQuery, { path: "/for-you/a" }),
    );
    expect(a.seo).toEqual({ title: "SEO A", description: "SEO desc A" });
    expect(a.highlights).toEqual([]);
    expect(a.sections).toEqual([]);
    const b = checkResult(
      "landingPage",
      landingPageSchema,
      await source.fetch(landingPageQuery, { path: "/for-you/b" }),
    );
    expect(b.seo).toEqual({ title: "B", description: "IB" });
    expect(b.sections[0]?.body[0]).toMatchObject({ _type: "block", style: "normal" });
    expect(await source.fetch(landingPageQuery, { path: "/for-you/draft" })).toBeNull();
    expect(await source.fetch(landingPathsQuery, { kind: "audience" })).toEqual(["/for-you/a", "/for-you/b"]);
  });

  it("finds info pages by slug, FAQ in order", async () => {
    expect(await source.fetch(infoPageQuery, { slug: "about-us" })).toMatchObject({
      slug: "about-us",
      heading: "About us",
    });
    expect(await source.fetch(infoPageQuery, { slug: "nope" })).toBeNull();
    const faq = checkResult("faq", faqEntriesSchema, await source.fetch(faqEntriesQuery));
    expect(faq.map((f) => f.question)).toEqual(["First?", "Second?"]);
  });

  it("pages posts newest first with the total, never a draft", async () => {
    const pages = [];
    for (const start of [0, 6, 12]) {
      pages.push(
        checkResult("postsPage", postsPageResultSchema, await source.fetch(postsPageQuery, { start, end: start + 6 })),
      );
    }
    expect(pages.map((p) => p.posts.length)).toEqual([6, 2, 0]);
    expect(pages.map((p) => p.total)).toEqual([8, 8, 8]);
    expect(pages.flatMap((p) => p.posts.map((post) => post.slug))).toEqual([
      "post-8",
      "post-7",
      "post-6",
      "post-5",
      "post-4",
      "post-3",
      "post-2",
      "post-1",
    ]);
    expect(pages[0]?.posts[0]?.categories).toEqual([{ title: "Cat B", slug: "cat-b" }]);
  });

  it("returns a post by slug (published version), null for a draft-only slug", async () => {
    const post = checkResult("post", postSchema, await source.fetch(postQuery, { slug: "post-1" }));
    expect(post.title).toBe("Post 1");
    expect(post.author).toEqual({ name: "Ada", role: "Editor" });
    expect(post.seo).toEqual({ title: "Post 1", description: "Excerpt 1" });
    expect(await source.fetch(postQuery, { slug: "draft-post" })).toBeNull();
    const slugs = await source.fetch<{ slug: string }[]>(postSlugsQuery);
    expect(slugs.map((s) => s.slug)).not.toContain("draft-post");
    expect(slugs).toHaveLength(8);
  });
});

describe("parseNdjson", () => {
  it("reads one document a line and skips blank lines", () => {
    expect(parseNdjson('{"_id":"a","_type":"t"}\n\n{"_id":"b","_type":"t"}\n')).toHaveLength(2);
  });

  it("names the line of a bad document", () => {
    expect(() => parseNdjson('{"_id":"a","_type":"t"}\n{oops', "x.ndjson")).toThrow(/x\.ndjson:2: not valid JSON/);
    expect(() => parseNdjson('{"_type":"t"}', "x.ndjson")).toThrow(/x\.ndjson:1: a document needs/);
    expect(() => parseNdjson('{"_id":"a","_type":"t"}\n{"_id":"a","_type":"t"}')).toThrow(/duplicate _id "a"/);
  });
});

describe("loadDataset", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "content-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("reads the file once per process", async () => {
    const file = path.join(dir, "once.ndjson");
    await writeFile(file, '{"_id":"a","_type":"t"}\n');
    const first = await loadDataset(file);
    await writeFile(file, '{"_id":"a","_type":"t"}\n{"_id":"b","_type":"t"}\n');
    expect(await loadDataset(file)).toBe(first);
  });

  it("explains a missing dataset, and retries once it exists", async () => {
    const file = path.join(dir, "later.ndjson");
    await expect(loadDataset(file)).rejects.toThrow(/bundled content dataset .* is missing/);
    await writeFile(file, '{"_id":"a","_type":"t"}\n');
    expect(await loadDataset(file)).toHaveLength(1);
  });
});
