import {
  addBoardItem,
  addMilestone,
  cheerGoal,
  completeMilestone,
  createBoard,
  getBoard,
  getGoal,
  getMyBoards,
  moveBoardItem,
  removeBoardItem,
  renameBoard,
  setChildBoardRight,
  setGoalStatus,
  updateBoardItem,
  type BoardView,
  type Cheer,
  type ItemView,
} from "@/lib/vision-board";
import { boardLinks } from "@/lib/features";
import type { Board, BoardItem, BoardItemKind, GoalStatus, ItemSize, Resolvers } from "./generated/resolvers-types";
import { forMemberId } from "./resolvers";

/**
 * Thin resolvers for My Vision Board (lib/vision-board): one lib call each, mapped to the contract.
 * A photo still being processed (or refused) answers `image: null`; ask again.
 */
const upper = <T extends string>(value: string) => value.toUpperCase() as T;

const itemOf = (item: ItemView, cheers: Cheer[] = []): BoardItem => ({
  id: item.id,
  boardId: item.boardId,
  ownerId: item.ownerId,
  ownerName: item.ownerName,
  mine: item.mine,
  canEdit: item.canEdit,
  kind: upper<BoardItemKind>(item.kind),
  position: item.position,
  size: upper<ItemSize>(item.size),
  title: item.mine ? item.realTitle : item.title,
  privateTitle: item.privateTitle,
  text: item.text,
  colour: item.colour,
  image:
    item.image?.status === "ready"
      ? {
          url: item.image.url!,
          thumbnailUrl: item.image.thumbnailUrl,
          width: item.image.width!,
          height: item.image.height!,
          placeholder: item.image.placeholder,
          alt: item.title ?? item.text,
        }
      : null,
  area: item.area,
  why: item.why,
  targetDate: item.targetDate,
  targetCount: item.targetCount,
  targetUnit: item.targetUnit,
  countDone: item.countDone,
  status: item.status ? upper<GoalStatus>(item.status) : null,
  statusNote: item.statusNote,
  progress: item.progress,
  milestones: item.milestones,
  habitIds: item.habitIds,
  cheers: cheers.map((cheer) => ({
    fromName: cheer.fromName,
    note: cheer.note,
    at: Math.floor(cheer.at.getTime() / 1000),
  })),
});

const boardOf = (board: BoardView): Board => ({
  id: board.id,
  name: board.name,
  kind: upper(board.kind),
  circleId: board.circleId,
  canAdd: board.canAdd,
  viewOnly: board.viewOnly,
  items: board.items.map((item) => itemOf(item)),
});

const ok = { statusCode: 200, message: "OK" };
const links = { links: boardLinks };

export const visionBoardResolvers: Resolvers = {
  Query: {
    getMyBoards: forMemberId({ boards: [] }, async (member) => ({
      ...ok,
      boards: (await getMyBoards(member.memberId, links)).map(boardOf),
    })),
    getBoard: forMemberId({ board: null }, async (member, args) => ({
      ...ok,
      board: boardOf(await getBoard(member.memberId, args.boardId, links)),
    })),
    getGoal: forMemberId({ item: null }, async (member, args) => {
      const goal = await getGoal(member.memberId, args.itemId, links);
      return { ...ok, item: itemOf(goal, goal.cheers) };
    }),
  },
  Mutation: {
    createBoard: forMemberId({ board: null }, async (member, args) => ({
      statusCode: 201,
      message: "Board created",
      board: boardOf(await createBoard(member.memberId, args.name, links)),
    })),
    renameBoard: forMemberId({ board: null }, async (member, args) => ({
      ...ok,
      board: boardOf(await renameBoard(member.memberId, args.boardId, args.name, links)),
    })),
    addBoardItem: forMemberId({ item: null }, async (member, args) => ({
      statusCode: 201,
      message: "Item added",
      item: itemOf(await addBoardItem(member.memberId, args.boardId, args.input, links)),
    })),
    updateBoardItem: forMemberId({ item: null }, async (member, args) => ({
      ...ok,
      item: itemOf(await updateBoardItem(member.memberId, args.itemId, args.input, links)),
    })),
    moveBoardItem: forMemberId({ board: null }, async (member, args) => ({
      ...ok,
      board: boardOf(await moveBoardItem(member.memberId, args.itemId, args.position, links)),
    })),
    removeBoardItem: forMemberId({}, async (member, args) => {
      await removeBoardItem(member.memberId, args.itemId, links);
      return { statusCode: 200, message: "Item removed" };
    }),
    setGoalStatus: forMemberId({ item: null }, async (member, args) => ({
      ...ok,
      item: itemOf(await setGoalStatus(member.memberId, args.itemId, args.status, args.note, links)),
    })),
    addMilestone: forMemberId({ item: null }, async (member, args) => ({
      statusCode: 201,
      message: "Milestone added",
      item: itemOf(await addMilestone(member.memberId, args.itemId, args.title, args.date, links)),
    })),
    completeMilestone: forMemberId({ item: null }, async (member, args) => ({
      ...ok,
      item: itemOf(await completeMilestone(member.memberId, args.milestoneId, args.done, links)),
    })),
    cheerGoal: forMemberId({}, async (member, args) => {
      await cheerGoal(member.memberId, args.itemId, args.note, links);
      return { statusCode: 200, message: "Cheer sent: only they will see it" };
    }),
    setChildBoardRight: forMemberId({}, async (member, args) => {
      await setChildBoardRight(member.memberId, args);
      return { statusCode: 200, message: "Saved" };
    }),
  },
};
