import type { Metadata } from "next";
import Link from "next/link";
import { getMember } from "@/lib/auth/member";
import { concealsPhotos, loadCamTimeline } from "@/lib/cam/page";
import { Panel } from "@/components/ui/panel";
import { dayName, MomentPhoto } from "@/components/cam/moment-card";
import { PlainSelect } from "@/components/cam/choices";
import { habitChoices } from "../habit-choices";

export const metadata: Metadata = { title: "Compare" };

type SearchParams = Promise<{ of?: string; then?: string; now?: string }>;

const buttonClass = "min-h-11 rounded-full border border-brand-200 px-5 text-sm font-semibold text-ink";

/**
 * "Then and now": two moments of one habit or album side by side, chosen by the member in two plain
 * forms (which habit or album, then which two moments), so a keyboard does all of it. By default the
 * oldest and the newest.
 */
export default async function ComparePage({ searchParams }: { searchParams: SearchParams }) {
  const member = await getMember();
  if (!member) return null; // the layout sends visitors to sign-in
  const { of = "", then, now } = await searchParams;
  const [kind, id] = of.split(/:(.*)/s);
  const filter = kind === "habit" && id ? { habitId: id } : kind === "album" && id ? { albumId: id } : null;
  const [page, habits, discreet] = await Promise.all([
    loadCamTimeline(member, filter ?? {}),
    habitChoices(member.memberId),
    concealsPhotos(member.memberId),
  ]);
  const moments = filter ? page.moments.filter((moment) => moment.image.status !== "failed") : [];
  const chosenThen = moments.find((moment) => moment.id === then) ?? moments.at(-1);
  const chosenNow = moments.find((moment) => moment.id === now) ?? moments[0];
  const choices = moments.map((moment) => ({
    value: moment.id,
    label: `${dayName(moment.day)}${moment.note ? `: ${moment.note.slice(0, 40)}` : ""}`,
  }));
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-ink">Then and now</h1>
      <p className="mt-2 text-base text-muted">
        <Link href="/cam" className="underline">
          Back to Cam
        </Link>
      </p>
      <Panel aria-labelledby="choose-heading" compact className="mt-6">
        <h2 id="choose-heading" className="text-xl font-semibold text-ink">
          Choose
        </h2>
        {habits.length === 0 && page.albums.length === 0 ? (
          <p className="mt-2 text-base text-muted">Attach moments to a habit or an album to compare them.</p>
        ) : (
          <form method="get" aria-label="Habit or album" className="mt-3 flex flex-wrap items-end gap-3">
            <PlainSelect
              label="Habit or album"
              name="of"
              defaultValue={of}
              choices={[
                { value: "", label: "Choose one" },
                ...habits.map((habit) => ({ value: `habit:${habit.id}`, label: `Habit: ${habit.title}` })),
                ...page.albums.map((album) => ({ value: `album:${album.id}`, label: `Album: ${album.name}` })),
              ]}
            />
            <button type="submit" className={buttonClass}>
              Show its moments
            </button>
          </form>
        )}
        {filter && moments.length < 2 ? (
          <p className="mt-3 text-base text-muted">It needs two moments with a photo to compare.</p>
        ) : null}
        {filter && moments.length >= 2 ? (
          <form method="get" aria-label="Moments to compare" className="mt-4 flex flex-wrap items-end gap-3">
            <input type="hidden" name="of" value={of} />
            <PlainSelect label="Then" name="then" defaultValue={chosenThen?.id} choices={choices} />
            <PlainSelect label="Now" name="now" defaultValue={chosenNow?.id} choices={choices} />
            <button type="submit" className={buttonClass}>
              Compare
            </button>
          </form>
        ) : null}
      </Panel>
      {chosenThen && chosenNow && moments.length >= 2 ? (
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          {[
            { heading: "Then", moment: chosenThen },
            { heading: "Now", moment: chosenNow },
          ].map(({ heading, moment }) => (
            <Panel key={heading} aria-labelledby={`compare-${heading}`} compact>
              <h2 id={`compare-${heading}`} className="text-xl font-semibold text-ink">
                {heading}: {dayName(moment.day)}
              </h2>
              <div className="mt-3">
                <MomentPhoto moment={moment} size="display" concealed={discreet} />
              </div>
              {moment.alt ? <p className="mt-2 text-sm text-muted">Photo: {moment.alt}</p> : null}
              {moment.note ? <p className="mt-2 text-base text-ink">{moment.note}</p> : null}
            </Panel>
          ))}
        </div>
      ) : null}
    </div>
  );
}
