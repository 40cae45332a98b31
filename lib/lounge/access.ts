import { eq, sql, type Placeholder } from "drizzle-orm";
import type { Db } from "../db/open";
import { childConsents } from "../db/schema/circles";
import { loungeChildSettings, loungeTeenConfirmations, type LoungeAgeBand } from "../db/schema/lounge";
import { memberProfiles } from "../db/schema/profile";
import { isUnder13, turns13At } from "../circles/carers";

/**
 * Who may enter which rooms (issue 42, point 6), on the child rule of lib/circles/carers.ts:
 * - an account made as a child, while under 13: the under-13 rooms only, and only once a carer turned
 *   the Lounge on for them (off by default);
 * - an account made as a child that has turned 13 and is under 18 (its consent record's birth month):
 *   the teen rooms;
 * - a member whose profile's date of birth says 13-17: the teen band, but no room until a grown-up of
 *   their circle confirms it (confirmTeenBand), so an adult cannot walk into the teen rooms by editing
 *   a date; under 13 without an account made as a child: no room (the under-13 rooms are for carers'
 *   accounts only);
 * - everyone else: the adult rooms. Adults are never in an under-13 or teen room.
 */
export type LoungeStanding =
  { band: LoungeAgeBand; mayEnter: true } | { band: LoungeAgeBand | null; mayEnter: false; why: string };

export const CARER_SWITCH_OFF = "The Lounge is off until one of your grown-ups turns it on for you.";
export const TEEN_NOT_CONFIRMED =
  "Your date of birth puts you in the Lounge's teen rooms: a grown-up in your circle confirms it before you enter.";
export const TOO_YOUNG = "The Lounge's rooms for under-13s are for accounts a parent or guardian made.";

/** Whole years from a "YYYY-MM-DD" or "YYYY-MM" birth (a month counts from its end, as carers.ts does). */
function ageAt(birth: string, now: Date): number {
  const [year, month, day] = birth.split("-").map(Number) as [number, number, number | undefined];
  const today = { y: now.getUTCFullYear(), m: now.getUTCMonth() + 1, d: now.getUTCDate() };
  let age = today.y - year;
  if (day === undefined) {
    // The month after the birth month is when the birthday has surely passed (turns13At's count).
    if (today.m <= month) age -= 1;
  } else if (today.m < month || (today.m === month && today.d < day)) age -= 1;
  return age;
}

/** What the band depends on, read in one row (standingFacts below, or joined into a table read). */
export type StandingFacts = {
  /** The consent record's birth month: an account made as a child. */
  birthMonth: string | null;
  /** The carers' switch (null: never set, so off). */
  childEnabled: boolean | null;
  /** The profile's date of birth. */
  dob: string | null;
  /** A grown-up confirmed the teen band. */
  teenConfirmed: boolean;
};

/** The band and whether the member may enter, from the facts (the rule above). */
export function standingFrom(facts: StandingFacts, now: Date): LoungeStanding {
  if (facts.birthMonth && isUnder13(facts.birthMonth, now))
    return facts.childEnabled
      ? { band: "under13", mayEnter: true }
      : { band: "under13", mayEnter: false, why: CARER_SWITCH_OFF };
  if (facts.birthMonth && now >= turns13At(facts.birthMonth) && ageAt(facts.birthMonth, now) < 18)
    return { band: "teen", mayEnter: true };
  if (facts.dob) {
    const age = ageAt(facts.dob, now);
    if (age < 13) return { band: null, mayEnter: false, why: TOO_YOUNG };
    if (age < 18)
      return facts.teenConfirmed
        ? { band: "teen", mayEnter: true }
        : { band: "teen", mayEnter: false, why: TEEN_NOT_CONFIRMED };
  }
  return { band: "adult", mayEnter: true };
}

/** The facts' columns for a select whose row is the member's (`memberId`): joined by standingJoins. */
export const standingColumns = {
  birthMonth: childConsents.birthMonth,
  childEnabled: loungeChildSettings.enabled,
  dob: memberProfiles.dob,
  teenConfirmed: sql<boolean>`${loungeTeenConfirmations.memberId} is not null`,
};

/** Left joins that put the member's facts beside any row (the member's own rows, at most one each). */
export function withStandingFacts<T extends { leftJoin: (...args: never[]) => unknown }>(
  query: T,
  memberId: string | Placeholder,
) {
  return (query as unknown as StandingJoinable)
    .leftJoin(childConsents, eq(childConsents.childId, memberId))
    .leftJoin(loungeChildSettings, eq(loungeChildSettings.childId, memberId))
    .leftJoin(memberProfiles, eq(memberProfiles.memberId, memberId))
    .leftJoin(loungeTeenConfirmations, eq(loungeTeenConfirmations.memberId, memberId)) as unknown as T;
}
type StandingJoinable = {
  leftJoin: (table: unknown, on: unknown) => StandingJoinable;
};

export async function loungeStanding(db: Db, memberId: string, now: Date): Promise<LoungeStanding> {
  const [facts] = await withStandingFacts(db.select({ ...standingColumns }).from(sql`(select 1) as one`), memberId);
  return standingFrom(facts ?? { birthMonth: null, childEnabled: null, dob: null, teenConfirmed: false }, now);
}
