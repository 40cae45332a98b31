"use client";

import Link from "next/link";
import type { LandingPageSummary } from "@/lib/content/types";

/**
 * Cards that each link to a page and give its summary, in a list styled by `className` (`.card-grid`,
 * `.related-links`). It is a client component for what it sends, not for any behaviour: the page's
 * RSC payload then carries each card as its data rather than as its rendered elements, about 150
 * bytes less a card (15 on the home page). The HTML is the same either way.
 */
export function SummaryCards({ items, className }: { items: LandingPageSummary[]; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.path}>
          <Link href={item.path}>
            <span>{item.title}</span>
            <span>{item.summary}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
