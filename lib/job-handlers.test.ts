import { describe, expect, it } from "vitest";
import { EVENT_REMINDER_JOB } from "./calendar/store/reminders";
import { CHILD_TURNS_13_JOB } from "./circles/growing-up";
import { REMINDER_JOB, SUMMARY_JOB } from "./habits/reminders";
import { jobHandlers } from "./job-handlers";

describe("the one job timer's handlers", () => {
  it("handle every kind a feature schedules", () => {
    expect(Object.keys(jobHandlers).sort()).toEqual(
      [CHILD_TURNS_13_JOB, EVENT_REMINDER_JOB, REMINDER_JOB, SUMMARY_JOB].sort(),
    );
  });
});
