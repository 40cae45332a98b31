import Link from "next/link";
import { notFound } from "next/navigation";
import type { Metadata } from "next";
import { getHomePage } from "@/lib/content";
import type { LandingPageSummary } from "@/lib/content/types";
import { pageMetadata } from "@/lib/seo";
import { ContentImage } from "@/components/site/content-image";
import { PostCard } from "@/components/site/post-card";

export async function generateMetadata(): Promise<Metadata> {
  const home = await getHomePage();
  return home ? await pageMetadata({ seo: home.seo, path: "/", image: home.heroImage }) : {};
}

function SummaryGrid({ id, title, items }: { id: string; title: string; items: LandingPageSummary[] }) {
  return (
    <section aria-labelledby={id} className="page-section">
      <h2 id={id} className="section-title">
        {title}
      </h2>
      <ul className="card-grid">
        {items.map((item) => (
          <li key={item.path}>
            <Link href={item.path}>
              <span>{item.title}</span>
              <span>{item.summary}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default async function HomePage() {
  const home = await getHomePage();
  if (!home) notFound();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 lg:grid-cols-2 lg:py-20">
          <div>
            <h1 className="text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">{home.heading}</h1>
            <p className="mt-5 text-lg leading-8 text-muted">{home.intro}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link href={home.primaryCta.href} className="pill-primary">
                {home.primaryCta.label}
              </Link>
              <Link href={home.secondaryCta.href} className="pill-secondary">
                {home.secondaryCta.label}
              </Link>
            </div>
          </div>
          {/* Decorative: beside the text on wide screens only (see LandingPageView). */}
          <ContentImage
            image={home.heroImage}
            width={1200}
            sizes="560px"
            className="hidden h-auto w-full rounded-3xl lg:block"
          />
        </div>
      </section>
      <SummaryGrid id="audiences" title="Made for you" items={home.audiences} />
      <SummaryGrid id="features" title="Core features" items={home.features} />
      <SummaryGrid id="pillars" title="The Responsibility Framework" items={home.pillars} />
      <section aria-labelledby="latest-posts" className="page-section">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="latest-posts" className="section-title">
            From the blog
          </h2>
          <Link href="/blog" className="text-sm font-semibold text-brand-700 hover:underline">
            All posts
          </Link>
        </div>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {home.latestPosts.map((post) => (
            <li key={post.slug}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
