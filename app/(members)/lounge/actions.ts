"use server";

import { revalidatePath } from "next/cache";
import { after } from "next/server";
import { z } from "zod";
import { done, formError, type FormState } from "@/lib/forms";
import { formField, memberAction } from "@/lib/account/member-action";
import {
  checkNewPostPhotos,
  cheerLoungePost,
  joinLounge,
  LOUNGE_RULES_VERSION,
  postToLounge,
  REPLY_EMAIL_HOURS,
  reportLoungePost,
  setReplyEmails,
} from "@/lib/lounge";

/** The Lounge forms' fields, in the form's names (lib/lounge names the field at fault in the API's names). */
const FIELDS = ["loungeName", "rulesVersion", "text", "replyTo", "postId", "reason", "note", "roomId"];
const options = {
  fields: { ...Object.fromEntries(FIELDS.map((name) => [name, name])), imageUploadId: "uploadId" },
  revalidate: false,
};

/**
 * Accepts the house rules shown on the page (their version comes with the form, so rules that changed
 * while the page was open are refused, not accepted unread) with a Lounge name.
 */
export const joinLoungeAction = memberAction(
  z.object({ loungeName: formField, rulesVersion: formField, accept: formField }),
  async (member, form): Promise<FormState> => {
    if (form.accept !== "on") return formError("Tick the box to accept the house rules.", "accept");
    const rulesVersion = Number(form.rulesVersion || LOUNGE_RULES_VERSION);
    const { loungeName } = await joinLounge(member, { loungeName: form.loungeName, rulesVersion });
    revalidatePath("/lounge");
    return done(`Welcome to the Lounge, ${loungeName}.`);
  },
  options,
);

/**
 * A new Lounge name from /lounge: joinLounge again, as the API renames, so both keep one set of rules
 * (not the member's own or circle name, unique, no contact details); the rules' version is the one the
 * member accepted on the page, so a rename never accepts rules they have not seen.
 */
export const renameLoungeAction = memberAction(
  z.object({ loungeName: formField, rulesVersion: formField }),
  async (member, form): Promise<FormState> => {
    const { loungeName } = await joinLounge(member, {
      loungeName: form.loungeName,
      rulesVersion: Number(form.rulesVersion),
    });
    revalidatePath("/lounge");
    return done(`You are ${loungeName} now: your posts show the new name.`);
  },
  options,
);

/** A post, or a reply (`replyTo`), at the member's table in a room; with a photo already sent (`uploadId`). */
export const postToLoungeAction = memberAction(
  z.object({ roomId: formField, text: formField, replyTo: formField, uploadId: formField }),
  async (member, form): Promise<FormState> => {
    const post = await postToLounge(member.memberId, {
      roomId: form.roomId,
      text: form.text,
      replyTo: form.replyTo || null,
      imageUploadId: form.uploadId || null,
    });
    // The photo is processed off the request, as the Vision Board's are, then checked (lib/lounge photo-check.ts).
    if (post.holdReasons.includes("image-check")) after(() => checkNewPostPhotos());
    revalidatePath(`/lounge/${form.roomId}`);
    const waitsForCheckOnly = post.holdReasons.length === 1 && post.holdReasons[0] === "image-check";
    return done(
      waitsForCheckOnly
        ? "Your photo is being checked: the post appears when the check is done."
        : post.held
          ? "Held for a moderator: nobody else sees it until a person decides."
          : form.replyTo
            ? "Reply posted."
            : "Posted.",
    );
  },
  options,
);

/** A private cheer: only the post's author learns that someone cheered. */
export const cheerLoungeAction = memberAction(
  z.object({ postId: formField }),
  async (member, form): Promise<FormState> => {
    await cheerLoungePost(member.memberId, form.postId);
    return done("Cheer sent: only they will see it.");
  },
  options,
);

/** A private report: the reason is the button tapped, the note optional. */
export const reportLoungeAction = memberAction(
  z.object({ postId: formField, reason: formField, note: formField }),
  async (member, form): Promise<FormState> => {
    await reportLoungePost(member.memberId, { postId: form.postId, reason: form.reason, note: form.note || null });
    return done("Reported: a moderator will look at it. Nobody is told who reported it.");
  },
  options,
);

/** Reply emails, asked for or stopped (off unless asked; never for a child's account). */
export const replyEmailsAction = memberAction(
  z.object({ replyEmails: z.enum(["on", "off"], { message: "Choose on or off" }) }),
  async (member, form): Promise<FormState> => {
    await setReplyEmails(member.memberId, { enabled: form.replyEmails === "on" });
    revalidatePath("/lounge");
    return done(
      form.replyEmails === "on"
        ? `On: an email when someone replies to your post, at most one a post every ${REPLY_EMAIL_HOURS} hours, after your quiet hours.`
        : "Off: no emails about replies.",
    );
  },
  { revalidate: false },
);
