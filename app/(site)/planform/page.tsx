import { notFound } from "next/navigation";
import type { Metadata } from "next";
import { getInfoPage } from "@/lib/content";
import { pageMetadata } from "@/lib/seo";
import { PageIntro } from "@/components/site/page-intro";
import { PortableText } from "@/components/site/portable-text";
import { PlanCards } from "@/components/site/plan-cards";
import { getPlanOffers } from "@/lib/billing/catalogue";

export async function generateMetadata(): Promise<Metadata> {
  const page = await getInfoPage("planform");
  return page ? await pageMetadata({ seo: page.seo, path: "/planform" }) : {};
}

/**
 * Prerendered and regenerated (ISR), never rendered per request: the amounts come from the cached
 * catalogue (lib/billing/catalogue.ts), tagged so a price or product webhook re-renders this page on
 * every instance, and refreshed hourly should a webhook be missed. The build asks no provider: the
 * built page has the plans without amounts and is regenerated on its first request, and a page
 * rendered while the provider is down with nothing cached a minute later (getPlanOffers).
 */
export default async function PlanformPage() {
  const [page, offers] = await Promise.all([getInfoPage("planform"), getPlanOffers()]);
  if (!page) notFound();
  return (
    <article>
      <PageIntro heading={page.heading} intro={page.intro} />
      <div className="mx-auto max-w-5xl px-4">
        <PlanCards offers={offers} />
        <div className="mx-auto mt-12 max-w-3xl">
          <PortableText value={page.body} />
        </div>
      </div>
    </article>
  );
}
