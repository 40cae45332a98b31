/**
 * The typed functions over a swapped-in source: missing singletons fail loudly, invalid content is
 * reported with the query and field, and pagination maths.
 */
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ContentSource } from "./port";

const state = vi.hoisted(() => ({ source: undefined as ContentSource | undefined }));
vi.mock("./source", () => ({ getContentSource: async () => state.source }));

const { createBundledSource } = await import("./bundled-source");
const content = await import("./index");

const fixture = createBundledSource(path.join(import.meta.dirname, "__fixtures__", "data.ndjson"));
const answering = (value: unknown): ContentSource => ({ kind: "bundled", fetch: async <T>() => value as T });

beforeEach(() => {
  state.source = fixture;
});

describe("typed content functions", () => {
  it("read the fixture", async () => {
    expect((await content.getSiteSettings()).title).toBe("Fixture");
    expect((await content.getHomePage()).latestPosts).toHaveLength(3);
    expect(await content.getLandingPaths("audience")).toEqual(["/for-you/a", "/for-you/b"]);
    expect((await content.getFaqEntries()).map((f) => f.category)).toEqual(["Safety", "General"]);
    expect((await content.getPost("post-3"))?.author.name).toBe("Ada");
    expect(await content.getPost("missing")).toBeNull();
    expect(await content.getInfoPage("missing")).toBeNull();
    expect(await content.getLandingPage("/nope")).toBeNull();
    expect((await content.getPostSlugs()).map((s) => s.slug)).toHaveLength(8);
  });

  it("page the posts: 1-based, pageCount = ceil(total / 6)", async () => {
    const first = await content.getPostsPage(1);
    expect([first.posts.length, first.total, first.page, first.pageCount]).toEqual([6, 8, 1, 2]);
    const second = await content.getPostsPage(2);
    expect(second.posts.map((p) => p.slug)).toEqual(["post-2", "post-1"]);
    expect((await content.getPostsPage(3)).posts).toEqual([]);
    await expect(content.getPostsPage(1.5)).rejects.toThrow(RangeError);
    expect([0, 1, 6, 7, 12, 13].map(content.pageCountFor)).toEqual([1, 1, 1, 2, 2, 3]);
  });

  it("throw a clear error when a required singleton is missing", async () => {
    state.source = answering(null);
    await expect(content.getSiteSettings()).rejects.toThrow(/"siteSettings" document is missing/);
    await expect(content.getHomePage()).rejects.toThrow(/"homePage" document is missing/);
  });

  it("name the query and the field of invalid content", async () => {
    state.source = answering({ title: "Post", slug: "Not A Slug", excerpt: "", publishedAt: "yesterday" });
    const error = await content.getPost("x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(content.ContentError);
    expect(String(error)).toMatch(/"post"/);
    expect(String(error)).toMatch(/slug: must be a slug/);
    expect(String(error)).toMatch(/publishedAt: must be an ISO 8601/);

    state.source = answering({ posts: [], total: -1 });
    await expect(content.getPostsPage(1)).rejects.toThrow(/postsPage[\s\S]*total/);
  });
});
