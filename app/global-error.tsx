"use client";

import "./globals.css";

/**
 * When the root layout itself fails (e.g. the site settings cannot be read), this replaces the whole
 * document: no header or footer can be rendered, so it carries the brand mark, a retry and a way home.
 */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <head>
        <title>Something went wrong | Happr</title>
        <meta name="robots" content="noindex" />
      </head>
      <body className="min-h-dvh bg-white font-sans antialiased">
        <main className="mx-auto max-w-3xl px-4 py-24 text-center">
          {/* The brand mark (app/icon.svg), inline: nothing else may load. */}
          <svg aria-hidden="true" viewBox="0 0 32 32" className="mx-auto h-14 w-14">
            <circle cx="16" cy="16" r="15" fill="#3b6cf6" />
            <path
              d="M10 19c1.6 2.4 3.6 3.5 6 3.5s4.4-1.1 6-3.5"
              stroke="#fff"
              strokeWidth="2.4"
              fill="none"
              strokeLinecap="round"
            />
            <circle cx="12" cy="13" r="1.8" fill="#ffb547" />
            <circle cx="20" cy="13" r="1.8" fill="#ffb547" />
          </svg>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-ink">Happr is having trouble</h1>
          <p className="mt-5 text-lg text-muted">
            Part of Happr isn’t answering right now. Nothing you did caused it, and your account and data are safe.
            Please try again in a moment.
          </p>
          {error.digest ? (
            <p className="mt-3 text-sm text-muted">
              Reference: <code>{error.digest}</code>
            </p>
          ) : null}
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <button type="button" onClick={reset} className="pill-primary">
              Try again
            </button>
            {/* A full page load: the app's router may be what failed. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a href="/" className="pill-secondary">
              Go to the home page
            </a>
          </div>
        </main>
      </body>
    </html>
  );
}
