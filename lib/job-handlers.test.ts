import { describe, expect, it } from "vitest";
import { EVENT_REMINDER_JOB } from "./calendar/store/reminders";
import { REMINDER_JOB, SUMMARY_JOB } from "./habits/reminders";
import { jobHandlers } from "./job-handlers";

describe("the one job timer's handlers", () => {
  it("handle every kind a feature schedules", () => {
    expect(Object.keys(jobHandlers).sort()).toEqual([EVENT_REMINDER_JOB, REMINDER_JOB, SUMMARY_JOB].sort());
  });
});
