/**
 * A goal's progress, 0..1, from what the member does, never from a streak. ONE pure function.
 *
 * Three sources, each 0..1, each counted only when the goal has it:
 * - milestones: the share done (3 of 4 done: 0.75);
 * - linked habits: the mean of their scores (lib/habits/score.ts, Loop's moving average: a habit kept
 *   lately counts fully, one dropped fades over weeks, a missed day never zeroes it);
 * - the target's count: countDone / targetCount, capped at 1 (read 4 of 12 books: 0.33).
 * The progress is their plain mean: each source the member chose to plan with weighs the same, so
 * adding habits never drowns the milestones. A goal with none of them has no progress (null: the page
 * shows no bar rather than an empty one), a done goal is 1, and a let-go goal keeps what it reached.
 */
export type ProgressInput = {
  status: "active" | "done" | "let_go";
  milestones: { done: boolean }[];
  habitScores: number[];
  targetCount: number | null;
  countDone: number | null;
};

const clamp = (value: number) => Math.min(1, Math.max(0, value));

export function goalProgress(goal: ProgressInput): number | null {
  if (goal.status === "done") return 1;
  const parts: number[] = [];
  if (goal.milestones.length > 0)
    parts.push(goal.milestones.filter((milestone) => milestone.done).length / goal.milestones.length);
  if (goal.habitScores.length > 0)
    parts.push(goal.habitScores.reduce((sum, score) => sum + clamp(score), 0) / goal.habitScores.length);
  if (goal.targetCount !== null && goal.targetCount > 0) parts.push(clamp((goal.countDone ?? 0) / goal.targetCount));
  if (parts.length === 0) return null;
  return parts.reduce((sum, part) => sum + part, 0) / parts.length;
}
