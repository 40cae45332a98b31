import "server-only";
import { randomInt } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { circleMemberships, circles, childConsents } from "../db/schema/circles";
import {
  childAccounts,
  isIdentityError,
  type ChildAccountRef,
  type ChildAccounts,
  type ChildCredential,
} from "../identity";
import { assertPasswordPolicy } from "../identity/password";
import { logError } from "../log";
import { seatsTaken, CIRCLE_CAPACITY } from "./seats";
import type { FamilyPlanLookup } from "./family-plan";
import { startProfileFromSignUp } from "../profile";
import { ensureOwnedCircle, lockCircleOf } from "./circles";
import { CircleError, circleMessages as messages } from "./errors";
import { circlesOf, membershipOf } from "./membership";
import { caresFor, childAccountOf, grownUpsOf, isCarerOf, isUnder13, type ChildAccount } from "./carers";
import { scheduleChildTurning13 } from "./growing-up";
import { parseInput } from "./roles";

/**
 * Child accounts: a circle's owner or a guardian creates an account for a child under 13, with their
 * consent recorded. Children have no email: they sign in with a sign-in name made here (a first name,
 * a dot and four digits, never containing "@", so it never meets an adult's email) on the same form.
 * Their items stay inside their circles by the one sharing rule (lib/circles/sharing/rule.ts).
 */

/** The consent wording the guardian agreed to; a new wording gets a new version. */
export const CHILD_CONSENT_VERSION = "2025-06-child-v1";
export const CHILD_CONSENT_WORDING =
  "I am this child's parent or guardian. I agree that they may have a Happr account in this circle, that Happr keeps their first name and birth month, and that what they make stays inside their circle.";

export type CreatedChild = { childId: string; circleId: string; signInName: string; oneTimeCode?: string };

/** `own`: the caller's own circle, made now if their Family plan has none yet. */
const circleIdSchema = z.union([z.literal("own"), z.uuid({ message: "circleId is invalid" })], {
  message: "circleId is invalid",
});
const firstNameSchema = z
  .string({ message: "firstName is required" })
  .trim()
  .min(1, "firstName is required")
  .max(40, "firstName must be at most 40 characters")
  .regex(/^[^\p{Cc}@]*$/u, "firstName must be a name");
const birthMonthSchema = z
  .string({ message: "birthMonth is required" })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "birthMonth must be a month like 2017-04");

function birthMonthProblem(birthMonth: string, now: Date): CircleError | undefined {
  const [year, month] = birthMonth.split("-").map(Number) as [number, number];
  if (Date.UTC(year, month - 1, 1) > now.getTime())
    return new CircleError(400, "birthMonth cannot be in the future", { field: "birthMonth" });
  if (!isUnder13(birthMonth, now))
    return new CircleError(400, "child accounts are for children under 13", { field: "birthMonth", namesField: true });
  return undefined;
}

function signInNameFor(firstName: string): string {
  const base =
    firstName
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "")
      .slice(0, 16) || "child";
  return `${base}.${String(randomInt(0, 10_000)).padStart(4, "0")}`;
}

// No 0/o or 1/l/i: a guardian reads this aloud or copies it onto paper. Capitals, small letters,
// digits and a dash: a user pool's strictest password policy (Cognito's default) takes it too.
const LETTERS = "abcdefghjkmnpqrstuvwxyz";
const DIGITS = "23456789";
function oneTimeCode(): string {
  const group = (from: string) => Array.from({ length: 4 }, () => from[randomInt(from.length)]).join("");
  return `${group(LETTERS.toUpperCase())}-${group(LETTERS)}-${group(DIGITS)}`;
}

type Options = { db?: Db; now?: Date; familyPlan: FamilyPlanLookup; accounts?: ChildAccounts };

/** The guardian's choice, checked: a first password (our policy; the provider may add its own) or a new one-time code. */
function credentialFrom(credentialInput: unknown, firstName: string | undefined): ChildCredential {
  const credential = credentialInput as Partial<{ password: unknown; oneTimeCode: unknown }> | undefined;
  const password = typeof credential?.password === "string" ? credential.password : undefined;
  if (!password && credential?.oneTimeCode !== true)
    throw new CircleError(400, "choose a first password or a one-time sign-in code", {
      field: "password",
      namesField: true,
    });
  if (!password) return { temporaryPassword: oneTimeCode() };
  try {
    assertPasswordPolicy(password, firstName ? [firstName] : []);
  } catch (error) {
    throw new CircleError(400, (error as Error).message, { field: "password", namesField: true });
  }
  return { password };
}

