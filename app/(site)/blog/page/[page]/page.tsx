import { notFound, permanentRedirect } from "next/navigation";
import type { Metadata } from "next";
import { getInfoPage, getPostsPage } from "@/lib/content";
import { pageMetadata } from "@/lib/seo";
import { PageIntro } from "@/components/site/page-intro";
import { BlogList } from "@/components/site/blog-list";

type Props = { params: Promise<{ page: string }> };

// Page 1 is /blog; pages 2..N are built ahead, a later one on its first request; past the last page is a 404.
export async function generateStaticParams() {
  const { pageCount } = await getPostsPage(1);
  return Array.from({ length: Math.max(0, pageCount - 1) }, (_, index) => ({ page: String(index + 2) }));
}

function pageNumber(value: string) {
  return /^[1-9]\d*$/.test(value) ? Number(value) : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const number = pageNumber((await params).page);
  const page = await getInfoPage("blog");
  if (!page || !number) return {};
  return await pageMetadata({
    seo: { title: `${page.seo.title} (page ${number})`, description: page.seo.description },
    path: `/blog/page/${number}`,
  });
}

export default async function BlogPage({ params }: Props) {
  const number = pageNumber((await params).page);
  if (number === 1) permanentRedirect("/blog");
  if (!number) notFound();
  const [page, posts] = await Promise.all([getInfoPage("blog"), getPostsPage(number)]);
  if (!page || posts.posts.length === 0) notFound();
  return (
    <>
      <PageIntro heading={`${page.heading}: page ${number}`} intro={page.intro} />
      <BlogList data={posts} />
    </>
  );
}
