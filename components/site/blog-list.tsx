import Link from "next/link";
import type { PostsPage } from "@/lib/content/types";
import { PostCard } from "./post-card";

export function blogPageHref(page: number) {
  return page <= 1 ? "/blog" : `/blog/page/${page}`;
}

/** One page of the blog: six posts and the controls to move between pages. */
export function BlogList({ data }: { data: PostsPage }) {
  const { page, pageCount } = data;
  return (
    <div className="mx-auto max-w-6xl px-4">
      <ul className="post-grid" data-testid="post-list">
        {data.posts.map((post, index) => (
          <li key={post.slug}>
            <PostCard post={post} priority={index < 2} />
          </li>
        ))}
      </ul>
      <nav aria-label="Blog pages" className="mt-12 flex items-center justify-center gap-2">
        {page > 1 ? (
          <Link
            href={blogPageHref(page - 1)}
            rel="prev"
            className="rounded-full px-4 py-2 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
          >
            Newer posts
          </Link>
        ) : null}
        <ol className="flex gap-1">
          {Array.from({ length: pageCount }, (_, index) => index + 1).map((number) => (
            <li key={number}>
              <Link
                href={blogPageHref(number)}
                aria-current={number === page ? "page" : undefined}
                className={`grid h-10 w-10 place-items-center rounded-full text-sm font-semibold ${number === page ? "bg-brand-600 text-white" : "text-brand-700 hover:bg-brand-50"}`}
              >
                <span className="sr-only">Page </span>
                {number}
              </Link>
            </li>
          ))}
        </ol>
        {page < pageCount ? (
          <Link
            href={blogPageHref(page + 1)}
            rel="next"
            className="rounded-full px-4 py-2 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
          >
            Older posts
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