const codeOf = (credential: ChildCredential) =>
  "temporaryPassword" in credential ? { oneTimeCode: credential.temporaryPassword } : {};

/**
 * Creates a child's account in a circle the caller owns or guards: 404 for a circle they are not in,
 * 403 for a plain member, 400 naming the field for bad input (a child 13 or over, no consent), 409
 * when the circle is full. In one transaction: the account (confirmed, or waiting for the child to
 * replace the one-time code with a password of their own), the consent and the child's membership.
 * With Cognito the account is made in the user pool inside that transaction (so a refusal writes
 * nothing here), and deleted from the pool again when the transaction fails after it.
 */
export async function createChildAccount(
  guardian: { memberId: string; name: string | null },
  input: { circleId: unknown; firstName: unknown; birthMonth: unknown; credential: unknown; consent: unknown },
  options: Options,
): Promise<CreatedChild> {
  const circleIdArg = parseInput(circleIdSchema, input.circleId, "circleId");
  const firstName = parseInput(firstNameSchema, input.firstName, "firstName");
  const birthMonth = parseInput(birthMonthSchema, input.birthMonth, "birthMonth");
  const now = options.now ?? new Date();
  const birthProblem = birthMonthProblem(birthMonth, now);
  if (birthProblem) throw birthProblem;
  const credential = credentialFrom(input.credential, firstName);
  if (input.consent !== true)
    throw new CircleError(400, "a parent or guardian must agree before the account is made", {
      field: "consent",
      namesField: true,
    });
  const accounts = options.accounts ?? childAccounts();
  const db = options.db ?? (await getDb());
  if (circleIdArg === "own" && !(await options.familyPlan(guardian.memberId)).family)
    throw new CircleError(403, "Only members with a live Family plan have a circle to add a child to");

  let made: ChildAccountRef | undefined;
  try {
    return await db.transaction(async (tx) => {
      const circle =
        circleIdArg === "own"
          ? await ensureOwnedCircle(tx, guardian, now)
          : (await tx.select().from(circles).where(eq(circles.id, circleIdArg)))[0];
      // A circle the caller is not in answers exactly like one that does not exist.
      if (!circle || !(await membershipOf(tx, circle.id, guardian.memberId)))
        throw new CircleError(404, messages.circleNotFound);
      await lockCircleOf(tx, circle.ownerId);
      const actor = await membershipOf(tx, circle.id, guardian.memberId);
      if (!actor) throw new CircleError(404, messages.circleNotFound);
      if (actor.role !== "owner" && actor.role !== "guardian") throw new CircleError(403, messages.notChildManager);
      const taken = await seatsTaken(tx, circle.ownerId, now);
      if (taken.members + taken.pending >= CIRCLE_CAPACITY) throw new CircleError(409, messages.circleFull);

      for (let tries = 0; !made; tries += 1) {
        const signInName = signInNameFor(firstName);
        try {
          const { accountId } = await accounts.create(tx, { signInName, givenName: firstName, credential, now });
          made = { accountId, signInName };
        } catch (error) {
          if (!isIdentityError(error, "UsernameExistsException") || tries >= 20) throw error;
        }
      }
      const { accountId: childId, signInName } = made;
      await startProfileFromSignUp(childId, { givenName: firstName, familyName: "" }, { db: tx });
      await tx.insert(childConsents).values({
        childId,
        circleId: circle.id,
        guardianId: guardian.memberId,
        birthMonth,
        wordingVersion: CHILD_CONSENT_VERSION,
        consentedAt: now,
      });
      await scheduleChildTurning13(tx, childId, birthMonth);
      await tx.insert(circleMemberships).values({
        circleId: circle.id,
        memberId: childId,
        role: "child",
        name: firstName,
        contact: signInName,
        joinedAt: now,
      });
      return { childId, circleId: circle.id, signInName, ...codeOf(credential) };
    });
  } catch (error) {
    // The pool has a user our database does not: take it back (the built-in rollback already did).
    if (made && !accounts.accountsInDatabase)
      await accounts
        .undoCreate(made)
        .catch((undo: unknown) =>
          logError(`[circles] a child's pool user ${made!.accountId} stays after a failed write`, undo),
        );
    throw error;
  }
}

