import Link from "next/link";
import type { ReactNode } from "react";

/** A page under another (a calendar's event, the security centre): the way back, its heading, then its content. */
export function Subpage({
  back,
  title,
  children,
}: {
  back: { href: string; label: string };
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12">
      <p>
        <Link href={back.href} className="text-sm font-semibold text-brand-700 underline">
          {back.label}
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold text-ink">{title}</h1>
      {children}
    </div>
  );
}
