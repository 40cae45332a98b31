import { describe, expect, it } from "vitest";
import { firstPostPath, sitemapPaths } from "./lighthouse";

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

describe("sitemapPaths", () => {
  it("returns each listed page's path once, in the sitemap's order", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>https://happr.example</loc><lastmod>2026-11-01</lastmod></url>
<url><loc>https://happr.example/blog/page/2</loc></url>
<url>
  <loc> https://happr.example/for-you/parents-guardians </loc>
</url>
<url><loc>https://happr.example/blog/page/2</loc></url>
</urlset>`;
    expect(sitemapPaths(xml)).toEqual(["/", "/blog/page/2", "/for-you/parents-guardians"]);
    expect(sitemapPaths("<urlset></urlset>")).toEqual([]);
  });
});