const childIdSchema = z.string({ message: "childId is required" }).trim().min(1, "childId is required").max(200);

/**
 * A child's carer (carers.ts: the owner or a guardian of the circle the child's account was made in)
 * gives the child a new password, or a new one-time sign-in code, when they forgot theirs (they have
 * no email to reset it with). Nobody else, whatever role they gave whom in which circle: someone who
 * signed up themselves keeps their password to themselves. 404 "Child not found" unless the caller is
 * in the child's circle; 403 for a plain member of it. Every other session of the child ends.
 */
export async function resetChildCredential(
  guardian: { memberId: string },
  input: { childId: unknown; credential: unknown },
  options: { db?: Db; now?: Date; accounts?: ChildAccounts } = {},
): Promise<{ signInName: string; oneTimeCode?: string }> {
  const childId = parseInput(childIdSchema, input.childId, "childId");
  const credential = credentialFrom(input.credential, undefined);
  const accounts = options.accounts ?? childAccounts();
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const child = await childAccountOf(tx, childId, now);
    const caller = child ? await membershipOf(tx, child.circleId, guardian.memberId) : undefined;
    // Someone outside the child's circle learns nothing, not even that they exist.
    if (!child || !caller) throw new CircleError(404, messages.childNotFound);
    if (!(await isCarerOf(tx, guardian.memberId, childId, now))) throw new CircleError(403, messages.notChildCarer);
    const signInName = await signInNameOf(tx, child);
    if (!signInName) throw new CircleError(404, messages.childNotFound);
    await accounts.setCredential(tx, { accountId: childId, signInName }, credential, now);
    return { signInName, ...codeOf(credential) };
  });
}

/** The child's sign-in name, as their circle knows it (the membership written with the account). */
async function signInNameOf(db: Db, child: ChildAccount): Promise<string | undefined> {
  const rows = await db
    .select({ circleId: circleMemberships.circleId, contact: circleMemberships.contact })
    .from(circleMemberships)
    .where(eq(circleMemberships.memberId, child.childId));
  const own = rows.find((row) => row.circleId === child.circleId) ?? rows.find((row) => row.contact);
  return own?.contact ?? undefined;
}

export type ChildCircle = { circleId: string; circleName: string; grownUps: { name: string; role: string }[] };

/**
 * For the child's own page: the circle their account was made in, and who looks after them there
 * (their carers: the owner and guardians). Null when the member's account is not a child's (carers.ts).
 */
export async function childCirclesOf(
  memberId: string,
  options: { db?: Db; now?: Date } = {},
): Promise<ChildCircle[] | null> {
  const db = options.db ?? (await getDb());
  const child = await childAccountOf(db, memberId, options.now);
  if (!child) return null;
  const [circle] = await db.select({ name: circles.name }).from(circles).where(eq(circles.id, child.circleId));
  const carers = await grownUpsOf(db, child.circleId);
  return [
    {
      circleId: child.circleId,
      circleName: circle?.name ?? "Your circle",
      grownUps: carers.map((person) => ({ name: person.name ?? "A grown-up in your circle", role: person.role })),
    },
  ];
}

/** The circles where the member may create a child's account (they are the owner or a guardian). */
export async function circlesForChildren(memberId: string, options: { db?: Db } = {}) {
  const db = options.db ?? (await getDb());
  return (await circlesOf(db, memberId))
    .filter((row) => row.role === "owner" || row.role === "guardian")
    .map((row) => ({ circleId: row.circleId, name: row.name, role: row.role }));
}

export type ChildInCare = { childId: string; name: string; signInName: string; circleName: string };

/**
 * The children the member looks after (carers.ts), once each, with the name and sign-in name their
 * circle knows them by: the reset forms on /circle.
 */
