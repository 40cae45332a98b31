import { describe, expect, it } from "vitest";
import { EVENT_REMINDER_JOB } from "./calendar/store/reminders";
import { CHILD_TURNS_13_JOB } from "./circles/growing-up";
import { SHARED_ITEM_TYPES } from "./circles/sharing";
import { REMINDER_JOB, SUMMARY_JOB } from "./habits/reminders";
import { imageHolders, itemKinds, jobHandlers } from "./features";
import { IMAGE_PROCESS_JOB, UPLOAD_EXPIRE_JOB } from "./uploads";
import { PROMPT_JOB } from "./cam/prompts";
import { LOOK_BACK_JOB } from "./vision-board/look-back";
import { PHOTO_CHECK_JOB, POST_ANNOUNCE_JOB } from "./lounge/photo-check";

describe("the members' features, listed once", () => {
  it("give the one job timer a handler for every kind a feature schedules", () => {
    expect(Object.keys(jobHandlers).sort()).toEqual(
      [
        CHILD_TURNS_13_JOB,
        EVENT_REMINDER_JOB,
        REMINDER_JOB,
        SUMMARY_JOB,
        IMAGE_PROCESS_JOB,
        UPLOAD_EXPIRE_JOB,
        PROMPT_JOB,
        LOOK_BACK_JOB,
        PHOTO_CHECK_JOB,
        POST_ANNOUNCE_JOB,
      ].sort(),
    );
  });

  it("give sharing a kind for every type of item the API can share, each naming its items' owner", () => {
    expect(Object.keys(itemKinds).sort()).toEqual([...SHARED_ITEM_TYPES].sort());
    for (const type of SHARED_ITEM_TYPES) expect(itemKinds[type]?.ownerOf).toBeTypeOf("function");
  });

  it("give the image route a holder for every kind of item that holds an image", () => {
    expect(Object.keys(imageHolders)).toEqual(["moment", "board-item", "lounge-post"]);
  });
});
