import Link from "next/link";
import { notFound } from "next/navigation";
import type { Metadata } from "next";
import { getHomePage } from "@/lib/content";
import type { LandingPageSummary } from "@/lib/content/types";
import { pageMetadata } from "@/lib/seo";
import { Hero } from "@/components/site/hero";
import { PostCard } from "@/components/site/post-card";
import { SummaryCards } from "@/components/site/summary-cards";

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
      <SummaryCards items={items} className="card-grid" />
    </section>
  );
}

export default async function HomePage() {
  const home = await getHomePage();
  if (!home) notFound();
  return (
    <>
      <Hero
        heading={home.heading}
        intro={home.intro}
        image={home.heroImage}
        actions={
          <>
            <Link href={home.primaryCta.href} className="pill-primary">
              {home.primaryCta.label}
            </Link>
            <Link href={home.secondaryCta.href} className="pill-secondary">
              {home.secondaryCta.label}
            </Link>
          </>
        }
      />
      <SummaryGrid id="audiences" title="Made for you" items={home.audiences} />
      <SummaryGrid id="features" title="Core features" items={home.features} />
      <SummaryGrid id="pillars" title="The Responsibility Framework" items={home.pillars} />
      <section aria-labelledby="latest-posts" className="page-section">
        <div className="section-head">
          <h2 id="latest-posts" className="section-title">
            From the blog
          </h2>
          <Link href="/blog">All posts</Link>
        </div>
        <ul className="post-grid mt-6">
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
