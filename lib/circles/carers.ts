import { and, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../db/open";
import { preparedPerDatabase } from "../db/prepared";
import { childConsents, circleMemberships } from "../db/schema/circles";

/**
 * The one rule for who looks after a child (issue 37). A child's account is one a grown-up made for a
 * child under 13: its consent record (child_consents, written with the account) names the circle it
 * was made in. While the child is under 13, their carers are the owner and the guardians of that
 * circle, and nobody else: not a circle they joined later, not a role someone gave them. Every door
 * (pages, server actions, GraphQL, jobs) asks here, in JavaScript or, for a list query, in SQL.
 *
 * "Under 13" counts from the end of the birth month (children.ts isUnder13): born in April 2013, a
 * child is 13 from 1 May 2026 (UTC). From then the account is theirs: no carer, no child's limits.
 */

export const CHILD_AGE_LIMIT = 13;

/** The first instant the child is 13 by our count: the month after the birth month, 13 years on. */
export function turns13At(birthMonth: string): Date {
  const [year, month] = birthMonth.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year + CHILD_AGE_LIMIT, month, 1));
}

/** Whether someone born in `birthMonth` ("YYYY-MM") is under 13 at `now`, counting from the month's end. */
export function isUnder13(birthMonth: string, now: Date): boolean {
  return now.getTime() < turns13At(birthMonth).getTime();
}

/**
 * The earliest birth month ("YYYY-MM") of a child under 13 at `now`: `birth_month >= floor` is
 * isUnder13 in SQL (the months compare as text). Without `now`, the database's clock, for prepared
 * list queries.
 */
export function under13Floor(now?: Date): SQL {
  if (!now) return sql`to_char((now() at time zone 'UTC') - interval '13 years', 'YYYY-MM')`;
  const month = `${now.getUTCFullYear() - CHILD_AGE_LIMIT}-${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  return sql`${month}`;
}

export type ChildAccount = { childId: string; circleId: string; birthMonth: string; guardianId: string };

/** The member's consent record while they are under 13: their account is a child's. Null otherwise. */
export async function childAccountOf(db: Db, memberId: string, now = new Date()): Promise<ChildAccount | null> {
  const [consent] = await consentRead(db).execute({ memberId });
  return consent && isUnder13(consent.birthMonth, now) ? consent : null;
}

// Prepared (lib/db/prepared.ts): asked on most members' pages (Today, Cam) and by every carer's rule.
const consentRead = preparedPerDatabase((db) =>
  db
    .select({
      childId: childConsents.childId,
      circleId: childConsents.circleId,
      birthMonth: childConsents.birthMonth,
      guardianId: childConsents.guardianId,
    })
    .from(childConsents)
    .where(eq(childConsents.childId, sql.placeholder("memberId")))
    .prepare("child_consent"),
);

export type Carer = { memberId: string; role: "owner" | "guardian"; name: string | null };

/** The grown-ups of the circle a child's account was made in (its owner and guardians), whatever the child's age. */
export async function grownUpsOf(db: Db, circleId: string): Promise<Carer[]> {
  const rows = await db
    .select({ memberId: circleMemberships.memberId, role: circleMemberships.role, name: circleMemberships.name })
    .from(circleMemberships)
    .where(and(eq(circleMemberships.circleId, circleId), inArray(circleMemberships.role, ["owner", "guardian"])))
    .orderBy(circleMemberships.joinedAt);
  return rows as Carer[];
}

/** A child's carers: the owner and guardians of the circle their account was made in. None for anyone else. */
export async function carersOf(db: Db, childId: string, now = new Date()): Promise<Carer[]> {
  const child = await childAccountOf(db, childId, now);
  return child ? grownUpsOf(db, child.circleId) : [];
}

/** Whether `actorId` looks after `childId` (carersOf, in one query). */
export async function isCarerOf(db: Db, actorId: string, childId: string, now = new Date()): Promise<boolean> {
  const result = (await db.execute(sql`select ${caresFor(actorId, childId, now)} as yes`)) as unknown as {
    rows: { yes: boolean }[];
  };
  return Boolean(result.rows[0]?.yes);
}

type Operand = string | SQLWrapper;

/** SQL: `carer` looks after `child` (the rule above), for list queries. Without `now`, the database's clock. */
export function caresFor(carer: Operand, child: Operand, now?: Date): SQL {
  return sql`exists (select 1 from ${childConsents} as consent
    join ${circleMemberships} as carer on carer.circle_id = consent.circle_id
      and carer.member_id = ${carer} and carer.role in ('owner', 'guardian')
    where consent.child_id = ${child} and consent.birth_month >= ${under13Floor(now)})`;
}

/** SQL: `member` has a child's account (a consent record, under 13). */
export function isChildAccountSql(member: Operand, now?: Date): SQL {
  return sql`exists (select 1 from ${childConsents} as consent
    where consent.child_id = ${member} and consent.birth_month >= ${under13Floor(now)})`;
}
