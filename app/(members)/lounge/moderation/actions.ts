"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { done } from "@/lib/forms";
import { formField, memberAction } from "@/lib/account/member-action";
import { addModeratorNote, appealModeration, decideAppeal, moderatePost } from "@/lib/lounge";

// Thin: lib/lounge/moderation.ts checks the caller is a named moderator (404 otherwise) and the rules.
const fields = (names: string[]) => ({
  fields: Object.fromEntries(names.map((name) => [name, name])),
  revalidate: false,
});

function refresh(postId?: string) {
  revalidatePath("/lounge/moderation");
  revalidatePath("/lounge/moderation/log");
  if (postId) revalidatePath(`/lounge/moderation/${postId}`);
}

/** Publish, remove, dismiss, warn or suspend, with the moderator's reason. */
export const moderatePostAction = memberAction(
  z.object({ postId: formField, action: formField, reason: formField, days: formField }),
  async (member, form) => {
    await moderatePost(member.memberId, {
      postId: form.postId,
      action: form.action,
      reason: form.reason,
      ...(form.action === "suspend" ? { days: form.days } : {}),
    });
    refresh(form.postId);
    return done("Done: the decision and its reason are in the audit log.");
  },
  fields(["postId", "action", "reason", "days"]),
);

export const addModeratorNoteAction = memberAction(
  z.object({ memberId: formField, text: formField, postId: formField }),
  async (member, form) => {
    await addModeratorNote(member.memberId, { memberId: form.memberId, text: form.text });
    refresh(form.postId);
    return done("Note saved.");
  },
  fields(["memberId", "text"]),
);

export const decideAppealAction = memberAction(
  z.object({ appealId: formField, decision: formField, reason: formField }),
  async (member, form) => {
    await decideAppeal(member.memberId, form);
    // No revalidatePath here (any would re-render the console at once, and the appeal would leave the
    // list with its form and answer): the form shows the answer in its place; the console and the log,
    // rendered per request, show the decision on the next visit.
    return done(form.decision === "uphold" ? "Appeal upheld: the decision is undone." : "Appeal rejected.");
  },
  fields(["appealId", "decision", "reason"]),
);

/** A member's own appeal of a removal or suspension (the members' Lounge pages place the form). */
export const appealModerationAction = memberAction(
  z.object({ logId: formField, text: formField }),
  async (member, form) => {
    await appealModeration(member.memberId, form);
    return done("Your appeal is sent: another moderator will look at it.");
  },
  fields(["logId", "text"]),
);
