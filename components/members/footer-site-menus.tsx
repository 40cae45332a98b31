"use client";

import Link from "next/link";
import type { NavGroup } from "@/lib/content/types";
import { useMembersMode } from "./use-members-mode";

/** For members, the public site's menus (the header shows their own places instead): one footer column per menu. */
export function FooterSiteMenus({ navigation }: { navigation: NavGroup[] }) {
  if (!useMembersMode()) return null;
  return (
    <>
      {navigation.map((group) => (
        <div key={group.title}>
          <h2 className="footer-heading">{group.title}</h2>
          <ul className="footer-links">
            {group.items.map((item) => (
              <li key={item.href}>
                {item.external ? (
                  <a href={item.href} target="_blank" rel="noopener noreferrer">
                    {item.label}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : (
                  <Link href={item.href}>{item.label}</Link>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}
