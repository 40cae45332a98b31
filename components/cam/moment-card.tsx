import { dateTimeFormat } from "@/lib/format/intl";
import Link from "next/link";
import type { MomentView } from "@/lib/cam";
import { ConcealedPhoto } from "./concealed-photo";

const dayFormat = dateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/**
 * "Saturday 28 November 2026" for a "YYYY-MM-DD" day (a calendar day: no zone moves it), put together
 * from its parts: ICU versions differ on the comma after the weekday.
 */
export function dayName(day: string) {
  const parts = Object.fromEntries(
    dayFormat.formatToParts(new Date(`${day}T00:00:00Z`)).map((part) => [part.type, part.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}

/**
 * A moment's photo at the size asked for: while it is processing a plain box saying so, when it was
 * refused the reason, else the image (concealed until opened in discreet mode).
 */
export function MomentPhoto({
  moment,
  size,
  concealed,
}: {
  moment: Pick<MomentView, "image" | "alt">;
  size: "thumbnail" | "display";
  concealed: boolean;
}) {
  const { image } = moment;
  const src = size === "display" ? image.url : image.thumbnailUrl;
  if (image.status === "failed") {
    return (
      <p className="flex aspect-[4/3] w-full items-center justify-center rounded-2xl bg-red-50 p-3 text-center text-sm text-red-800">
        This photo could not be used: {image.error ?? "it could not be read"}.
      </p>
    );
  }
  if (image.status !== "ready" || !src) {
    return (
      <p className="flex aspect-[4/3] w-full items-center justify-center rounded-2xl bg-slate-100 text-sm font-semibold text-muted">
        Processing…
      </p>
    );
  }
  return (
    <ConcealedPhoto
      src={src}
      alt={moment.alt ?? ""}
      width={image.width}
      height={image.height}
      placeholder={image.placeholder}
      concealed={concealed}
    />
  );
}

/** One moment in the timeline: its photo, whose it is when not the member's own, its note, and the way to its page. */
export function MomentCard({
  moment,
  concealed,
  headingLevel = 4,
}: {
  moment: MomentView;
  concealed: boolean;
  /** Under the page's h2 (Today) or under a day's h3 (the timeline). */
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <article aria-labelledby={`moment-${moment.id}`} className="grid content-start gap-2">
      <MomentPhoto moment={moment} size="thumbnail" concealed={concealed} />
      <Heading id={`moment-${moment.id}`} className="text-base font-semibold text-ink">
        <Link href={`/cam/${moment.id}`} className="underline">
          {moment.mine ? "Your moment" : `${moment.ownerName}'s moment`}
          <span className="sr-only"> of {dayName(moment.day)}</span>
        </Link>
      </Heading>
      {moment.alt && moment.image.status === "ready" ? <p className="text-sm text-muted">Photo: {moment.alt}</p> : null}
      {moment.note ? <p className="line-clamp-3 text-sm text-ink">{moment.note}</p> : null}
    </article>
  );
}
