import { notFound } from "next/navigation";
import type { Metadata } from "next";
import { getInfoPage } from "@/lib/content";
import { pageMetadata } from "@/lib/seo";
import { PageIntro } from "@/components/site/page-intro";
import { PortableText } from "@/components/site/portable-text";
import { PlanCards } from "@/components/site/plan-cards";

export async function generateMetadata(): Promise<Metadata> {
  const page = await getInfoPage("planform");
  return page ? await pageMetadata({ seo: page.seo, path: "/planform" }) : {};
}

export default async function PlanformPage() {
  const page = await getInfoPage("planform");
  if (!page) notFound();
  return (
    <article>
      <PageIntro heading={page.heading} intro={page.intro} />
      <div className="mx-auto max-w-5xl px-4">
        <PlanCards />
        <div className="mx-auto mt-12 max-w-3xl">
          <PortableText value={page.body} />
        </div>
      </div>
    </article>
  );
}
