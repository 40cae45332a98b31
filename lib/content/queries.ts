/**
 * Every GROQ query the site runs, in one place. Sanity TypeGen (`npm run typegen`) reads the
 * `defineQuery` calls below and writes each result's type to ./sanity.types.ts (checked at run time
 * by ./validate.ts). The same strings run on Sanity and, through groq-js, on the bundled dataset, so
 * every query excludes drafts itself: the bundled dataset has no "published perspective" to do it.
 *
 * TypeGen evaluates the query text statically: the shared pieces are constants (no functions).
 */
import { defineQuery } from "next-sanity";

const published = `!(_id in path("drafts.**"))`;

/** A post is listed once it is published and has the fields its URL and ordering need. */
const listedPost = `_type == "post" && ${published} && defined(slug.current) && defined(publishedAt)`;

const imageProjection = `{ "asset": { "_ref": asset._ref }, "alt": coalesce(alt, "") }`;

const seoByIntro = `"seo": { "title": coalesce(seo.title, title), "description": coalesce(seo.description, intro, "") }`;

// What a card linking to a landing page shows (the lists are per kind, so their cards need no kind).
const landingSummary = `path, title, "summary": coalesce(summary, "")`;

const postSummary = `
  title,
  "slug": slug.current,
  "excerpt": coalesce(excerpt, ""),
  publishedAt,
  "mainImage": mainImage${imageProjection},
  "categories": coalesce((categories[]->{ title, "slug": slug.current })[defined(slug)], [])
`;

const landingOrder = `${published}] | order(order asc, path asc){ ${landingSummary} }`;

export const siteSettingsQuery = defineQuery(`
*[_type == "siteSettings" && ${published}][0]{
  title,
  "tagline": coalesce(tagline, ""),
  "description": coalesce(description, ""),
  "navigation": coalesce(navigation[]{
    title,
    "items": coalesce(items[]{ label, href, "external": coalesce(external, false) }, [])
  }, []),
  "footerLinks": coalesce(footerLinks[]{ label, href, "external": coalesce(external, false) }, []),
  appStoreUrl,
  playStoreUrl,
  videoChannelUrl,
  "ogImage": ogImage${imageProjection}
}`);

export const homePageQuery = defineQuery(`
*[_type == "homePage" && ${published}][0]{
  heading,
  "intro": coalesce(intro, ""),
  "heroImage": heroImage${imageProjection},
  "primaryCta": primaryCta{ label, href },
  "secondaryCta": secondaryCta{ label, href },
  "audiences": *[_type == "landingPage" && kind == "audience" && ${landingOrder},
  "features": *[_type == "landingPage" && kind == "feature" && ${landingOrder},
  "pillars": *[_type == "landingPage" && kind == "pillar" && ${landingOrder},
  "latestPosts": *[${listedPost}] | order(publishedAt desc, _id asc)[0...3]{ ${postSummary} },
  "seo": { "title": coalesce(seo.title, heading), "description": coalesce(seo.description, intro, "") }
}`);

/** Params: `path` (e.g. "/for-you/parents-guardians"). */
export const landingPageQuery = defineQuery(`
*[_type == "landingPage" && path == $path && ${published}][0]{
  kind,
  ${landingSummary},
  "eyebrow": coalesce(eyebrow, ""),
  heading,
  "intro": coalesce(intro, ""),
  "heroImage": heroImage${imageProjection},
  "highlights": coalesce(highlights[]{ title, text }, []),
  "sections": coalesce(sections[]{ heading, "body": coalesce(body, []) }, []),
  ${seoByIntro}
}`);

/** Params: `kind` ("audience" | "feature" | "pillar"). The landing pages' paths, in menu order. */
export const landingPathsQuery = defineQuery(`
*[_type == "landingPage" && kind == $kind && ${published} && defined(path)] | order(order asc, path asc).path`);

/** Params: `slug` (e.g. "about-us"). */
export const infoPageQuery = defineQuery(`
*[_type == "infoPage" && slug.current == $slug && ${published}][0]{
  "slug": slug.current,
  title,
  heading,
  "intro": coalesce(intro, ""),
  "body": coalesce(body, []),
  ${seoByIntro}
}`);

export const faqEntriesQuery = defineQuery(`
*[_type == "faqEntry" && ${published}] | order(order asc, question asc){
  question,
  answer,
  "category": coalesce(category, "General")
}`);

/** Params: `start`, `end` (a slice: posts start..end-1, newest first). */
export const postsPageQuery = defineQuery(`{
  "posts": *[${listedPost}] | order(publishedAt desc, _id asc)[$start...$end]{ ${postSummary} },
  "total": count(*[${listedPost}])
}`);

/** Params: `slug`. */
export const postQuery = defineQuery(`
*[${listedPost} && slug.current == $slug][0]{
  ${postSummary},
  "author": author->{ name, "role": coalesce(role, "") },
  "body": coalesce(body, []),
  "seo": { "title": coalesce(seo.title, title), "description": coalesce(seo.description, excerpt, "") }
}`);

/** Every listed post's slug and date, newest first (sitemap, static params). */
export const postSlugsQuery = defineQuery(`
*[${listedPost}] | order(publishedAt desc, _id asc){ "slug": slug.current, publishedAt }`);
