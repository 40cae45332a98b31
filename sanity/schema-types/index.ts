/** Every document type of the Happr site, for a Sanity Studio's `schema: { types: schemaTypes }`. */
import { author } from "./author";
import { category } from "./category";
import { faqEntry } from "./faq-entry";
import { homePage } from "./home-page";
import { infoPage } from "./info-page";
import { landingPage } from "./landing-page";
import { post } from "./post";
import { siteSettings } from "./site-settings";
import type { DocumentDefinition } from "./types";

export const schemaTypes: DocumentDefinition[] = [
  siteSettings,
  homePage,
  landingPage,
  infoPage,
  faqEntry,
  category,
  author,
  post,
];

/** Documents that exist once, under a fixed id equal to their type. */
export const singletonTypes = ["siteSettings", "homePage"] as const;

export { author, category, faqEntry, homePage, infoPage, landingPage, post, siteSettings };
export type { DocumentDefinition, FieldDefinition, Rule } from "./types";
