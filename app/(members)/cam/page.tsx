import type { Metadata } from "next";
import Link from "next/link";
import { getMember } from "@/lib/auth/member";
import { camPreferencesOf, loadCamTimeline } from "@/lib/cam/page";
import { Panel } from "@/components/ui/panel";
import { dayName, momentCardData } from "@/components/cam/moment-card";
import { MomentDays } from "@/components/cam/moment-cards";
import { UploadMomentForm } from "@/components/cam/upload-form";
import { AlbumForm } from "@/components/cam/moment-forms";
import { ProcessingRefresh } from "@/components/cam/processing-refresh";
import { PlainSelect } from "@/components/cam/choices";
import { ConcealPhotosForm } from "@/components/cam/conceal-photos-form";
import { PromptDayForm } from "@/components/cam/prompt-day-form";
import { createAlbumAction, createMomentAction, setCamPromptAction, setConcealPhotosAction } from "./actions";
import { startUploadAction } from "../upload-actions";
import { habitChoices } from "./habit-choices";
import { goalChoices } from "@/lib/vision-board";

// Neutral: the tab's title says nothing of photos to someone glancing at the screen.
export const metadata: Metadata = { title: "Moments" };

const megabytes = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${Math.ceil(bytes / 1024 ** 2)} MB`;

type SearchParams = Promise<{ habit?: string; album?: string; before?: string; goal?: string }>;

/**
 * Cam's timeline: the member's own moments and those shared with them, newest first, by day; a habit's
 * or an album's alone; a new moment (the photo sent with its progress shown); the space used.
 */
export default async function CamPage({ searchParams }: { searchParams: SearchParams }) {
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  const { habit, album, before, goal } = await searchParams;
  const beforeSeconds = Number(before);
  const [page, habits, goals, preferences] = await Promise.all([
    loadCamTimeline(member, {
      habitId: habit || undefined,
      albumId: album || undefined,
      before: Number.isInteger(beforeSeconds) && beforeSeconds > 0 ? beforeSeconds : undefined,
    }),
    habitChoices(member.memberId),
    // The page reads both features (as habits above): lib/cam never imports the board.
    goalChoices(member.memberId),
    camPreferencesOf(member.memberId),
  ]);
  const { conceal, promptWeekday } = preferences;
  // By day, newest first: lib/cam pages by when moments were added, and a photo's day may be older.
  const days = new Map<string, typeof page.moments>();
  const byDay = [...page.moments].sort((a, b) => b.day.localeCompare(a.day) || b.createdAt - a.createdAt);
  for (const moment of byDay) days.set(moment.day, [...(days.get(moment.day) ?? []), moment]);
  const processing = page.moments.some((moment) => moment.image.status === "processing");
  const filter = habit ? `habit=${encodeURIComponent(habit)}` : album ? `album=${encodeURIComponent(album)}` : "";
  const here = `/cam${filter ? `?${filter}` : ""}`;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-ink">Cam</h1>
      <p className="mt-2 text-base text-muted">
        Your moments stay here, private until you share one. No location, no camera details, no counts.
      </p>
      <p className="mt-1 text-sm text-muted">
        <Link href="/cam/compare" className="underline">
          Compare then and now
        </Link>
      </p>

      <Panel aria-labelledby="new-moment-heading" className="mt-6">
        <h2 id="new-moment-heading" className="text-xl font-semibold text-ink">
          New moment
        </h2>
        <p className="mt-1 text-sm text-muted">
          Space used: {megabytes(page.quota.usedBytes)} of {megabytes(page.quota.limitBytes)}.
        </p>
        <UploadMomentForm
          startUpload={startUploadAction}
          createMoment={createMomentAction}
          habits={habits}
          albums={page.albums}
          goals={goals}
          // "Add a moment" on a goal's page comes here with ?goal=: that goal is chosen (if it is one of theirs).
          goalId={goals.some((choice) => choice.id === goal) ? goal : null}
          maxBytes={page.maxBytes}
        />
      </Panel>

      <Panel aria-labelledby="timeline-heading" compact className="mt-6">
        <h2 id="timeline-heading" className="text-xl font-semibold text-ink">
          Timeline
        </h2>
        {habits.length > 0 || page.albums.length > 0 ? (
          <form method="get" action="/cam" aria-label="Show moments of" className="mt-3 flex flex-wrap items-end gap-3">
            {[
              { label: "Habit", value: habit, choices: habits.map((h) => ({ value: h.id, label: h.title })) },
              { label: "Album", value: album, choices: page.albums.map((a) => ({ value: a.id, label: a.name })) },
            ].map((field) =>
              field.choices.length > 0 ? (
                <PlainSelect
                  key={field.label}
                  label={field.label}
                  name={field.label.toLowerCase()}
                  defaultValue={field.value ?? ""}
                  choices={[{ value: "", label: `Every ${field.label.toLowerCase()}` }, ...field.choices]}
                />
              ) : null,
            )}
            <button
              type="submit"
              className="min-h-11 rounded-full border border-brand-200 px-5 text-sm font-semibold text-ink"
            >
              Show
            </button>
            {filter ? (
              <Link href="/cam" className="text-sm underline">
                Show every moment
              </Link>
            ) : null}
          </form>
        ) : null}
        <ProcessingRefresh pending={processing} href={here} />
        {page.moments.length === 0 ? (
          <p className="mt-3 text-base text-muted">
            {filter ? "No moments here yet." : "No moments yet: add one above."}
          </p>
        ) : (
          <MomentDays
            days={[...days].map(([day, moments]) => ({
              day,
              name: dayName(day),
              moments: moments.map(momentCardData),
            }))}
            concealed={conceal.concealPhotos}
          />
        )}
        {page.nextBefore ? (
          <p className="mt-4">
            <Link href={`/cam?${filter ? `${filter}&` : ""}before=${page.nextBefore}`} className="underline">
              Older moments
            </Link>
          </p>
        ) : null}
      </Panel>

      <Panel aria-labelledby="albums-heading" compact className="mt-6">
        <h2 id="albums-heading" className="text-xl font-semibold text-ink">
          Albums
        </h2>
        {page.albums.length > 0 ? (
          <ul className="mt-2 grid gap-1">
            {page.albums.map((option) => (
              <li key={option.id}>
                <Link href={`/cam?album=${option.id}`} className="underline">
                  {option.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-base text-muted">No albums yet.</p>
        )}
        <AlbumForm action={createAlbumAction} />
      </Panel>

      <Panel aria-labelledby="cam-settings-heading" compact className="mt-6">
        <h2 id="cam-settings-heading" className="text-xl font-semibold text-ink">
          Cam settings
        </h2>
        <ConcealPhotosForm
          concealPhotos={conceal.concealPhotos}
          chosen={conceal.chosen}
          action={setConcealPhotosAction}
        />
        {/* Children are never prompted (lib/cam prompts.ts): no setting to show them. */}
        {page.isChild ? null : <PromptDayForm weekday={promptWeekday} action={setCamPromptAction} />}
      </Panel>
    </div>
  );
}
