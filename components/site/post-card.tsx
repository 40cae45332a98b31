import Link from "next/link";
import type { PostSummary } from "@/lib/content/types";
import { formatDate } from "@/lib/format/date";
import { ContentImage } from "./content-image";

export function PostCard({ post, priority = false }: { post: PostSummary; priority?: boolean }) {
  return (
    <article className="post-card">
      <ContentImage
        image={post.mainImage}
        width={800}
        sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
        priority={priority}
        className="h-auto w-full"
      />
      <div className="flex flex-1 flex-col p-5">
        <ul className="flex flex-wrap gap-2" aria-label="Categories">
          {post.categories.map((category) => (
            <li key={category.slug} className="category-chip">
              {category.title}
            </li>
          ))}
        </ul>
        <h2 className="mt-3 text-lg font-bold text-ink">
          <Link href={`/blog/${post.slug}`} className="hover:text-brand-700">
            {post.title}
          </Link>
        </h2>
        <p className="mt-2 flex-1 text-sm leading-6 text-muted">{post.excerpt}</p>
        <p className="mt-4 text-sm text-muted">
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
        </p>
      </div>
    </article>
  );
}
