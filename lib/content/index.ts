/**
 * The site's content, typed. Pages are prerendered at build time and cached; each fetch is tagged
 * (./tags.ts) and the Sanity webhook (POST /api/revalidate) expires the tags of what changed. React's `cache` shares
 * one answer between a page and its generateMetadata within a render.
 */
import "server-only";
import { cache } from "react";
import { draftMode } from "next/headers";
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
import { getContentSource } from "./source";
import { type FetchOptions, type QueryParams } from "./port";
import { documentTag, typeTag } from "./tags";
import { POSTS_PER_PAGE } from "./types";
import type { FaqEntry, HomePage, InfoPage, LandingKind, LandingPage, Post, PostsPage, SiteSettings } from "./types";
import {
  checkResult,
  ContentError,
  faqEntriesSchema,
  homePageSchema,
  infoPageSchema,
  landingPageSchema,
  landingPathsSchema,
  postSchema,
  postSlugsSchema,
  postsPageResultSchema,
  siteSettingsSchema,
  type PostSlug,
} from "./validate";

export type { PostSlug } from "./validate";
export { ContentError } from "./validate";
export { imageProps, type ImageProps } from "./image";
export * from "./types";

/**
 * Whether this request is an editor's preview (GET /api/draft-mode/enable). Outside a request
 * (generateStaticParams, the build) there is no draft mode: only published content is prerendered.
 */
export async function isPreview(): Promise<boolean> {
  try {
    return (await draftMode()).isEnabled;
  } catch {
    return false;
  }
}

/** Runs one GROQ query on the configured content source; in draft mode, over drafts and uncached. */
async function fetchContent<T = unknown>(
  query: string,
  params: QueryParams = {},
  options: FetchOptions = {},
): Promise<T> {
  const source = await getContentSource();
  const draft = await isPreview();
  return source.fetch<T>(query, params, draft ? { draft: true } : options);
}

/** The types each query reads, as cache tags (a page showing post cards also reads categories). */
const tags = (...types: string[]) => ({ tags: types.map(typeTag) });

/** Throws when a required singleton is missing: the site cannot render without it. */
function requireSingleton(type: string, result: unknown): unknown {
  if (result === null) {
    throw new ContentError(`The "${type}" document is missing from the content source: create and publish it`);
  }
  return result;
}

export const getSiteSettings = cache(async (): Promise<SiteSettings> => {
  const result = requireSingleton("siteSettings", await fetchContent(siteSettingsQuery, {}, tags("siteSettings")));
  return checkResult("siteSettings", siteSettingsSchema, result);
});

export const getHomePage = cache(async (): Promise<HomePage> => {
  const result = requireSingleton(
    "homePage",
    await fetchContent(homePageQuery, {}, tags("homePage", "landingPage", "post", "category")),
  );
  return checkResult("homePage", homePageSchema, result);
});

/** `path` is the page's URL path, e.g. "/for-you/parents-guardians". */
export const getLandingPage = cache(async (path: string): Promise<LandingPage | null> => {
  const result = await fetchContent(landingPageQuery, { path }, { tags: [documentTag("landingPage", path)] });
  return result === null ? null : checkResult("landingPage", landingPageSchema, result);
});

/** The paths of one kind's landing pages in menu order (for generateStaticParams). */
export const getLandingPaths = cache(async (kind: LandingKind): Promise<string[]> => {
  return checkResult(
    "landingPaths",
    landingPathsSchema,
    await fetchContent(landingPathsQuery, { kind }, tags("landingPage")),
  );
});

export const getInfoPage = cache(async (slug: string): Promise<InfoPage | null> => {
  const result = await fetchContent(infoPageQuery, { slug }, { tags: [documentTag("infoPage", slug)] });
  return result === null ? null : checkResult("infoPage", infoPageSchema, result);
});

export const getFaqEntries = cache(async (): Promise<FaqEntry[]> => {
  return checkResult("faqEntries", faqEntriesSchema, await fetchContent(faqEntriesQuery, {}, tags("faqEntry")));
});

/** Rounds up: an empty blog still has one (empty) page. */
export function pageCountFor(total: number): number {
  return Math.max(1, Math.ceil(total / POSTS_PER_PAGE));
}

/**
 * One page of the blog, newest first. `page` is 1-based; a page past the last one returns
 * `posts: []` with the real `pageCount`, so the route can answer 404 (`page > pageCount`).
 */
export const getPostsPage = cache(async (page: number): Promise<PostsPage> => {
  if (!Number.isInteger(page) || page < 1) throw new RangeError(`Blog page must be a whole number from 1, got ${page}`);
  const start = (page - 1) * POSTS_PER_PAGE;
  const result = checkResult(
    "postsPage",
    postsPageResultSchema,
    await fetchContent(postsPageQuery, { start, end: start + POSTS_PER_PAGE }, tags("post", "category")),
  );
  return { posts: result.posts, total: result.total, page, pageCount: pageCountFor(result.total) };
});

export const getPost = cache(async (slug: string): Promise<Post | null> => {
  const result = await fetchContent(
    postQuery,
    { slug },
    { tags: [documentTag("post", slug), typeTag("author"), typeTag("category")] },
  );
  return result === null ? null : checkResult("post", postSchema, result);
});

/** Every published post's slug and publishedAt, newest first (sitemap, generateStaticParams). */
export const getPostSlugs = cache(async (): Promise<PostSlug[]> => {
  return checkResult("postSlugs", postSlugsSchema, await fetchContent(postSlugsQuery, {}, tags("post")));
});
