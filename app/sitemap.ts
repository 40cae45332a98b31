import type { MetadataRoute } from "next";
import { getConfig } from "@/lib/config";
import { getLandingPaths, getPostSlugs, getPostsPage } from "@/lib/content";
import { blogPageHref } from "@/components/site/blog-list";

// Every public page and post. Landing pages and posts come from the content source.
const fixedPaths = [
  "/",
  "/planform",
  "/about-us",
  "/privacy",
  "/support",
  "/contact",
  "/faq",
  "/blog",
  "/coming-soon",
  "/moderation-report",
];

// Refreshed by the webhook through its fetches' tags; the hour is the fallback (see app/layout.tsx).
export const revalidate = 3600;

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const siteUrl = getConfig().siteUrl;
  const [audiences, features, pillars, posts, firstPage] = await Promise.all([
    getLandingPaths("audience"),
    getLandingPaths("feature"),
    getLandingPaths("pillar"),
    getPostSlugs(),
    getPostsPage(1),
  ]);
  const blogPages = Array.from({ length: Math.max(0, firstPage.pageCount - 1) }, (_, index) => blogPageHref(index + 2));
  return [
    ...[...fixedPaths, ...audiences, ...features, ...pillars, ...blogPages].map((path) => ({
      url: `${siteUrl}${path === "/" ? "" : path}`,
    })),
    ...posts.map((post) => ({ url: `${siteUrl}/blog/${post.slug}`, lastModified: post.publishedAt })),
  ];
}
