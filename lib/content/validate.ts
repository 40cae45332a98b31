/**
 * Run-time checks of what the content source answers. Content is edited by people in a CMS: a
 * missing required field must stop the build with a message naming the query and the field, rather
 * than render a broken page. Each schema is tied to its type in ./types.ts by `z.ZodType<T>`.
 */
import { z } from "zod";
import { parseImageRef } from "./image-ref";
import type {
  ContentImage,
  FaqEntry,
  HomePage,
  InfoPage,
  LandingKind,
  LandingPage,
  LandingPageSummary,
  NavGroup,
  NavLink,
  Post,
  PortableTextBody,
  PostSummary,
  Seo,
  SiteSettings,
} from "./types";

const text = z.string().trim().min(1, "must not be empty");

const portableText: z.ZodType<PortableTextBody> = z.array(
  z.custom<PortableTextBody[number]>(
    (value) => typeof value === "object" && value !== null && typeof (value as { _type?: unknown })._type === "string",
    "must be a Portable Text block with a _type",
  ),
);

const contentImage: z.ZodType<ContentImage> = z.object({
  asset: z.object({
    _ref: z
      .string()
      .refine((ref) => parseImageRef(ref) !== null, "must be an image reference image-<id>-<w>x<h>-<ext>"),
  }),
  alt: text,
});

const navLink: z.ZodType<NavLink> = z.object({
  label: text,
  href: z.string().regex(/^(\/|https?:\/\/|mailto:)/, "must start with /, http(s):// or mailto:"),
  external: z.boolean().default(false),
});

const navGroup: z.ZodType<NavGroup> = z.object({ title: text, items: z.array(navLink) });

const seo: z.ZodType<Seo> = z.object({ title: text, description: z.string() });

const landingKind: z.ZodType<LandingKind> = z.enum(["audience", "feature", "pillar"]);

const landingPageSummary: z.ZodType<LandingPageSummary> = z.object({
  path: z.string().regex(/^(\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/, "must be a URL path such as /for-you/parents-guardians"),
  title: text,
  summary: z.string(),
});

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a slug (lower-case letters, digits, dashes)");

const postSummaryShape = {
  title: text,
  slug,
  excerpt: z.string(),
  publishedAt: z.iso.datetime({ offset: true, message: "must be an ISO 8601 date-time" }),
  mainImage: contentImage,
  categories: z.array(z.object({ title: text, slug })),
};

const postSummarySchema: z.ZodType<PostSummary> = z.object(postSummaryShape);

export const siteSettingsSchema: z.ZodType<SiteSettings> = z.object({
  title: text,
  tagline: z.string(),
  description: z.string(),
  navigation: z.array(navGroup),
  footerLinks: z.array(navLink),
  appStoreUrl: z.url(),
  playStoreUrl: z.url(),
  videoChannelUrl: z.url(),
  ogImage: contentImage,
});

export const homePageSchema: z.ZodType<HomePage> = z.object({
  heading: text,
  intro: z.string(),
  heroImage: contentImage,
  primaryCta: navLink,
  secondaryCta: navLink,
  audiences: z.array(landingPageSummary),
  features: z.array(landingPageSummary),
  pillars: z.array(landingPageSummary),
  latestPosts: z.array(postSummarySchema),
  seo,
});

export const landingPageSchema: z.ZodType<LandingPage> = z.intersection(
  landingPageSummary,
  z.object({
    kind: landingKind,
    eyebrow: z.string(),
    heading: text,
    intro: z.string(),
    heroImage: contentImage,
    highlights: z.array(z.object({ title: text, text: text })),
    sections: z.array(z.object({ heading: text, body: portableText })),
    seo,
  }),
);

export const landingPathsSchema: z.ZodType<string[]> = z.array(z.string().startsWith("/"));

export const infoPageSchema: z.ZodType<InfoPage> = z.object({
  slug,
  title: text,
  heading: text,
  intro: z.string(),
  body: portableText,
  seo,
});

export const faqEntriesSchema: z.ZodType<FaqEntry[]> = z.array(
  z.object({ question: text, answer: text, category: text }),
);

export const postsPageResultSchema = z.object({
  posts: z.array(postSummarySchema),
  total: z.number().int().nonnegative(),
});

export const postSchema: z.ZodType<Post> = z.object({
  ...postSummaryShape,
  author: z.object({ name: text, role: z.string() }, { message: "must reference an author" }),
  body: portableText,
  seo,
});

export type PostSlug = { slug: string; publishedAt: string };

export const postSlugsSchema: z.ZodType<PostSlug[]> = z.array(
  z.object({ slug, publishedAt: postSummaryShape.publishedAt }),
);

export class ContentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ContentError";
  }
}

/** Checks one query's answer; `null` passes through when the query may find nothing. */
export function checkResult<T>(name: string, schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join(".") || "(result)"}: ${issue.message}`);
  throw new ContentError(`Content query "${name}" returned an invalid result:\n  ${lines.join("\n  ")}`);
}
