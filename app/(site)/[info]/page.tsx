import { notFound } from "next/navigation";
import type { Metadata } from "next";
import { getInfoPage } from "@/lib/content";
import { pageMetadata } from "@/lib/seo";
import { PageIntro } from "@/components/site/page-intro";
import { PortableText } from "@/components/site/portable-text";

// The plain information pages; contact, faq, planform and blog have routes of their own.
const infoSlugs = ["about-us", "privacy", "support", "coming-soon"];

type Props = { params: Promise<{ info: string }> };

export function generateStaticParams() {
  return infoSlugs.map((info) => ({ info }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await getInfoPage((await params).info);
  return page ? await pageMetadata({ seo: page.seo, path: `/${page.slug}` }) : {};
}

export default async function InfoPage({ params }: Props) {
  const page = await getInfoPage((await params).info);
  if (!page) notFound();
  return (
    <article>
      <PageIntro heading={page.heading} intro={page.intro} />
      <div className="mx-auto max-w-3xl px-4">
        <PortableText value={page.body} />
      </div>
    </article>
  );
}
