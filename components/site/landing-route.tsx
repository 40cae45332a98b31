import { notFound } from "next/navigation";
import type { Metadata } from "next";
import { getHomePage, getLandingPage, getLandingPaths } from "@/lib/content";
import type { LandingKind } from "@/lib/content/types";
import { pageMetadata } from "@/lib/seo";
import { LandingPageView } from "./landing-page-view";
import { LeaveNow } from "@/components/discreet/leave-now";
import { LEAVE_NOW_PUBLIC_PATHS } from "@/config/discreet";

const kinds: LandingKind[] = ["audience", "feature", "pillar"];

type Props = { params: Promise<{ slug: string }> };

/**
 * The static route for every landing page under one path prefix (/for-you, /core-features, ...):
 * the content source decides which pages exist; any other slug is a 404.
 */
export function landingRoute(prefix: string) {
  async function generateStaticParams() {
    const paths = (await Promise.all(kinds.map((kind) => getLandingPaths(kind)))).flat();
    return paths
      .filter((path) => path.startsWith(`${prefix}/`))
      .map((path) => ({ slug: path.slice(prefix.length + 1) }));
  }

  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const page = await getLandingPage(`${prefix}/${(await params).slug}`);
    return page ? await pageMetadata({ seo: page.seo, path: page.path, image: page.heroImage }) : {};
  }

  async function Page({ params }: Props) {
    const page = await getLandingPage(`${prefix}/${(await params).slug}`);
    if (!page) notFound();
    const home = await getHomePage();
    const siblings = home ? { audience: home.audiences, feature: home.features, pillar: home.pillars }[page.kind] : [];
    return (
      <>
        <LandingPageView page={page} related={siblings.filter((item) => item.path !== page.path)} />
        {LEAVE_NOW_PUBLIC_PATHS.includes(page.path) && <LeaveNow />}
      </>
    );
  }

  return { generateStaticParams, generateMetadata, Page };
}
