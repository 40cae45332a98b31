"use client";

import Link from "next/link";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { NavGroup } from "@/lib/content/types";
import { NavMenu } from "./nav-menu";
import { MembersNav } from "@/components/members/members-nav";
import { useMembersMode } from "@/components/members/use-members-mode";

const STICKY_AFTER_PX = 50;

/**
 * The header's behaviour: it becomes sticky once the page has scrolled past 50 px. An
 * IntersectionObserver watches a marker 50 px down the page, so nothing runs on every scroll frame.
 * The outer box keeps the header's height, so turning sticky shifts nothing.
 */
export function HeaderFrame({ navigation, accountSlot }: { navigation: NavGroup[]; accountSlot: ReactNode }) {
  const [isSticky, setSticky] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const markerRef = useRef<HTMLDivElement>(null);
  // Signed in, the header shows the members' places; the public menus move to the footer.
  const members = useMembersMode();

  useEffect(() => {
    const marker = markerRef.current;
    if (!marker) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setSticky(!entry.isIntersecting && entry.boundingClientRect.top < 0);
    });
    observer.observe(marker);
    return () => observer.disconnect();
  }, []);

  return (
    <>
      <div ref={markerRef} aria-hidden="true" className="scroll-marker" style={{ top: STICKY_AFTER_PX }} />
      <div className="h-16">
        <header
          data-sticky={isSticky}
          className={`${isSticky ? "fixed inset-x-0 top-0 shadow-md" : "relative"} z-30 bg-white/95 backdrop-blur`}
        >
          <div className="header-bar">
            <Link href="/">
              <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
                <circle cx="16" cy="16" r="15" fill="#3b6cf6" />
                <path
                  d="M10 19c1.6 2.4 3.6 3.5 6 3.5s4.4-1.1 6-3.5"
                  stroke="#fff"
                  strokeWidth="2.4"
                  fill="none"
                  strokeLinecap="round"
                />
                <circle cx="12" cy="13" r="1.8" fill="#ffb547" />
                <circle cx="20" cy="13" r="1.8" fill="#ffb547" />
              </svg>
              Happr
              <span className="sr-only"> home</span>
            </Link>
            {members ? (
              <MembersNav variant="header" />
            ) : (
              <>
                <nav aria-label="Main" className="main-nav" data-open={menuOpen || undefined}>
                  <ul>
                    {navigation.map((group) => (
                      <NavMenu key={group.title} group={group} onNavigate={() => setMenuOpen(false)} />
                    ))}
                  </ul>
                </nav>
                <div className="flex items-center gap-2">
                  {accountSlot}
                  <button
                    type="button"
                    className="menu-button"
                    aria-expanded={menuOpen}
                    aria-label={menuOpen ? "Close menu" : "Open menu"}
                    onClick={() => setMenuOpen((value) => !value)}
                  >
                    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6">
                      {menuOpen ? (
                        <path
                          fill="currentColor"
                          d="M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z"
                        />
                      ) : (
                        <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
                      )}
                    </svg>
                  </button>
                </div>
              </>
            )}
          </div>
        </header>
      </div>
    </>
  );
}