export async function childrenInCareOf(
  memberId: string,
  options: { db?: Db; now?: Date } = {},
): Promise<ChildInCare[]> {
  const db = options.db ?? (await getDb());
  const rows = await db
    .select({
      childId: circleMemberships.memberId,
      name: circleMemberships.name,
      signInName: circleMemberships.contact,
      circleName: circles.name,
    })
    .from(circleMemberships)
    .innerJoin(childConsents, eq(childConsents.childId, circleMemberships.memberId))
    .innerJoin(circles, eq(circles.id, circleMemberships.circleId))
    .where(
      and(
        eq(circleMemberships.circleId, childConsents.circleId),
        caresFor(memberId, circleMemberships.memberId, options.now),
      ),
    )
    .orderBy(sql`${circleMemberships.joinedAt}`);
  return rows.flatMap((row) =>
    row.signInName
      ? [
          {
            childId: row.childId,
            name: row.name ?? row.signInName,
            signInName: row.signInName,
            circleName: row.circleName,
          },
        ]
      : [],
  );
}

/**
 * For the data download. A guardian (or owner) gets the consent records of the children in the circles
 * they look after, and those they gave: which child, who consented, when, to which wording. A child
 * gets their own consent record and their memberships. Null parts when the member has none.
 */
export async function exportChildAccounts(memberId: string, options: { db?: Db } = {}) {
  const db = options.db ?? (await getDb());
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  const mine = await circlesOf(db, memberId);
  const cared = mine.filter((row) => row.role === "owner" || row.role === "guardian").map((row) => row.circleId);
  const consentRows = await db
    .select({ consent: childConsents, childName: circleMemberships.name })
    .from(childConsents)
    .leftJoin(
      circleMemberships,
      and(
        eq(circleMemberships.memberId, childConsents.childId),
        eq(circleMemberships.circleId, childConsents.circleId),
      ),
    )
    .where(
      cared.length
        ? sql`${childConsents.guardianId} = ${memberId} or ${inArray(childConsents.circleId, cared)} or ${childConsents.childId} = ${memberId}`
        : sql`${childConsents.guardianId} = ${memberId} or ${childConsents.childId} = ${memberId}`,
    );
  const asRecord = ({ consent, childName }: (typeof consentRows)[number]) => ({
    childId: consent.childId,
    childName,
    circleId: consent.circleId,
    consentedBy: consent.guardianId,
    consentedAt: seconds(consent.consentedAt),
    wordingVersion: consent.wordingVersion,
    birthMonth: consent.birthMonth,
  });
  const own = consentRows.find((row) => row.consent.childId === memberId);
  return {
    childrenConsents: consentRows.filter((row) => row.consent.childId !== memberId).map(asRecord),
    asChild: own
      ? {
          consent: asRecord(own),
          memberships: mine.map((row) => ({
            circleId: row.circleId,
            circleName: row.name,
            role: row.role,
            joinedAt: seconds(row.joinedAt),
          })),
        }
      : null,
  };
}

/**
 * An erasure's part (lib/member-data): the guardian-made child accounts that would have no grown-up
 * left to look after them once `memberId` is gone. A child stays while an owner or guardian other than
 * the leaver remains in one of their circles; the circle the leaver owns ends with them, so its other
 * guardians count only through another circle. Read inside the erasure's transaction, before it
 * changes any membership.
 */
export async function childrenLeftAloneBy(db: Db, memberId: string): Promise<ChildAccountRef[]> {
  const child = alias(circleMemberships, "child");
  const carer = alias(circleMemberships, "carer");
  const rows = await db
    .selectDistinct({ accountId: child.memberId, signInName: child.contact })
    .from(child)
    .innerJoin(childConsents, eq(childConsents.childId, child.memberId))
    .innerJoin(
      carer,
      and(eq(carer.circleId, child.circleId), eq(carer.memberId, memberId), inArray(carer.role, ["owner", "guardian"])),
    )
    .where(
      and(
        eq(child.role, "child"),
        sql`not exists (
          select 1 from ${circleMemberships} as still
          join ${circles} as kept on kept.id = still.circle_id and kept.owner_id <> ${memberId}
          join ${circleMemberships} as grown on grown.circle_id = still.circle_id
            and grown.role in ('owner', 'guardian') and grown.member_id <> ${memberId}
          where still.member_id = ${child.memberId}
        )`,
      ),
    );
  return rows.flatMap((row) => (row.signInName ? [{ accountId: row.accountId, signInName: row.signInName }] : []));
}

/** An erasure's part: a child account's consent records, in the caller's transaction. */
export async function forgetChildConsents(db: Db, childId: string): Promise<void> {
  await db.delete(childConsents).where(eq(childConsents.childId, childId));
}
