"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { currentPlace, membersPlaces } from "@/config/members-navigation";
import { PlaceIcon } from "./place-icon";

const PLACES = membersPlaces();

/**
 * The members' places (config/members-navigation.ts): in the header from 640 px up, and as a compact
 * bar fixed to the bottom of the screen below that. Each is a plain link; the current one carries
 * aria-current="page". Only one of the two shows at a width (the other is display: none, so it is
 * out of the tab order and the accessibility tree too).
 */
export function MembersNav({ variant }: { variant: "header" | "bar" }) {
  const pathname = usePathname() ?? "";
  const current = currentPlace(pathname, PLACES);
  return (
    <nav aria-label="Members" className={variant === "header" ? "members-nav" : "members-bar"}>
      <ul>
        {PLACES.map((place) => (
          <li key={place.href}>
            <Link href={place.href} aria-current={current?.href === place.href ? "page" : undefined}>
              <PlaceIcon icon={place.icon} />
              <span>{place.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
