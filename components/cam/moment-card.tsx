import { dateTimeFormat } from "@/lib/format/intl";
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

/** What a moment's card shows, and no more: the list's props are sent to the browser (MomentCards). */
export type MomentCardData = Pick<MomentView, "id" | "mine" | "ownerName" | "alt" | "note" | "image"> & {
  dayName: string;
};

export const momentCardData = (moment: MomentView): MomentCardData => ({
  id: moment.id,
  mine: moment.mine,
  ownerName: moment.ownerName,
  alt: moment.alt,
  note: moment.note,
  image: moment.image,
  dayName: dayName(moment.day),
});
