import type { RequestShape } from "../lib/throughput";
import { apiComparisonSection, post, TRIVIAL } from "./graphql-api";

const ITEM_FIELDS =
  "id boardId ownerId kind position size title text colour image { url width height placeholder alt } area why targetDate targetCount targetUnit countDone status progress milestones { id title date done } habitIds";
const GET_BOARD = `query($boardId: String!) { getBoard(boardId: $boardId) { statusCode message board { id name circleId canAdd items { ${ITEM_FIELDS} } } } }`;

/**
 * getBoard (issue 41: "the board read through the API") for a member whose "My board" holds 60 items
 * (20 goals with milestones, some linked to habits whose scores fill their progress; 20 words; 20
 * colours), against the trivial query with the same token, on PGlite and (with BENCH_DATABASE_URL)
 * PostgreSQL. Goal: >= 0.5 of the trivial query on PostgreSQL.
 */
export const visionBoardApiSection = apiComparisonSection(
  {
    section: "vision-board-api",
    mode: "vision-board",
    seeded: "a member with 60 items on My board, among 1,000 other families with a board each person",
    queries: (token, ready) => ({
      "getBoard, 60 items (bearer)": post(GET_BOARD, token, { boardId: ready.boardId }),
      "{ __typename } (bearer)": post(TRIVIAL, token),
      "{ __typename } (guest)": post(TRIVIAL),
    }),
    async check(url: string, request: RequestShape) {
      const answer = await fetch(url, request).then(
        (r) =>
          r.json() as Promise<{
            data?: { getBoard?: { statusCode: number; board: { items: { progress: number | null }[] } } };
          }>,
      );
      const board = answer.data?.getBoard;
      if (board?.statusCode !== 200 || board.board.items.length !== 60)
        throw new Error(`getBoard answered ${JSON.stringify(answer).slice(0, 300)}`);
    },
  },
  {
    title: "GraphQL API: getBoard (60 items) vs a trivial query (autocannon)",
    operation: "getBoard",
    goals: { ratio: 0.5, p99Ms: 50, on: "PostgreSQL" },
    notes: [
      "every request builds the whole board: items, milestones, linked habits and their scores (the goals' progress), in one read per table",
      "beside the member 1,000 other families of six, each person with a board of ten items (60,000 items)",
      "no photos on this board (their image rows are one more read; the page section has ten)",
    ],
  },
);
