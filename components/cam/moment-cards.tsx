"use client";

import Link from "next/link";
import { MomentPhoto, type MomentCardData } from "./moment-card";

/*
 * Lists of moments render here, in a client component given only the cards' data, as the Lounge's
 * table does (components/lounge/table-posts.tsx): a server component's markup travels twice (in the
 * HTML and again in the React payload that hydrates it). /cam with thirty moments went from 109.0 kB
 * to 85.0 kB, and from 0.75 to 0.83 of a bare Next.js page of its size (bench `cam`).
 */

/** One moment: its photo, whose it is when not the member's own, its note, and the way to its page. */
function MomentCard({
  moment,
  concealed,
  headingLevel,
}: {
  moment: MomentCardData;
  concealed: boolean;
  headingLevel: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <article aria-labelledby={`moment-${moment.id}`} className="grid content-start gap-2">
      <MomentPhoto moment={moment} size="thumbnail" concealed={concealed} />
      <Heading id={`moment-${moment.id}`} className="text-base font-semibold text-ink">
        <Link href={`/cam/${moment.id}`} className="underline">
          {moment.mine ? "Your moment" : `${moment.ownerName}'s moment`}
          <span className="sr-only"> of {moment.dayName}</span>
        </Link>
      </Heading>
      {moment.alt && moment.image.status === "ready" ? <p className="text-sm text-muted">Photo: {moment.alt}</p> : null}
      {moment.note ? <p className="line-clamp-3 text-sm text-ink">{moment.note}</p> : null}
    </article>
  );
}

/** Moments in a grid; headings at `headingLevel` (3 under a page's h2, 4 under a day's h3). */
export function MomentGrid({
  moments,
  concealed,
  headingLevel,
  className = "mt-2",
}: {
  moments: MomentCardData[];
  concealed: boolean;
  headingLevel: 3 | 4;
  className?: string;
}) {
  return (
    <div className={`grid grid-cols-2 gap-4 sm:grid-cols-3 ${className}`}>
      {moments.map((moment) => (
        <MomentCard key={moment.id} moment={moment} concealed={concealed} headingLevel={headingLevel} />
      ))}
    </div>
  );
}

/** The timeline: a section per day (its name an h3), newest first, each with its moments. */
export function MomentDays({
  days,
  concealed,
}: {
  days: { day: string; name: string; moments: MomentCardData[] }[];
  concealed: boolean;
}) {
  return days.map(({ day, name, moments }) => (
    <section key={day} aria-labelledby={`day-${day}`} className="mt-5">
      <h3 id={`day-${day}`} className="text-base font-semibold text-ink">
        {name}
      </h3>
      <MomentGrid moments={moments} concealed={concealed} headingLevel={4} />
    </section>
  ));
}
