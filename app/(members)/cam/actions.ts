"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { done, formError, type FormState } from "@/lib/forms";
import { formField, memberAction } from "@/lib/account/member-action";
import {
  createAlbum,
  createMoment,
  deleteMoment,
  reactToMoment,
  setCamPrompt,
  setChildCamSharing,
  setConcealPhotos,
  updateMoment,
} from "@/lib/cam";
import { revokeShare, shareItem } from "@/lib/circles/sharing";
import { camLinks, itemKinds } from "@/lib/features";

/** The moment form's fields, in the form's names (lib/cam checks their rules and names the field at fault). */
const MOMENT_FIELDS = [
  "uploadId",
  "note",
  "day",
  "alt",
  "habitId",
  "albumId",
  "goalId",
  "reaction",
  "name",
  "with",
  "childId",
  "promptWeekday",
];
const options = { fields: Object.fromEntries(MOMENT_FIELDS.map((name) => [name, name])), revalidate: false };

const momentFields = {
  note: formField,
  day: formField,
  alt: formField,
  habitId: formField,
  albumId: formField,
  goalId: formField,
};
type MomentForm = z.output<z.ZodObject<typeof momentFields>>;

/** An empty field is "none" (no note, no habit); an empty day is the photo's own day (or today). */
const momentInputOf = (form: MomentForm) => ({
  note: form.note.trim() || null,
  alt: form.alt.trim() || null,
  habitId: form.habitId || null,
  albumId: form.albumId || null,
  goalId: form.goalId || null,
  ...(form.day ? { day: form.day } : {}),
});

/** Cam's pages (and Today, which lists this week's moments) after a change. */
function refreshCam(momentId?: string) {
  revalidatePath("/cam");
  // A goal's page lists its moments.
  revalidatePath("/vision-board", "layout");
  if (momentId) revalidatePath(`/cam/${momentId}`);
  revalidatePath("/today");
}

/** Names an uploaded photo as a moment (its note, day, alternative text, habit and album). */
export const createMomentAction = memberAction(
  z.object({ uploadId: formField, ...momentFields }),
  async (member, form): Promise<FormState> => {
    if (!form.uploadId) return formError("Choose a photo first.", "photo");
    const moment = await createMoment(
      member.memberId,
      { uploadId: form.uploadId, ...momentInputOf(form) },
      { kinds: itemKinds, links: camLinks },
    );
    refreshCam(moment.id);
    return done("Moment saved. Its photo is being prepared.");
  },
  options,
);

export const updateMomentAction = memberAction(
  z.object({ momentId: formField, ...momentFields }),
  async (member, form) => {
    await updateMoment(member.memberId, form.momentId, momentInputOf(form), { kinds: itemKinds, links: camLinks });
    refreshCam(form.momentId);
    return done("Moment saved.");
  },
  options,
);

/**
 * Deleting goes back to the timeline by a full page load (the members' pages are never cached): no
 * revalidation here, which would re-render the moment's page, now a 404, before the browser leaves it.
 */
export const deleteMomentAction = memberAction(
  z.object({ momentId: formField }),
  async (member, { momentId }): Promise<FormState> => {
    await deleteMoment(member.memberId, momentId);
    return { status: "redirect", message: "Moment deleted.", fieldErrors: {}, values: {}, redirectTo: "/cam" };
  },
  options,
);

/** Shares a moment, to see only, with one of the owner's circles or one person: "circle:<id>" or "member:<id>". */
export const shareMomentAction = memberAction(
  z.object({ momentId: formField, with: formField }),
  async (member, form) => {
    const [kind, id] = form.with.split(/:(.*)/s);
    if (kind !== "circle" && kind !== "member") return formError("Choose whom to share it with.", "with");
    await shareItem(
      member.memberId,
      {
        itemType: "moment",
        itemId: form.momentId,
        memberId: kind === "member" ? id : null,
        circleId: kind === "circle" ? id : null,
        permission: "view",
      },
      { kinds: itemKinds },
    );
    refreshCam(form.momentId);
    revalidatePath("/circle");
    return done("Shared: they can see it now.");
  },
  options,
);

/** Takes a share back: the photo leaves their view at the next request. */
export const stopSharingMomentAction = memberAction(
  z.object({ momentId: formField, shareId: formField }),
  async (member, { momentId, shareId }) => {
    await revokeShare(member.memberId, shareId);
    refreshCam(momentId);
    revalidatePath("/circle");
    return done("Stopped sharing: they no longer see it.");
  },
  options,
);

/** A viewer's reaction (and short note), seen by the owner alone; a second one replaces the first. */
export const reactAction = memberAction(
  z.object({ momentId: formField, reaction: formField, note: formField }),
  async (member, { momentId, reaction, note }) => {
    await reactToMoment(member.memberId, momentId, { reaction, note: note.trim() || null });
    refreshCam(momentId);
    return done("Sent. Only they see it.");
  },
  options,
);

export const createAlbumAction = memberAction(
  z.object({ name: formField }),
  async (member, { name }) => {
    await createAlbum(member.memberId, { name });
    revalidatePath("/cam");
    return done("Album added.");
  },
  options,
);

/** A carer lets a child share their moments with their circle, or not (on /circle). */
export const childCamSharingAction = memberAction(
  z.object({ childId: formField, mayShare: formField }),
  async (member, { childId, mayShare }) => {
    await setChildCamSharing(member.memberId, { childId, mayShare: mayShare === "on" });
    revalidatePath("/circle");
    return done(mayShare === "on" ? "They may share moments with their circle." : "Their moments stay private.");
  },
  options,
);

/** The member's own choice: photos covered until opened on Cam's pages and Today, or shown at once. */
export const setConcealPhotosAction = memberAction(
  z.object({ concealPhotos: formField }),
  async (member, { concealPhotos }) => {
    await setConcealPhotos(member.memberId, { concealPhotos: concealPhotos === "on" });
    refreshCam();
    revalidatePath("/cam/compare");
    return done(concealPhotos === "on" ? "Photos stay covered until you open them." : "Photos show at once.");
  },
  options,
);

const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** The gentle weekly prompt's day ("1".."7", ISO weekdays) or "off": lib/cam refuses anything else, naming the field. */
export const setCamPromptAction = memberAction(
  z.object({ promptWeekday: formField }),
  async (member, { promptWeekday }) => {
    const weekday = promptWeekday === "off" || promptWeekday === "" ? null : Number(promptWeekday);
    await setCamPrompt(member.memberId, { promptWeekday: weekday });
    revalidatePath("/cam");
    return done(
      weekday === null
        ? "No prompts: nothing will be sent."
        : `Saved: a gentle prompt on ${WEEKDAY_NAMES[weekday - 1]} mornings, if you'd like one.`,
    );
  },
  options,
);
