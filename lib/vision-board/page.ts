import "server-only";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { isDiscreet } from "../settings/settings";
import { shareTargetsFor, type ShareTarget } from "../circles/sharing/targets";
import { namedSharesOf, type NamedShare } from "../circles/sharing";
import type { BoardLinks, GoalMoment } from "./links";
import { goalKind } from "./kind";
import {
  boardView,
  childBoardRights,
  circleNameOf,
  getGoal,
  myBoardReaches,
  type BoardView,
  type GoalView,
} from "./store";
import { childAccountOf } from "../circles/carers";
import { lookBackChoice } from "./look-back";

/** In discreet mode "My board" is shown by the neutral name the member can also choose for it. */
export const NEUTRAL_BOARD_NAME = "Notes";

export type BoardPage = {
  boards: { id: string; name: string; kind: BoardView["kind"] }[];
  board: BoardView;
  discreet: boolean;
  childRights: Awaited<ReturnType<typeof childBoardRights>>;
  /** The monthly look back's day (LOOK_BACK_CHOICES' value) and whether the member chose it; null for a child (none is sent). */
  lookBack: { lookBack: string; chosen: boolean } | null;
};

/**
 * What /vision-board shows: the member's boards (names only) and one board whole (the chosen one, else
 * "My board"). In discreet mode items go by their code words, and "My board" by a neutral name.
 * Null when `boardId` is not a board the member reaches (the page answers 404).
 */
export async function loadBoardPage(
  memberId: string,
  boardId: string | undefined,
  options: { links: BoardLinks; db?: Db },
): Promise<BoardPage | null> {
  const db = options.db ?? (await getDb());
  const [reaches, discreet, childRights, child, lookBack] = await Promise.all([
    myBoardReaches(db, memberId),
    isDiscreet(memberId, db),
    childBoardRights(memberId, { db }),
    childAccountOf(db, memberId),
    lookBackChoice(memberId, { db }),
  ]);
  const shown = boardId ? reaches.find((reach) => reach.board.id === boardId) : reaches[0];
  if (!shown) return null;
  // Only the board shown is built with its items; the others are listed by name.
  const built = await boardView(db, memberId, shown, options.links);
  const board = { ...built, name: boardName(built, discreet) };
  const names = await Promise.all(
    reaches.map(async (reach) => {
      if (reach === shown) return { id: board.id, name: board.name, kind: board.kind };
      const name = reach.board.kind === "family" ? await circleNameOf(db, reach.board) : reach.board.name;
      return {
        id: reach.board.id,
        name: boardName({ kind: reach.board.kind, name }, discreet),
        kind: reach.board.kind,
      };
    }),
  );
  return {
    boards: names,
    board: discreet ? { ...board, items: board.items.map((item) => ({ ...item, realTitle: item.title })) } : board,
    discreet,
    childRights: childRights.filter((right) => right.circleId === board.circleId),
    lookBack: child ? null : lookBack,
  };
}

const boardName = (board: Pick<BoardView, "kind" | "name">, discreet: boolean) =>
  discreet && board.kind === "mine" && board.name === "My board" ? NEUTRAL_BOARD_NAME : board.name;

/**
 * A goal's page: the goal (404 as null), the Cam moments on it the viewer may see (Cam's rule), and
 * for its owner the habits they can link and, for a goal on their own board (a family board's goals
 * are the circle's already), whom it is shared with (each share, to take back) and whom else they can
 * share it with.
 */
export async function loadGoalPage(
  memberId: string,
  goalId: string,
  options: { links: BoardLinks; db?: Db },
): Promise<{
  goal: GoalView;
  habits: { id: string; title: string }[];
  shareTargets: ShareTarget[];
  shares: NamedShare[];
  moments: GoalMoment[];
  concealMoments: boolean;
  discreet: boolean;
} | null> {
  const db = options.db ?? (await getDb());
  const goal = await getGoal(memberId, goalId, { db, links: options.links }).catch((error: { status?: number }) => {
    if (error.status === 404) return null;
    throw error;
  });
  if (!goal) return null;
  const [discreet, shareable, cam] = await Promise.all([
    isDiscreet(memberId, db),
    goal.mine ? goalKind.ownerOf(goal.id, db).then((owner) => owner === memberId) : false,
    options.links.goalMoments(memberId, goal.id, db),
  ]);
  const [habits, shareTargets, shares] = await Promise.all([
    goal.mine ? options.links.habitChoices(memberId, db) : [],
    shareable ? shareTargetsFor(memberId) : [],
    shareable ? goalShares(memberId, goal.id, { db }) : [],
  ]);
  return {
    goal: discreet ? { ...goal, realTitle: goal.title } : goal,
    habits,
    shareTargets,
    shares,
    moments: cam.moments,
    concealMoments: cam.concealed,
    discreet,
  };
}

/**
 * Whom the owner shares a goal with (a person or a circle, view or edit), each share's id to take it
 * back: the one sharing rule's own list of the owner's shares, this goal's alone.
 */
export async function goalShares(ownerId: string, goalId: string, options: { db?: Db } = {}): Promise<NamedShare[]> {
  const db = options.db ?? (await getDb());
  const all = await namedSharesOf(ownerId, { db, kinds: { goal: goalKind } });
  return all.filter((share) => share.itemType === "goal" && share.itemId === goalId);
}
