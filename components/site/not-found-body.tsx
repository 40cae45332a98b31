"use client";

import Link from "next/link";

/**
 * The not-found page's content. A client component although nothing in it is interactive: the root
 * layout renders not-found for its boundary on every page, so as a server component its markup was
 * in every page's RSC payload (~1.4 kB each); as a client component the payload names it only.
 */
export function NotFoundBody() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">404</p>
      <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-ink">We couldn’t find that page</h1>
      <p className="mt-5 text-lg text-muted">
        The link may be old, or the page may have moved. These will get you back on track:
      </p>
      <ul className="mt-8 flex flex-wrap justify-center gap-3">
        <li>
          <Link href="/" className="pill-primary">
            Home
          </Link>
        </li>
        <li>
          <Link href="/blog" className="pill-secondary">
            Blog
          </Link>
        </li>
        <li>
          <Link href="/support" className="pill-secondary">
            Support
          </Link>
        </li>
      </ul>
    </section>
  );
}
