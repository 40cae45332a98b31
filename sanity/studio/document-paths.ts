/**
 * Where each document shows on the site: the Studio's preview links (Presentation's locations) and
 * nothing else. Pure, so the Studio and the tests share it.
 */

export type DocumentForPath = {
  _type: string;
  slug?: { current?: string } | null;
  path?: string | null;
};

/** Info pages whose slug has a route of its own keep that route's path (/blog, /faq, ...), like every other. */
export function documentPath(document: DocumentForPath): string | null {
  const slug = document.slug?.current;
  switch (document._type) {
    case "homePage":
    case "siteSettings":
      return "/";
    case "post":
      return slug ? `/blog/${slug}` : null;
    case "landingPage":
      return document.path ?? null;
    case "infoPage":
      return slug ? `/${slug}` : null;
    case "faqEntry":
      return "/faq";
    case "category":
    case "author":
      return "/blog";
    default:
      return null;
  }
}
