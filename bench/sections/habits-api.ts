import type { RequestShape } from "../lib/throughput";
import { apiComparisonSection, post, TRIVIAL } from "./graphql-api";

const HABIT_FIELDS =
  "id ownerId title privateTitle kind target unit schedule weekdays timesPerWeek restDaysPerWeek reminderTime todayState score currentStreak bestStreak canCheckIn";
const MY_HABITS = `query { getMyHabits { statusCode message habits { ${HABIT_FIELDS} } } }`;

/**
 * getMyHabits (issue 16) for a member with 20 habits and a year of entries, against the trivial query
 * with the same token, on PGlite and (with BENCH_DATABASE_URL) PostgreSQL. Every request scores all 20
 * habits from their whole history. Goal: >= 0.5 of the trivial query, p99 < 50 ms on PostgreSQL.
 */
export const habitsApiSection = apiComparisonSection(
  {
    section: "habits-api",
    mode: "habits",
    seeded: "a member with 20 habits and a year of entries, among 1,000 other families",
    queries: (token) => ({
      "getMyHabits (bearer)": post(MY_HABITS, token),
      "{ __typename } (bearer)": post(TRIVIAL, token),
      "{ __typename } (guest)": post(TRIVIAL),
    }),
    async check(url: string, request: RequestShape) {
      const answer = await fetch(url, request).then(
        (r) => r.json() as Promise<{ data?: { getMyHabits?: { statusCode: number; habits: unknown[] } } }>,
      );
      const mine = answer.data?.getMyHabits;
      if (mine?.statusCode !== 200 || mine.habits.length !== 20)
        throw new Error(`getMyHabits answered ${JSON.stringify(answer).slice(0, 300)}`);
    },
  },
  {
    title: "GraphQL API: getMyHabits (20 habits, a year of entries) vs a trivial query (autocannon)",
    operation: "getMyHabits",
    goals: { ratio: 0.5, p99Ms: 50, on: "PostgreSQL" },
    notes: [
      "beside the member 1,000 other families of six with five habits each (30,000 habits, 18,000 of them shared with a circle): the list must find the member's rows by index",
    ],
  },
);
