import { describe, expect, it } from "vitest";
import { revalidatePayloadSchema, revalidationTargets } from "./revalidate";

describe("revalidationTargets", () => {
  it("a post: its page, the blog and its pages, home and the sitemap", () => {
    expect(revalidationTargets({ _type: "post", slug: "screen-time-rules" })).toEqual([
      { path: "/blog/screen-time-rules" },
      { path: "/blog", type: "layout" },
      { path: "/" },
      { path: "/sitemap.xml" },
    ]);
    expect(revalidationTargets({ _type: "post" })).toEqual([
      { path: "/blog", type: "layout" },
      { path: "/" },
      { path: "/sitemap.xml" },
    ]);
  });

  it("a landing page: its path and home; without a path, everything", () => {
    expect(revalidationTargets({ _type: "landingPage", path: "/core-features/my-habits" })).toEqual([
      { path: "/core-features/my-habits" },
      { path: "/" },
      { path: "/sitemap.xml" },
    ]);
    expect(revalidationTargets({ _type: "landingPage" })).toEqual([{ path: "/", type: "layout" }]);
  });

  it("site settings: the whole layout", () => {
    expect(revalidationTargets({ _type: "siteSettings" })).toEqual([{ path: "/", type: "layout" }]);
  });

  it("an info page: /<slug>; a FAQ entry: /faq; the home page: /", () => {
    expect(revalidationTargets({ _type: "infoPage", slug: "about-us" })).toEqual([{ path: "/about-us" }, { path: "/sitemap.xml" }]);
    expect(revalidationTargets({ _type: "faqEntry" })).toEqual([{ path: "/faq" }]);
    expect(revalidationTargets({ _type: "homePage" })).toEqual([{ path: "/" }]);
  });

  it("categories and authors: the blog and home", () => {
    expect(revalidationTargets({ _type: "category", slug: "safety" })).toEqual([{ path: "/blog", type: "layout" }, { path: "/" }]);
    expect(revalidationTargets({ _type: "author" })).toEqual([{ path: "/blog", type: "layout" }, { path: "/" }]);
  });

  it("an unknown type: everything", () => {
    expect(revalidationTargets({ _type: "sanity.imageAsset" })).toEqual([{ path: "/", type: "layout" }]);
  });
});

describe("revalidatePayloadSchema", () => {
  it("accepts Sanity's projection, with null for absent fields", () => {
    expect(revalidatePayloadSchema.parse({ _type: "post", slug: "a-b", path: null, _id: "x" })).toEqual({
      _type: "post",
      slug: "a-b",
      path: null,
    });
  });

  it.each([
    [{}, "_type"],
    [{ _type: "post", slug: "../etc" }, "slug"],
    [{ _type: "post", slug: "A B" }, "slug"],
    [{ _type: "landingPage", path: "https://evil.example/" }, "path"],
    [{ _type: "landingPage", path: "//evil.example" }, "path"],
    [{ _type: "landingPage", path: "/a/../b" }, "path"],
  ])("rejects %j naming %s", (payload, field) => {
    const result = revalidatePayloadSchema.safeParse(payload);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});
