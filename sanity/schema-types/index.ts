/** Every document type of the Happr site, for the Studio (sanity.config.ts) and TypeGen. */
import { author } from "./author";
import { category } from "./category";
import { faqEntry } from "./faq-entry";
import { homePage } from "./home-page";
import { infoPage } from "./info-page";
import { landingPage } from "./landing-page";
import { post } from "./post";
import { siteSettings } from "./site-settings";

export const schemaTypes = [siteSettings, homePage, landingPage, infoPage, faqEntry, category, author, post];

/** Documents that exist once, under a fixed id equal to their type. */
export const singletonTypes = ["siteSettings", "homePage"] as const;

export { author, category, faqEntry, homePage, infoPage, landingPage, post, siteSettings };
