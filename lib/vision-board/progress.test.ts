import { describe, expect, it } from "vitest";
import { goalProgress, type ProgressInput } from "./progress";

const goal = (fields: Partial<ProgressInput>): ProgressInput => ({
  status: "active",
  milestones: [],
  habitScores: [],
  targetCount: null,
  countDone: null,
  ...fields,
});

describe("goalProgress", () => {
  it("has no progress without milestones, habits or a target", () => {
    expect(goalProgress(goal({}))).toBeNull();
  });

  it("counts the milestones done", () => {
    const milestones = [{ done: true }, { done: true }, { done: false }, { done: true }];
    expect(goalProgress(goal({ milestones }))).toBe(0.75);
  });

  it("takes the linked habits' mean score", () => {
    expect(goalProgress(goal({ habitScores: [0.8, 0.4] }))).toBeCloseTo(0.6);
  });

  it("reads the target's count, capped at the target", () => {
    expect(goalProgress(goal({ targetCount: 12, countDone: 3 }))).toBe(0.25);
    expect(goalProgress(goal({ targetCount: 12, countDone: 20 }))).toBe(1);
    expect(goalProgress(goal({ targetCount: 12, countDone: null }))).toBe(0);
  });

  it("weighs each source the goal has the same", () => {
    const progress = goalProgress(
      goal({ milestones: [{ done: true }, { done: false }], habitScores: [1, 1, 1, 1], targetCount: 10, countDone: 0 }),
    );
    // (0.5 + 1 + 0) / 3: four habits do not outweigh the milestones.
    expect(progress).toBeCloseTo(0.5);
  });

  it("is full for a done goal and keeps what a let-go goal reached", () => {
    expect(goalProgress(goal({ status: "done", milestones: [{ done: false }] }))).toBe(1);
    expect(goalProgress(goal({ status: "let_go", milestones: [{ done: true }, { done: false }] }))).toBe(0.5);
  });

  it("moves when a linked habit's score moves (no streak is read)", () => {
    const before = goalProgress(goal({ habitScores: [0.1] }))!;
    const after = goalProgress(goal({ habitScores: [0.3] }))!;
    expect(after).toBeGreaterThan(before);
  });
});
