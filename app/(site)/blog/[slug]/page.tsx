import Link from "next/link";
import { notFound } from "next/navigation";
import type { Metadata } from "next";
import { getPost, getPostSlugs } from "@/lib/content";
import { imageProps } from "@/lib/content/image";
import { getConfig } from "@/lib/config";
import { formatDate } from "@/lib/format/date";
import { pageMetadata } from "@/lib/seo";
import { ContentImage } from "@/components/site/content-image";
import { JsonLd } from "@/components/site/json-ld";
import { PortableText } from "@/components/site/portable-text";

type Props = { params: Promise<{ slug: string }> };

export async function generateStaticParams() {
  return (await getPostSlugs()).map(({ slug }) => ({ slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const post = await getPost((await params).slug);
  return post
    ? await pageMetadata({ seo: post.seo, path: `/blog/${post.slug}`, image: post.mainImage, type: "article" })
    : {};
}

export default async function PostPage({ params }: Props) {
  const post = await getPost((await params).slug);
  if (!post) notFound();
  const siteUrl = getConfig().siteUrl;
  const image = imageProps(post.mainImage, 1200);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: post.title,
          description: post.excerpt,
          datePublished: post.publishedAt,
          author: { "@type": "Person", name: post.author.name },
          image: new URL(image.src, siteUrl).toString(),
          mainEntityOfPage: `${siteUrl}/blog/${post.slug}`,
          publisher: { "@type": "Organization", name: "Happr" },
        }}
      />
      <p className="text-sm font-semibold text-brand-700">
        <Link href="/blog" className="hover:underline">
          Blog
        </Link>
        {" · "}
        {post.categories.map((category) => category.title).join(", ")}
      </p>
      <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">{post.title}</h1>
      <p className="mt-4 text-muted">
        By {post.author.name}, {post.author.role} ·{" "}
        <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
      </p>
      <ContentImage
        image={post.mainImage}
        width={1200}
        sizes="(min-width: 768px) 720px, 100vw"
        priority
        className="mt-8 h-auto w-full rounded-3xl"
      />
      <div className="mt-6">
        <PortableText value={post.body} />
      </div>
    </article>
  );
}
