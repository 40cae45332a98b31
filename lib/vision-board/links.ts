import type { Db } from "../db/open";
import type { LocalDate } from "../time";
import type { ImageView } from "../uploads";

/** A Happr Cam moment marking progress on a goal, as its page shows it (a thumbnail, the day, the note). */
export type GoalMoment = {
  id: string;
  ownerName: string;
  mine: boolean;
  day: string;
  note: string | null;
  alt: string | null;
  image: ImageView;
};

/**
 * What a goal reaches in other features, given by the composition root (lib/features.ts,
 * `boardLinks`): the board imports no other feature (lib/README.md). Tests bring their own.
 */
export type BoardLinks = {
  /** The owner of a habit (lib/habits), or null: a goal links only its owner's own habits. */
  habitOwnerOf: (habitId: string, db: Db) => Promise<string | null>;
  /** The scores (0..1, lib/habits/score.ts) of `ownerId`'s habits among `habitIds`; others are left out. */
  habitScores: (ownerId: string, habitIds: string[], db: Db) => Promise<Map<string, number>>;
  /** The owner's own live habits, by title, for the goal form's choices. */
  habitChoices: (ownerId: string, db: Db) => Promise<{ id: string; title: string }[]>;
  /** Makes a dated milestone a real all-day event in the owner's calendar (lib/calendar's own rules); its id. */
  addMilestoneEvent: (
    ownerId: string,
    event: { title: string; privateTitle: string | null; date: LocalDate },
    db: Db,
  ) => Promise<string>;
  /** Removes that event again (the milestone or its goal was removed). */
  removeMilestoneEvent: (ownerId: string, eventId: string, db: Db) => Promise<void>;
  /**
   * The goal's Cam moments that `viewerId` may see (Cam's own rule: their own, and those shared with
   * them, a child's only as their carers allow), newest first, and whether the viewer keeps photos
   * covered until opened.
   */
  goalMoments: (viewerId: string, goalId: string, db: Db) => Promise<{ moments: GoalMoment[]; concealed: boolean }>;
  /** Whether a child's account may show photos to their circle (Happr Cam's rule for children). */
  childMaySharePhotos: (childId: string, db: Db) => Promise<boolean>;
};

/** The kind of holder board photos are in lib/uploads (its image route asks the board's access rule). */
export const BOARD_IMAGE_HOLDER = "board-item";
