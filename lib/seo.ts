import type { Metadata } from "next";
import type { ContentImage, Seo } from "./content/types";
import { getSiteSettings, imageProps } from "./content";

/**
 * Title, description, canonical URL and Open Graph for one page (metadataBase makes the paths
 * absolute). A page's openGraph replaces the layout's, so pages without an image of their own get
 * the site's default Open Graph image here.
 */
export async function pageMetadata({
  seo,
  path,
  image,
  type = "website",
}: {
  seo: Seo;
  path: string;
  image?: ContentImage;
  type?: "website" | "article";
}): Promise<Metadata> {
  const og = imageProps(image ?? (await getSiteSettings()).ogImage, 1200);
  return {
    title: seo.title,
    description: seo.description,
    alternates: { canonical: path },
    openGraph: {
      type,
      url: path,
      title: seo.title,
      description: seo.description,
      images: [{ url: og.src, width: og.width, height: og.height, alt: og.alt }],
    },
  };
}
