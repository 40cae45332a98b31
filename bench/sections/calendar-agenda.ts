import type { RequestShape } from "../lib/throughput";
import { apiComparisonSection, post, TRIVIAL } from "./graphql-api";

/** January 2027, which bench/servers/api-server.ts's seedCalendar fills. */
export const CALENDAR_MONTH = { from: Date.UTC(2027, 0, 1) / 1000, to: Date.UTC(2027, 1, 1) / 1000 };
const AGENDA = `query { getMyAgenda(from: ${CALENDAR_MONTH.from}, to: ${CALENDAR_MONTH.to}) { statusCode message occurrences { eventId start end allDay title acknowledged } } }`;

/**
 * getMyAgenda over a month for a member in a circle of six with 200 events (50 recurring), against
 * the trivial query with the same token (issue 17): loading what the sharing rule lets the member
 * see, expanding the rules, masking BUSY events and reading the acknowledgements.
 */
export const calendarAgendaSection = apiComparisonSection(
  {
    section: "calendar-agenda",
    mode: "calendar",
    seeded: "a member owning a circle of six with 200 events, 50 recurring, among 1,000 other families",
    queries: (token) => ({
      "getMyAgenda, one month (bearer)": post(AGENDA, token),
      "{ __typename } (bearer)": post(TRIVIAL, token),
      "{ __typename } (guest)": post(TRIVIAL),
    }),
    async check(url: string, request: RequestShape) {
      const answer = await fetch(url, request).then(
        (r) => r.json() as Promise<{ data?: { getMyAgenda?: { statusCode: number; occurrences: unknown[] } } }>,
      );
      const agenda = answer.data?.getMyAgenda;
      if (agenda?.statusCode !== 200 || agenda.occurrences.length < 100)
        throw new Error(`getMyAgenda answered ${JSON.stringify(answer).slice(0, 300)}`);
    },
  },
  {
    title: "My Calendar: getMyAgenda over a month (bearer token) vs a trivial query (autocannon)",
    operation: "getMyAgenda",
    goals: { ratio: 0.5, p99Ms: 50, on: "PostgreSQL" },
    notes: [
      "seeded: the member owns a circle of six; 200 events among them (50 recurring), every visibility; the month asked is January 2027",
      "beside them 1,000 other families of six with 200 events each (200,000 events, 200,000 shares): the sharing rule must find the member's rows by index",
      "nothing is written during the rounds: after the first read, each read is the version (the member's and their circle's stamps) and the agenda remembered for it",
    ],
  },
);
