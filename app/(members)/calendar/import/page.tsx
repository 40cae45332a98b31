import type { Metadata } from "next";
import { Subpage } from "@/components/ui/subpage";
import { BACK_TO_MY_CALENDAR } from "@/config/members-navigation";
import { getMember } from "@/lib/auth/member";
import { ImportForm } from "@/components/calendar/import-form";
import { importAction } from "../actions";
import { formChoices } from "@/lib/calendar/page";

export const metadata: Metadata = { title: "Import a calendar" };

/** Import an .ics file into the member's calendar (or a child's they look after). */
export default async function ImportPage() {
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  const { calendars, circles } = await formChoices(member.memberId);
  return (
    <Subpage back={BACK_TO_MY_CALENDAR} title="Import a calendar">
      <p className="mt-4 text-base text-muted">
        Bring your events from the calendar you already use: export an .ics file there and choose it here.
      </p>
      <div className="mt-6">
        <ImportForm action={importAction} calendars={calendars} circles={circles} />
      </div>
    </Subpage>
  );
}
