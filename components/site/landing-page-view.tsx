import Link from "next/link";
import type { LandingPage, LandingPageSummary } from "@/lib/content/types";
import { Hero } from "./hero";
import { SummaryCards } from "./summary-cards";
import { PortableText } from "./portable-text";

export function LandingPageView({ page, related }: { page: LandingPage; related: LandingPageSummary[] }) {
  return (
    <article>
      <Hero
        eyebrow={page.eyebrow}
        heading={page.heading}
        intro={page.intro}
        image={page.heroImage}
        actions={
          <>
            <Link href="/planform" className="pill-primary">
              Explore Plans
            </Link>
            <Link href="/faq" className="pill-secondary">
              Read the FAQ
            </Link>
          </>
        }
      />

      <section aria-labelledby="highlights-heading" className="page-section">
        <h2 id="highlights-heading" className="sr-only">
          Highlights
        </h2>
        <ul className="highlights">
          {page.highlights.map((highlight) => (
            <li key={highlight.title}>
              <h3>{highlight.title}</h3>
              <p>{highlight.text}</p>
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
          <SummaryCards items={related} className="related-links" />
        </nav>
      ) : null}
    </article>
  );
}
