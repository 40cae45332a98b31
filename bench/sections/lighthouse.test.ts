import { describe, expect, it } from "vitest";
import { firstPostPath } from "./lighthouse";

describe("firstPostPath", () => {
  const base = "http://localhost:3100";

  it("returns the first post link, skipping the listing, feeds and other origins", () => {
    const html = `
      <a href="/blog">Blog</a>
      <a href="/blog/page/2">Older</a>
      <a href="/blog/feed.xml">RSS</a>
      <a href="https://example.com/blog/elsewhere">Elsewhere</a>
      <a class="card" href="/blog/newest-family-goals">Newest</a>
      <a href="/blog/older-post">Older post</a>`;
    expect(firstPostPath(html, base)).toBe("/blog/newest-family-goals");
  });

  it("accepts absolute same-origin links and returns undefined when there is no post", () => {
    expect(firstPostPath(`<a href="http://localhost:3100/blog/feeding-routines/">x</a>`, base)).toBe(
      "/blog/feeding-routines/",
    );
    expect(firstPostPath(`<a href="/blog">x</a><link href="/blog/x.css">`, base)).toBeUndefined();
  });
});
