import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getMember } from "@/lib/auth/member";
import { getMyHabits } from "@/lib/habits/store";
import { Panel } from "@/components/ui/panel";
import { HabitForm } from "@/components/habits/habit-form";
import { saveHabitAction } from "../actions";

export const metadata: Metadata = { title: "Edit habit" };

export default async function EditHabitPage({ params }: { params: Promise<{ habitId: string }> }) {
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  const { habitId } = await params;
  const habit = (await getMyHabits(member.memberId)).find((h) => h.id === habitId && h.access === "owner");
  if (!habit) notFound();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-ink">Edit {habit.title}</h1>
      <p className="mt-2 text-base text-muted">
        A new target counts from today: past days keep the one they had.{" "}
        <Link href="/habits" className="underline">
          Back to My Habits
        </Link>
      </p>
      <Panel aria-labelledby="edit-heading" className="mt-6">
        <h2 id="edit-heading" className="text-xl font-semibold text-ink">
          Habit
        </h2>
        <HabitForm values={{ ...habit, habitId: habit.id }} action={saveHabitAction} />
      </Panel>
    </div>
  );
}
