"use client";

import { MembersNav } from "./members-nav";
import { useMembersMode } from "./use-members-mode";

/** The compact bar of members' places on phones (below 640 px), last in the page as it is last on screen. */
export function MembersBar() {
  return useMembersMode() ? <MembersNav variant="bar" /> : null;
}
