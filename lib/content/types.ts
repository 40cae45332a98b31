/**
 * The shapes the site reads from the content source (Sanity, or the bundled dataset). Each is the
 * typed result of one GROQ query in ./queries.ts.
 */
import type { PortableTextBlock } from "@portabletext/react";

/** A Sanity image field: asset._ref is "image-<assetId>-<width>x<height>-<ext>". */
export type ContentImage = {
  asset: { _ref: string };
  alt: string;
};

export type NavLink = { label: string; href: string; external?: boolean };
export type NavGroup = { title: string; items: NavLink[] };

export type SiteSettings = {
  title: string;
  tagline: string;
  description: string;
  navigation: NavGroup[];
  footerLinks: NavLink[];
  appStoreUrl: string;
  playStoreUrl: string;
  videoChannelUrl: string;
  ogImage: ContentImage;
};

export type LandingKind = "audience" | "feature" | "pillar";

export type Highlight = { title: string; text: string };

export type Section = { heading: string; body: PortableTextBlock[] };

export type Seo = { title: string; description: string };

export type LandingPageSummary = {
  kind: LandingKind;
  path: string;
  title: string;
  summary: string;
};

export type LandingPage = LandingPageSummary & {
  eyebrow: string;
  heading: string;
  intro: string;
  heroImage: ContentImage;
  highlights: Highlight[];
  sections: Section[];
  seo: Seo;
};

export type HomePage = {
  heading: string;
  intro: string;
  heroImage: ContentImage;
  primaryCta: NavLink;
  secondaryCta: NavLink;
  audiences: LandingPageSummary[];
  features: LandingPageSummary[];
  pillars: LandingPageSummary[];
  latestPosts: PostSummary[];
  seo: Seo;
};

/** about-us, privacy, support, contact, faq, coming-soon, planform, blog */
export type InfoPage = {
  slug: string;
  title: string;
  heading: string;
  intro: string;
  body: PortableTextBlock[];
  seo: Seo;
};

export type FaqEntry = { question: string; answer: string; category: string };

export type Category = { title: string; slug: string };

export type Author = { name: string; role: string };

export type PostSummary = {
  title: string;
  slug: string;
  excerpt: string;
  publishedAt: string; // ISO 8601
  mainImage: ContentImage;
  categories: Category[];
};

export type Post = PostSummary & {
  author: Author;
  body: PortableTextBlock[];
  seo: Seo;
};

export type PostsPage = {
  posts: PostSummary[];
  total: number;
  page: number;
  pageCount: number;
};

export const POSTS_PER_PAGE = 6;
