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
      />
      <div className="post-card-body">
        <ul className="chips" aria-label="Categories">
          {post.categories.map((category) => (
            <li key={category.slug}>{category.title}</li>
          ))}
        </ul>
        <h2>
          <Link href={`/blog/${post.slug}`}>{post.title}</Link>
        </h2>
        <p className="post-card-excerpt">{post.excerpt}</p>
        <p className="post-card-date">
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
        </p>
      </div>
    </article>
  );
}
