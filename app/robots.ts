import type { MetadataRoute } from "next";
import { getConfig } from "@/lib/config";

export default function robots(): MetadataRoute.Robots {
  const siteUrl = getConfig().siteUrl;
  return {
    rules: [
      {
        userAgent: "*",
        allow: "/",
        disallow: ["/api/", "/my-account", "/pricing", "/manage-subscription", "/auth/", "/studio"],
      },
    ],
    sitemap: `${siteUrl}/sitemap.xml`,
  };
}
