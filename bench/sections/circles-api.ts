import type { RequestShape } from "../lib/throughput";
import { apiComparisonSection, post, TRIVIAL } from "./graphql-api";

const MY_CIRCLES = "query { getMyCircles { statusCode message circles { circleId name role memberCount ownerId } } }";

/**
 * getMyCircles (issue 43, point 2) for a member who owns a circle of six, among 1,000 other families,
 * against the trivial query with the same token. Goal: >= 0.6 of the trivial query on PostgreSQL.
 */
export const circlesApiSection = apiComparisonSection(
  {
    section: "circles-api",
    mode: "circles",
    seeded: "a member owning a circle of six, among 1,000 other families",
    queries: (token) => ({
      "getMyCircles (bearer)": post(MY_CIRCLES, token),
      "{ __typename } (bearer)": post(TRIVIAL, token),
      "{ __typename } (guest)": post(TRIVIAL),
    }),
    async check(url: string, request: RequestShape) {
      const answer = await fetch(url, request).then(
        (r) =>
          r.json() as Promise<{
            data?: { getMyCircles?: { statusCode: number; circles: { memberCount: number }[] } };
          }>,
      );
      const circles = answer.data?.getMyCircles;
      if (circles?.statusCode !== 200 || circles.circles.length !== 1 || circles.circles[0]!.memberCount !== 6)
        throw new Error(`getMyCircles answered ${JSON.stringify(answer).slice(0, 300)}`);
    },
  },
  {
    title: "GraphQL API: getMyCircles (a circle of six) vs a trivial query (autocannon)",
    operation: "getMyCircles",
    goals: { ratio: 0.6, p99Ms: 50, on: "PostgreSQL" },
    notes: ["beside the member's circle 1,000 other families of six"],
  },
);
