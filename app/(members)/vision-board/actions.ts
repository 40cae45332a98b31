"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { formField, memberAction, numberField } from "@/lib/account/member-action";
import { done, formError } from "@/lib/forms";
import { boardLinks, itemKinds } from "@/lib/features";
import { revokeShare, shareItem } from "@/lib/circles/sharing";
import {
  addBoardItem,
  addMilestone,
  cheerGoal,
  completeMilestone,
  createBoard,
  moveBoardItem,
  removeBoardItem,
  renameBoard,
  setChildBoardRight,
  setGoalStatus,
  setLookBack,
  updateBoardItem,
} from "@/lib/vision-board";

/** /vision-board's server actions: thin, the rules are in lib/vision-board. */
const options = { revalidate: false } as const;
const links = { links: boardLinks };
const orNull = (value: string) => (value.trim() === "" ? null : value);
const changed = () => revalidatePath("/vision-board", "layout");

export const addItemAction = memberAction(
  z.object({
    boardId: formField,
    kind: formField,
    title: formField,
    privateTitle: formField,
    text: formField,
    colour: formField,
    uploadId: formField,
    area: formField,
    size: formField,
    why: formField,
    targetDate: formField,
    targetCount: numberField("targetCount"),
    targetUnit: formField,
  }),
  async (member, form) => {
    const kind = form.kind || "goal";
    const goal = kind === "goal";
    await addBoardItem(
      member.memberId,
      form.boardId,
      {
        kind,
        title: orNull(form.title),
        privateTitle: orNull(form.privateTitle),
        text: kind === "words" ? orNull(form.text) : null,
        colour: kind === "colour" ? orNull(form.colour) : null,
        uploadId: kind === "photo" ? orNull(form.uploadId) : null,
        area: orNull(form.area),
        size: form.size || "medium",
        why: goal ? orNull(form.why) : null,
        targetDate: goal ? orNull(form.targetDate) : null,
        targetCount: goal ? form.targetCount : null,
        targetUnit: goal ? orNull(form.targetUnit) : null,
      },
      links,
    );
    changed();
    return done("Added to the board.");
  },
  options,
);

/** Moves an item to a position (0 first): the buttons and dragging both send it; the answer says where it is now. */
export const moveItemAction = memberAction(
  z.object({ itemId: formField, position: numberField("position") }),
  async (member, form) => {
    const board = await moveBoardItem(member.memberId, form.itemId, form.position, links);
    const at = board.items.findIndex((item) => item.id === form.itemId);
    changed();
    return done(`Moved to position ${at + 1} of ${board.items.length}.`);
  },
  options,
);

export const removeItemAction = memberAction(
  z.object({ itemId: formField }),
  async (member, form) => {
    await removeBoardItem(member.memberId, form.itemId, links);
    changed();
    return done("Removed from the board.");
  },
  options,
);

export const createBoardAction = memberAction(
  z.object({ name: formField }),
  async (member, form) => {
    await createBoard(member.memberId, form.name, links);
    changed();
    return done("Board made.");
  },
  { ...options, field: "name" },
);

export const renameBoardAction = memberAction(
  z.object({ boardId: formField, name: formField }),
  async (member, form) => {
    await renameBoard(member.memberId, form.boardId, form.name, links);
    changed();
    return done("Board renamed.");
  },
  { ...options, field: "name" },
);

export const goalStatusAction = memberAction(
  z.object({ itemId: formField, status: formField, note: formField }),
  async (member, form) => {
    await setGoalStatus(member.memberId, form.itemId, form.status, orNull(form.note), links);
    changed();
    return done(
      form.status === "let_go"
        ? "Let go. That is a choice, not a failure."
        : form.status === "done"
          ? "Done. Well done."
          : "Active again.",
    );
  },
  options,
);

export const addMilestoneAction = memberAction(
  z.object({ itemId: formField, title: formField, date: formField }),
  async (member, form) => {
    await addMilestone(member.memberId, form.itemId, form.title, orNull(form.date), links);
    changed();
    return done(form.date ? "Milestone added, and put in your calendar." : "Milestone added.");
  },
  options,
);

export const completeMilestoneAction = memberAction(
  z.object({ milestoneId: formField, done: formField }),
  async (member, form) => {
    await completeMilestone(member.memberId, form.milestoneId, form.done === "true", links);
    changed();
    return done(form.done === "true" ? "Milestone done." : "Milestone open again.");
  },
  options,
);

/** The goal's linked habits and count done: the ticked habit boxes are `habit:<id>`. */
export const goalPlanAction = memberAction(
  z.object({ itemId: formField, countDone: numberField("countDone") }).catchall(formField),
  async (member, form) => {
    const habitIds = Object.keys(form)
      .filter((key) => key.startsWith("habit:"))
      .map((key) => key.slice("habit:".length));
    await updateBoardItem(member.memberId, form.itemId, { kind: "goal", habitIds, countDone: form.countDone }, links);
    changed();
    return done("Plan saved.");
  },
  options,
);

export const childRightAction = memberAction(
  z.object({ circleId: formField, childId: formField, right: formField }),
  async (member, form) => {
    await setChildBoardRight(member.memberId, form);
    changed();
    return done(form.right === "view" ? "They can look at the board." : "They can add to the board.");
  },
  options,
);

/** Shares a goal on the member's own board through the one sharing rule: "member:<id>" or "circle:<id>", view or edit. */
export const shareGoalAction = memberAction(
  z.object({ itemId: formField, with: formField, permission: formField }),
  async (member, form) => {
    const [kind, id] = form.with.split(/:(.*)/s);
    if (kind !== "circle" && kind !== "member") return formError("Choose whom to share it with.", "with");
    await shareItem(
      member.memberId,
      {
        itemType: "goal",
        itemId: form.itemId,
        memberId: kind === "member" ? id : null,
        circleId: kind === "circle" ? id : null,
        permission: form.permission,
      },
      { kinds: itemKinds },
    );
    changed();
    revalidatePath("/circle");
    return done("Shared.");
  },
  options,
);

/** Takes one of the goal's shares back: they get 404 for it at their next request. */
export const stopSharingGoalAction = memberAction(
  z.object({ itemId: formField, shareId: formField }),
  async (member, form) => {
    await revokeShare(member.memberId, form.shareId);
    changed();
    revalidatePath("/circle");
    return done("Stopped sharing: they no longer see it.");
  },
  options,
);

/** A private cheer on a goal shared with the member; only the goal's owner reads it. */
export const cheerGoalAction = memberAction(
  z.object({ itemId: formField, note: formField }),
  async (member, form) => {
    await cheerGoal(member.memberId, form.itemId, orNull(form.note), links);
    changed();
    return done("Cheer sent. Only they see it.");
  },
  options,
);

/** The monthly look back's day (or off); lib/vision-board refuses anything but its choices, naming the field. */
export const lookBackAction = memberAction(
  z.object({ lookBack: formField }),
  async (member, { lookBack }) => {
    await setLookBack(member.memberId, { lookBack });
    changed();
    return done(
      lookBack === "off" ? "No look back: nothing will be sent." : "Saved: your look back comes on that day.",
    );
  },
  { ...options, field: "lookBack" },
);
