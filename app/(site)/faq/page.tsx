import { notFound } from "next/navigation";
import type { Metadata } from "next";
import { getFaqEntries, getInfoPage } from "@/lib/content";
import { pageMetadata } from "@/lib/seo";
import { PageIntro } from "@/components/site/page-intro";
import { JsonLd } from "@/components/site/json-ld";

export async function generateMetadata(): Promise<Metadata> {
  const page = await getInfoPage("faq");
  return page ? await pageMetadata({ seo: page.seo, path: "/faq" }) : {};
}

export default async function FaqPage() {
  const [page, entries] = await Promise.all([getInfoPage("faq"), getFaqEntries()]);
  if (!page) notFound();
  const categories = [...new Set(entries.map((entry) => entry.category))];
  return (
    <article>
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "FAQPage",
          mainEntity: entries.map((entry) => ({
            "@type": "Question",
            name: entry.question,
            acceptedAnswer: { "@type": "Answer", text: entry.answer },
          })),
        }}
      />
      <PageIntro heading={page.heading} intro={page.intro} />
      <div className="mx-auto max-w-3xl px-4">
        {categories.map((category) => (
          <section key={category} className="mt-10">
            <h2 className="text-2xl font-bold tracking-tight text-ink">{category}</h2>
            <div className="mt-4 divide-y divide-black/10 rounded-2xl ring-1 ring-black/10">
              {entries
                .filter((entry) => entry.category === category)
                .map((entry) => (
                  <details key={entry.question} className="group p-5">
                    <summary className="cursor-pointer list-none font-semibold text-ink marker:hidden">
                      <span className="flex items-center justify-between gap-4">
                        {entry.question}
                        <span aria-hidden="true" className="text-brand-600 transition-transform group-open:rotate-45">
                          +
                        </span>
                      </span>
                    </summary>
                    <p className="mt-3 leading-7 text-muted">{entry.answer}</p>
                  </details>
                ))}
            </div>
          </section>
        ))}
      </div>
    </article>
  );
}
