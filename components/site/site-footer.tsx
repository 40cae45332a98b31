import Link from "next/link";
import type { SiteSettings } from "@/lib/content/types";
import { FooterAccountLinks } from "./footer-account-links";
import { FooterSiteMenus } from "@/components/members/footer-site-menus";

export function SiteFooter({ settings }: { settings: SiteSettings }) {
  return (
    <footer className="site-footer">
      <div>
        <div>
          <p className="text-xl font-bold">{settings.title}</p>
          <p className="mt-3 text-sm text-white/80">{settings.tagline}</p>
        </div>
        <div>
          <h2 className="footer-heading">Get the app</h2>
          <ul className="footer-links">
            <li>
              <a href={settings.appStoreUrl} rel="noopener noreferrer">
                Download on the App Store (iOS)
              </a>
            </li>
            <li>
              <a href={settings.playStoreUrl} rel="noopener noreferrer">
                Get it on Google Play (Android)
              </a>
            </li>
            <li>
              <a href={settings.videoChannelUrl} rel="noopener noreferrer">
                Watch us on YouTube
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="footer-heading">Happr</h2>
          <ul className="footer-links">
            {settings.footerLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
            {/* The app's own page (not content): the Lounge's monthly figures, published as issue 42 promises. */}
            <li>
              <Link href="/moderation-report">Moderation report</Link>
            </li>
          </ul>
        </div>
        <FooterAccountLinks />
        <FooterSiteMenus navigation={settings.navigation} />
      </div>
      <div>
        <p>© {new Date().getFullYear()} Happr. Ad-free, and your data is never sold.</p>
      </div>
    </footer>
  );
}
