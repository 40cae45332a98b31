/**
 * One contract for both adapters of the content port: the same GROQ queries over the same fixture
 * give the same answers. The Sanity adapter talks HTTP to a fake of Sanity's query API
 * (GET /v<apiVersion>/data/query/<dataset>?query=...&$param=<JSON>&perspective=published) that
 * evaluates with groq-js, so this also checks what the adapter puts on the wire.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBundledSource, loadDataset } from "./bundled-source";
import { startFakeSanityApi, type FakeSanityApi } from "./fake-sanity-api";
import { postQuery, postsPageQuery, siteSettingsQuery, landingPathsQuery } from "./queries";
import { createSanitySource } from "./sanity-source";
import { createContentSource } from "./source";
import { type ContentSource } from "./port";

const fixture = path.join(import.meta.dirname, "__fixtures__", "data.ndjson");

let api: FakeSanityApi;
const requests = () => api.requests;

beforeAll(async () => {
  api = await startFakeSanityApi(await loadDataset(fixture));
});

afterAll(async () => {
  await api.close();
});

const adapters: [string, () => ContentSource][] = [
  ["bundled", () => createBundledSource(fixture)],
  [
    "sanity",
    () =>
      createSanitySource({
        projectId: "happrtest",
        dataset: "production",
        apiHost: api.url,
      }),
  ],
];

describe.each(adapters)("content source contract: %s", (_name, make) => {
  it("answers a singleton query", async () => {
    expect(await make().fetch(siteSettingsQuery)).toMatchObject({ title: "Fixture", tagline: "Tag" });
  });

  it("passes string params", async () => {
    expect(await make().fetch(postQuery, { slug: "post-2" })).toMatchObject({
      title: "Post 2",
      author: { name: "Ada" },
    });
    expect(await make().fetch(postQuery, { slug: "draft-post" })).toBeNull();
    expect(await make().fetch(landingPathsQuery, { kind: "feature" })).toEqual(["/core-features/f"]);
  });

  it("passes number params into slices", async () => {
    const page = await make().fetch<{ posts: { slug: string }[]; total: number }>(postsPageQuery, {
      start: 6,
      end: 12,
    });
    expect(page.total).toBe(8);
    expect(page.posts.map((p) => p.slug)).toEqual(["post-2", "post-1"]);
  });
});

describe("sanity adapter on the wire", () => {
  it("reads published documents from the API version 2024-03-11, without a token or the CDN", async () => {
    requests().length = 0;
    const source = createSanitySource({
      projectId: "happrtest",
      dataset: "production",
      apiHost: api.url,
    });
    await source.fetch(postQuery, { slug: "post-1" });
    expect(requests()).toHaveLength(1);
    const [{ url, authorization }] = requests() as [FakeSanityApi["requests"][number]];
    expect(url.pathname).toBe("/v2024-03-11/data/query/production");
    expect(url.searchParams.get("perspective")).toBe("published");
    expect(url.searchParams.get("$slug")).toBe('"post-1"');
    expect(authorization).toBeUndefined();
  });
});

describe("createContentSource", () => {
  it("picks the adapter from the configuration", async () => {
    expect((await createContentSource({ kind: "bundled" })).kind).toBe("bundled");
    expect(
      (await createContentSource({ kind: "sanity", projectId: "abc", dataset: "production", apiVersion: "2024-03-11" }))
        .kind,
    ).toBe("sanity");
  });
});
