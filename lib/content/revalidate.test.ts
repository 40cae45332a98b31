import { describe, expect, it } from "vitest";
import { revalidatePayloadSchema, revalidationTags } from "./revalidate";
import { documentTag, typeTag } from "./tags";

describe("revalidationTags", () => {
  it("a post: the type's tag (lists, home, sitemap) and the post's own", () => {
    expect(revalidationTags({ _type: "post", slug: "screen-time-rules" })).toEqual(["post", "post:screen-time-rules"]);
    expect(revalidationTags({ _type: "post" })).toEqual(["post"]);
  });

  it("a landing page is keyed by its path, not a slug", () => {
    expect(revalidationTags({ _type: "landingPage", path: "/core-features/my-habits", slug: null })).toEqual([
      "landingPage",
      "landingPage:/core-features/my-habits",
    ]);
  });

  it("singletons and shared types: the type's tag only", () => {
    expect(revalidationTags({ _type: "siteSettings" })).toEqual(["siteSettings"]);
    expect(revalidationTags({ _type: "author", slug: "sam" })).toEqual(["author", "author:sam"]);
  });

  it("the tags are the ones the content fetches carry", () => {
    expect(revalidationTags({ _type: "infoPage", slug: "about-us" })).toContain(documentTag("infoPage", "about-us"));
    expect(revalidationTags({ _type: "faqEntry" })).toEqual([typeTag("faqEntry")]);
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
    [{ _type: "post,siteSettings" }, "_type"],
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
