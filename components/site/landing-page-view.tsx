import Link from "next/link";
import type { LandingPage, LandingPageSummary } from "@/lib/content/types";
import { ContentImage } from "./content-image";
import { PortableText } from "./portable-text";

export function LandingPageView({ page, related }: { page: LandingPage; related: LandingPageSummary[] }) {
  return (
    <article>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 lg:grid-cols-2 lg:py-20">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{page.eyebrow}</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">{page.heading}</h1>
            <p className="mt-5 text-lg leading-8 text-muted">{page.intro}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link href="/planform" className="pill-primary">
                Explore Plans
              </Link>
              <Link href="/faq" className="pill-secondary">
                Read the FAQ
              </Link>
            </div>
          </div>
          {/* Decorative: shown beside the text on wide screens; on phones the words come first and no
              image competes with them for the first paint (LCP). */}
          <ContentImage
            image={page.heroImage}
            width={1200}
            sizes="560px"
            className="hidden h-auto w-full rounded-3xl lg:block"
          />
        </div>
      </section>

      <section aria-labelledby="highlights-heading" className="page-section">
        <h2 id="highlights-heading" className="sr-only">
          Highlights
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {page.highlights.map((highlight) => (
            <li key={highlight.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5">
              <h3 className="text-lg font-semibold text-ink">{highlight.title}</h3>
              <p className="mt-2 leading-7 text-muted">{highlight.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="mx-auto max-w-3xl px-4">
        {page.sections.map((section) => (
          <section key={section.heading}>
            <h2 className="mt-12 text-2xl font-bold tracking-tight text-ink">{section.heading}</h2>
            <PortableText value={section.body} />
          </section>
        ))}
      </div>

      {related.length > 0 ? (
        <nav aria-labelledby="related-heading" className="mx-auto mt-16 max-w-6xl px-4">
          <h2 id="related-heading" className="text-xl font-bold text-ink">
            Keep exploring
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {related.map((item) => (
              <li key={item.path}>
                <Link href={item.path} className="block h-full rounded-2xl p-5 ring-1 ring-black/10 hover:bg-brand-50">
                  <span className="font-semibold text-ink">{item.title}</span>
                  <span className="mt-1 block text-sm text-muted">{item.summary}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </article>
  );
}
