"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";

/**
 * What a person sees when a page cannot be built because the database or a provider is not
 * answering: said plainly, inside the site's header and footer, with a retry and a way home.
 * `retry` re-renders the failed part (error.tsx); without it the page is loaded again.
 */
export function ServiceUnavailable({ retry, reference }: { retry?: () => void; reference?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center" aria-labelledby="unavailable-heading">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Something went wrong</p>
      <h1
        id="unavailable-heading"
        ref={heading}
        tabIndex={-1}
        className="mt-3 text-4xl font-extrabold tracking-tight text-ink outline-none"
      >
        We couldn’t load this page
      </h1>
      <p className="mt-5 text-lg text-muted">
        Part of Happr isn’t answering right now. Nothing you did caused it, and your account and data are safe. Please
        try again in a moment.
      </p>
      {reference ? (
        <p className="mt-3 text-sm text-muted">
          Reference: <code>{reference}</code>
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={retry ?? (() => window.location.reload())} className="pill-primary">
          Try again
        </button>
        <Link href="/" className="pill-secondary">
          Go to the home page
        </Link>
        <Link href="/support" className="pill-secondary">
          Support
        </Link>
      </div>
    </section>
  );
}
