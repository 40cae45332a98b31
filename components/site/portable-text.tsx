import Link from "next/link";
import { PortableText as PortableTextRenderer, type PortableTextComponents } from "@portabletext/react";
import type { PortableTextBody } from "@/lib/content/types";

const components: PortableTextComponents = {
  block: {
    normal: ({ children }) => <p className="mt-4 leading-7 text-muted">{children}</p>,
    h2: ({ children }) => <h2 className="mt-10 text-2xl font-bold tracking-tight text-ink">{children}</h2>,
    h3: ({ children }) => <h3 className="mt-8 text-xl font-semibold text-ink">{children}</h3>,
    blockquote: ({ children }) => (
      <blockquote className="mt-6 border-l-4 border-sun pl-4 text-lg italic text-ink">{children}</blockquote>
    ),
  },
  list: {
    bullet: ({ children }) => <ul className="mt-4 list-disc space-y-2 pl-6 text-muted">{children}</ul>,
    number: ({ children }) => <ol className="mt-4 list-decimal space-y-2 pl-6 text-muted">{children}</ol>,
  },
  marks: {
    link: ({ value, children }) => {
      const href = typeof value?.href === "string" ? value.href : "#";
      return href.startsWith("/") ? (
        <Link href={href} className="font-medium text-brand-700 underline underline-offset-2">
          {children}
        </Link>
      ) : (
        <a href={href} rel="noopener noreferrer" className="font-medium text-brand-700 underline underline-offset-2">
          {children}
        </a>
      );
    },
  },
};

/** Renders a Portable Text body with the site's typography. */
export function PortableText({ value }: { value: PortableTextBody }) {
  return <PortableTextRenderer value={value} components={components} />;
}
