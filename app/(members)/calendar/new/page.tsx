import type { Metadata } from "next";
import { Subpage } from "@/components/ui/subpage";
import { BACK_TO_MY_CALENDAR } from "@/config/members-navigation";
import { getMember } from "@/lib/auth/member";
import { instantOf } from "@/lib/time";
import { loadNewEventPage, repeatFor } from "@/lib/calendar/page";
import { Temporal } from "temporal-polyfill";
import { EventForm } from "@/components/calendar/event-form";
import { saveEventAction } from "../actions";

export const metadata: Metadata = { title: "New event" };

export default async function NewEventPage({ searchParams }: { searchParams: Promise<{ date?: string }> }) {
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  const { timezone, date, choices } = await loadNewEventPage(member.memberId, (await searchParams).date);
  const start = instantOf(Temporal.PlainDateTime.from(`${date}T09:00`), timezone);
  const repeat = repeatFor({ allDay: false, start, timezone }, null);
  return (
    <Subpage back={BACK_TO_MY_CALENDAR} title="New event">
      <EventForm
        action={saveEventAction}
        timezone={timezone}
        repeatOptions={repeat.options}
        {...choices}
        initial={{
          title: "",
          privateTitle: "",
          location: "",
          notes: "",
          allDay: false,
          startDate: date,
          startTime: "09:00",
          endDate: date,
          endTime: "10:00",
          repeat: repeat.selected,
          repeatEnd: "NEVER",
          repeatCount: "10",
          repeatUntil: "",
          visibility: choices.circles.length ? "circle" : "private",
          circleId: choices.circles[0]?.circleId ?? "",
          people: [],
          requiresAcknowledgement: false,
          calendarOf: member.memberId,
        }}
      />
    </Subpage>
  );
}
