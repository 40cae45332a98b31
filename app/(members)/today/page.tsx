import type { Metadata } from "next";
import { getMember } from "@/lib/auth/member";
import { loadToday } from "@/lib/today/page";
import { TodayView } from "@/components/today/today-view";
import { tapCheckInAction } from "../habits/check-in-actions";

export const metadata: Metadata = { title: "Today" };

/** The members' home, where sign-in lands (lib/auth/continue.ts). Viewing it records the visit (lib/today). */
export default async function TodayPage() {
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  return <TodayView name={member.name} page={await loadToday(member.memberId)} checkIn={tapCheckInAction} />;
}
