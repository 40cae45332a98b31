import Link from "next/link";
import type { Metadata } from "next";

export const metadata: Metadata = { title: "Page not found", robots: { index: false } };

export default function NotFound() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">404</p>
      <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-ink">We couldn’t find that page</h1>
      <p className="mt-5 text-lg text-muted">
        The link may be old, or the page may have moved. These will get you back on track:
      </p>
      <ul className="mt-8 flex flex-wrap justify-center gap-3">
        <li>
          <Link
            href="/"
            className="rounded-full bg-brand-600 px-5 py-3 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Home
          </Link>
        </li>
        <li>
          <Link
            href="/blog"
            className="rounded-full px-5 py-3 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
          >
            Blog
          </Link>
        </li>
        <li>
          <Link
            href="/support"
            className="rounded-full px-5 py-3 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
          >
            Support
          </Link>
        </li>
      </ul>
    </section>
  );
}
