import type { RequestShape } from "../lib/throughput";
import { apiComparisonSection, post, TRIVIAL } from "./graphql-api";

const MY_MOMENTS =
  "query { getMyMoments(limit: 100) { statusCode message moments { id ownerId image { url width height placeholder alt } note day habitId albumId goalId reactions { reaction note at } createdAt } } }";

/**
 * getMyMoments (issue 43, point 2) for a member in a circle of six with 60 moments of their own, each
 * with a processed photo (its signed URL in every answer), against the trivial query with the same
 * token. Goal: >= 0.6 of the trivial query on PostgreSQL.
 */
export const momentsApiSection = apiComparisonSection(
  {
    section: "moments-api",
    mode: "moments",
    seeded: "a member in a circle of six with 60 moments, each with a processed photo",
    queries: (token) => ({
      "getMyMoments, 60 moments (bearer)": post(MY_MOMENTS, token),
      "{ __typename } (bearer)": post(TRIVIAL, token),
      "{ __typename } (guest)": post(TRIVIAL),
    }),
    async check(url: string, request: RequestShape) {
      const answer = await fetch(url, request).then(
        (r) =>
          r.json() as Promise<{
            data?: { getMyMoments?: { statusCode: number; moments: { image: { url: string } | null }[] } };
          }>,
      );
      const moments = answer.data?.getMyMoments;
      if (moments?.statusCode !== 200 || moments.moments.length !== 60 || moments.moments.some((m) => !m.image))
        throw new Error(`getMyMoments answered ${JSON.stringify(answer).slice(0, 300)}`);
    },
  },
  {
    title: "GraphQL API: getMyMoments (60 moments with photos) vs a trivial query (autocannon)",
    operation: "getMyMoments",
    goals: { ratio: 0.6, p99Ms: 50, on: "PostgreSQL" },
    notes: [
      "the member's circle of six has no moments of its own: the visibility rule is checked for the member's alone",
    ],
  },
);
