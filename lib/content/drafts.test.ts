/**
 * Draft mode on both content sources: the same queries over the same fixture show an editor's drafts
 * (a draft copy of a published post, a post never published, the site settings' draft) only when
 * asked for drafts; the Sanity adapter needs its read token for them, and only sends it then.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBundledSource, loadDataset } from "./bundled-source";
import { overlayDrafts } from "./drafts";
import { startFakeSanityApi, type FakeSanityApi } from "./fake-sanity-api";
import { postQuery, postSlugsQuery, siteSettingsQuery } from "./queries";
import { createSanitySource } from "./sanity-source";
import type { ContentSource } from "./port";

const fixture = path.join(import.meta.dirname, "__fixtures__", "data.ndjson");
const token = "sk-fixture-read-token";
let api: FakeSanityApi;

beforeAll(async () => {
  api = await startFakeSanityApi(await loadDataset(fixture), 0, token);
});
afterAll(() => api.close());

describe("overlayDrafts", () => {
  it("puts a draft in its published document's place, adds a never-published draft, keeps the rest", () => {
    const view = overlayDrafts([
      { _id: "a", _type: "post", title: "A" },
      { _id: "drafts.a", _type: "post", title: "A edited" },
      { _id: "drafts.b", _type: "post", title: "B new" },
      { _id: "c", _type: "post", title: "C" },
    ]);
    expect(view).toEqual([
      { _id: "a", _type: "post", title: "A edited", _originalId: "drafts.a" },
      { _id: "c", _type: "post", title: "C", _originalId: "c" },
      { _id: "b", _type: "post", title: "B new", _originalId: "drafts.b" },
    ]);
    expect(view.some((document) => document._id.startsWith("drafts."))).toBe(false);
  });
});

const adapters: [string, () => ContentSource][] = [
  ["bundled", () => createBundledSource(fixture)],
  [
    "sanity",
    () => createSanitySource({ projectId: "happrtest", dataset: "production", apiHost: api.url, readToken: token }),
  ],
];

describe.each(adapters)("the %s source", (_name, make) => {
  const title = async (slug: string, draft: boolean) =>
    (await make().fetch<{ title: string } | null>(postQuery, { slug }, draft ? { draft: true } : { tags: ["post"] }))
      ?.title ?? null;

  it("answers the published version outside draft mode", async () => {
    expect(await title("post-1", false)).toBe("Post 1");
    expect(await title("draft-post", false)).toBeNull();
    expect((await make().fetch<{ title: string }>(siteSettingsQuery)).title).toBe("Fixture");
  });

  it("answers the drafts in draft mode", async () => {
    expect(await title("post-1", true)).toBe("Edited post 1 (draft)");
    expect(await title("draft-post", true)).toBe("Draft post");
    expect((await make().fetch<{ title: string }>(siteSettingsQuery, {}, { draft: true })).title).toBe("DRAFT TITLE");
    const slugs = await make().fetch<{ slug: string }[]>(postSlugsQuery, {}, { draft: true });
    expect(slugs.map((s) => s.slug)).toContain("draft-post");
    expect(slugs.filter((s) => s.slug === "post-1")).toHaveLength(1);
  });

  it("keeps answering the published version after a draft read (no shared state)", async () => {
    const source = make();
    await source.fetch(postQuery, { slug: "post-1" }, { draft: true });
    expect((await source.fetch<{ title: string }>(postQuery, { slug: "post-1" }))?.title).toBe("Post 1");
  });
});

describe("the Sanity source's token", () => {
  it("is sent with draft reads only, with perspective=drafts", async () => {
    const source = createSanitySource({
      projectId: "happrtest",
      dataset: "production",
      apiHost: api.url,
      readToken: token,
    });
    api.requests.length = 0;
    await source.fetch(postQuery, { slug: "post-1" });
    await source.fetch(postQuery, { slug: "post-1" }, { draft: true });
    const [published, draft] = api.requests;
    expect(published?.url.searchParams.get("perspective")).toBe("published");
    expect(published?.authorization).toBeUndefined();
    expect(draft?.url.searchParams.get("perspective")).toBe("drafts");
    expect(draft?.authorization).toBe(`Bearer ${token}`);
  });

  it("refuses a draft read without a read token instead of showing published content as a draft", async () => {
    const source = createSanitySource({ projectId: "happrtest", dataset: "production", apiHost: api.url });
    await expect(source.fetch(postQuery, { slug: "post-1" }, { draft: true })).rejects.toThrow(/SANITY_API_READ_TOKEN/);
  });

  it("is needed by the stand-in API as by Sanity's: a wrong token reads no drafts", async () => {
    const source = createSanitySource({
      projectId: "happrtest",
      dataset: "production",
      apiHost: api.url,
      readToken: "wrong",
    });
    await expect(source.fetch(postQuery, { slug: "post-1" }, { draft: true })).rejects.toThrow();
  });
});
