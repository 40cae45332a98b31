import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { inter } from "@/components/ui/fonts";
import "./globals.css";
import { SessionProvider } from "@/components/session/session-provider";
import { SiteHeader } from "@/components/site/site-header";
import { joinWaitlistAction } from "./(site)/waitlist/join-action";
import { SiteFooter } from "@/components/site/site-footer";
import { MembersBar } from "@/components/members/members-bar";
import { GoToTop } from "@/components/site/go-to-top";
import { Preloader } from "@/components/site/preloader";
import { PreviewBar } from "@/components/site/preview-bar";
import { DemoBanner } from "@/components/site/demo-banner";
import { getSiteSettings, isPreview } from "@/lib/content";
import { getConfig } from "@/lib/config";

/** What every page says of itself; the public pages add their share cards (app/(site)/layout.tsx). */
export async function generateMetadata(): Promise<Metadata> {
  const settings = await getSiteSettings();
  return {
    metadataBase: new URL(getConfig().siteUrl),
    title: { default: `${settings.title}: ${settings.tagline}`, template: `%s | ${settings.title}` },
    description: settings.description,
    applicationName: settings.title,
    // favicon.ico is found at /favicon.ico by every browser; app/icon.svg is linked by Next.
    icons: { apple: "/apple-touch-icon.png" },
  };
}

// Content pages are prerendered and cached; a page published later is rendered on its first request
// (no route sets dynamicParams = false). The webhook expires pages by tag at once; this hour bounds
// how stale a missed webhook can leave any of them.
export const revalidate = 3600;

export const viewport: Viewport = { themeColor: "#3b6cf6", width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [settings, preview] = await Promise.all([getSiteSettings(), isPreview()]);
  return (
    <html lang="en" className={inter.variable}>
      <body className="relative min-h-dvh bg-white font-sans antialiased">
        <Preloader />
        <a href="#main-content" className="skip-link">
          Skip to content
        </a>
        {preview && <PreviewBar />}
        {getConfig().billing.kind === "sandbox" && <DemoBanner />}
        <SessionProvider>
          <SiteHeader navigation={settings.navigation} joinWaitlist={joinWaitlistAction} />
          <main id="main-content" tabIndex={-1} className="outline-none">
            {children}
          </main>
          <SiteFooter settings={settings} />
          <MembersBar />
          <GoToTop />
        </SessionProvider>
      </body>
    </html>
  );
}
