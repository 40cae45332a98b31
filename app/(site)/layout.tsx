import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getSiteSettings, imageProps } from "@/lib/content";

/**
 * Share cards, for the public pages only. Every other page is private or not indexed, and a link
 * preview's crawler, having no session, would only be sent to sign-in; there the tags were about 3 kB
 * of every view (in the HTML and again in the RSC payload) and Next's work on every request.
 */
export async function generateMetadata(): Promise<Metadata> {
  const settings = await getSiteSettings();
  const ogImage = imageProps(settings.ogImage, 1200);
  return {
    openGraph: {
      type: "website",
      siteName: settings.title,
      images: [{ url: ogImage.src, width: ogImage.width, height: ogImage.height, alt: ogImage.alt }],
    },
    // X reads og:image when a page has no twitter:image, so the card names no image of its own: given
    // none, Next would copy each page's Open Graph image into four more tags.
    twitter: { card: "summary_large_image", images: [] },
  };
}

export default function SiteLayout({ children }: { children: ReactNode }) {
  return children;
}
