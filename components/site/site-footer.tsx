import Link from "next/link";
import type { SiteSettings } from "@/lib/content/types";
import { FooterAccountLinks } from "./footer-account-links";

export function SiteFooter({ settings }: { settings: SiteSettings }) {
  return (
    <footer className="mt-24 bg-brand-900 text-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:grid-cols-2 lg:grid-cols-4">
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
          </ul>
        </div>
        <FooterAccountLinks />
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-white/70">
          © {new Date().getFullYear()} Happr. Ad-free, and your data is never sold.
        </p>
      </div>
    </footer>
  );
}
