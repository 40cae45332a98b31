/**
 * The shapes the site reads from the content source, named. Each is the result type Sanity TypeGen
 * generated for one GROQ query of ./queries.ts (./sanity.types.ts, `npm run typegen`), after the
 * run-time check of ./validate.ts, which also guarantees what TypeGen cannot know: an image's asset
 * reference is there (its size and format come from it).
 */
import type {
  FaqEntriesQueryResult,
  HomePageQueryResult,
  InfoPageQueryResult,
  LandingPageQueryResult,
  PostQueryResult,
  PostsPageQueryResult,
  SiteSettingsQueryResult,
} from "./sanity.types";

/** T with every image's asset reference present (see ./validate.ts). */
type Checked<T> = T extends { asset: { _ref: string | null } }
  ? { [K in keyof T]: K extends "asset" ? { _ref: string } : Checked<T[K]> }
  : T extends (infer U)[]
    ? Checked<U>[]
    : T extends object
      ? { [K in keyof T]: Checked<T[K]> }
      : T;

export type SiteSettings = Checked<NonNullable<SiteSettingsQueryResult>>;
export type HomePage = Checked<NonNullable<HomePageQueryResult>>;
export type LandingPage = Checked<NonNullable<LandingPageQueryResult>>;
export type InfoPage = Checked<NonNullable<InfoPageQueryResult>>;
export type Post = Checked<NonNullable<PostQueryResult>>;
export type PostSummary = Checked<PostsPageQueryResult["posts"][number]>;
export type FaqEntry = FaqEntriesQueryResult[number];

export type ContentImage = SiteSettings["ogImage"];
export type NavGroup = SiteSettings["navigation"][number];
export type NavLink = NavGroup["items"][number];
export type LandingKind = LandingPage["kind"];
export type LandingPageSummary = HomePage["audiences"][number];
export type Highlight = LandingPage["highlights"][number];
export type Section = LandingPage["sections"][number];
export type Seo = LandingPage["seo"];
export type Category = PostSummary["categories"][number];
export type Author = Post["author"];
/** Portable Text as the schema allows it (paragraphs, headings, quotes, bullets, links). */
export type PortableTextBody = InfoPage["body"];

/** One page of the blog (the route's view of postsPageQuery). */
export type PostsPage = {
  posts: PostSummary[];
  total: number;
  page: number;
  pageCount: number;
};

export const POSTS_PER_PAGE = 6;
