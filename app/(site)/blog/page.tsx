import { notFound } from "next/navigation";
import type { Metadata } from "next";
import { getInfoPage, getPostsPage } from "@/lib/content";
import { pageMetadata } from "@/lib/seo";
import { PageIntro } from "@/components/site/page-intro";
import { BlogList } from "@/components/site/blog-list";

export async function generateMetadata(): Promise<Metadata> {
  const page = await getInfoPage("blog");
  return page ? await pageMetadata({ seo: page.seo, path: "/blog" }) : {};
}

export default async function BlogIndexPage() {
  const [page, posts] = await Promise.all([getInfoPage("blog"), getPostsPage(1)]);
  if (!page) notFound();
  return (
    <>
      <PageIntro heading={page.heading} intro={page.intro} />
      <BlogList data={posts} />
    </>
  );
}
