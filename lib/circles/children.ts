import "server-only";
import { randomInt } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { getConfig } from "../config";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { circleMemberships, circles, childConsents } from "../db/schema/circles";
import { identityAccounts } from "../db/schema/identity";
import { findAccountByEmail } from "../identity/builtin/accounts";
import { assertPasswordPolicy, hashPassword } from "../identity/password";
import { seatsTaken, CIRCLE_CAPACITY } from "../invitations/circle";
import type { FamilyPlanLookup } from "../invitations/family-plan";
import { startProfileFromSignUp } from "../profile";
import { ensureOwnedCircle, lockCircleOf } from "./circles";
import { CircleError, circleMessages as messages } from "./errors";
import { circlesOf, membershipOf } from "./membership";
import { parseInput } from "./roles";

/**
 * Child accounts: a circle's owner or a guardian creates an account for a child under 13, with their
 * consent recorded. Children have no email: they sign in with a sign-in name made here (a first name,
 * a dot and four digits, never containing "@", so it never meets an adult's email) on the same form.
 * Their items stay inside their circles by the one sharing rule (lib/sharing/rule.ts).
 */

/** The consent wording the guardian agreed to; a new wording gets a new version. */
export const CHILD_CONSENT_VERSION = "2025-06-child-v1";
export const CHILD_CONSENT_WORDING =
  "I am this child's parent or guardian. I agree that they may have a Happr account in this circle, that Happr keeps their first name and birth month, and that what they make stays inside their circle.";

export const CHILD_AGE_LIMIT = 13;
/** How long a one-time sign-in code works before the child has used it to choose a password. */
export const ONE_TIME_CODE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export type ChildCredential = { password: string } | { oneTimeCode: true };
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

/** Whether someone born in `birthMonth` ("YYYY-MM") is under 13 at `now`, counting from the month's end. */
export function isUnder13(birthMonth: string, now: Date): boolean {
  const [year, month] = birthMonth.split("-").map(Number) as [number, number];
  // The first instant after the birth month, 13 years on: the latest a child born then turns 13.
  return now.getTime() < Date.UTC(year + CHILD_AGE_LIMIT, month, 1);
}

function birthMonthProblem(birthMonth: string, now: Date): string | undefined {
  const [year, month] = birthMonth.split("-").map(Number) as [number, number];
  if (Date.UTC(year, month - 1, 1) > now.getTime()) return "birthMonth cannot be in the future";
  if (!isUnder13(birthMonth, now)) return "birthMonth: child accounts are for children under 13";
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

// No 0/o or 1/l/i: a guardian reads this aloud or copies it onto paper.
const CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
function oneTimeCode(): string {
  const group = () => Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
  return `${group()}-${group()}-${group()}`;
}

type Options = { db?: Db; now?: Date; familyPlan: FamilyPlanLookup };

/**
 * Creates a child's account in a circle the caller owns or guards: 404 for a circle they are not in,
 * 403 for a plain member, 400 naming the field for bad input (a child 13 or over, no consent), 409
 * when the circle is full. In one transaction: the account (confirmed, or waiting for the child to
 * replace the one-time code with a password of their own), the consent and the child's membership.
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
  if (birthProblem) throw new CircleError(400, birthProblem, { field: "birthMonth" });
  const credential = input.credential as Partial<{ password: unknown; oneTimeCode: unknown }> | undefined;
  const password = typeof credential?.password === "string" ? credential.password : undefined;
  if (!password && credential?.oneTimeCode !== true)
    throw new CircleError(400, "password: choose a first password or a one-time sign-in code", { field: "password" });
  if (input.consent !== true)
    throw new CircleError(400, "consent: a parent or guardian must agree before the account is made", {
      field: "consent",
    });
  if (getConfig().identity.kind === "cognito") throw new CircleError(501, messages.childrenNeedBuiltin);
  if (password) {
    try {
      assertPasswordPolicy(password, [firstName]);
    } catch (error) {
      throw new CircleError(400, `password: ${(error as Error).message}`, { field: "password" });
    }
  }
  const code = password ? undefined : oneTimeCode();
  const passwordHash = await hashPassword(password ?? code!);
  const db = options.db ?? (await getDb());
  if (circleIdArg === "own" && !(await options.familyPlan(guardian.memberId)).family)
    throw new CircleError(403, "Only members with a live Family plan have a circle to add a child to");

  return db.transaction(async (tx) => {
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

    let signInName = signInNameFor(firstName);
    for (let tries = 0; await findAccountByEmail(tx, signInName); tries += 1) {
      if (tries >= 20) throw new Error("No free sign-in name for this first name");
      signInName = signInNameFor(firstName);
    }
    const [account] = await tx
      .insert(identityAccounts)
      .values({
        email: signInName,
        givenName: firstName,
        familyName: "",
        passwordHash,
        status: code ? "FORCE_CHANGE_PASSWORD" : "CONFIRMED",
        temporaryPasswordExpiresAt: code ? new Date(now.getTime() + ONE_TIME_CODE_LIFETIME_MS) : null,
        createdAt: now,
        updatedAt: now,
        sessionsValidAfter: now,
      })
      .returning({ id: identityAccounts.id });
    const childId = account!.id;
    await startProfileFromSignUp(childId, { givenName: firstName, familyName: "" }, { db: tx });
    await tx.insert(childConsents).values({
      childId,
      circleId: circle.id,
      guardianId: guardian.memberId,
      birthMonth,
      wordingVersion: CHILD_CONSENT_VERSION,
      consentedAt: now,
    });
    await tx.insert(circleMemberships).values({
      circleId: circle.id,
      memberId: childId,
      role: "child",
      name: firstName,
      contact: signInName,
      joinedAt: now,
    });
    return { childId, circleId: circle.id, signInName, ...(code ? { oneTimeCode: code } : {}) };
  });
}

export type ChildCircle = { circleId: string; circleName: string; grownUps: { name: string; role: string }[] };

/**
 * For the child's own page: the circles where the member is a child, and who looks after them there
 * (the owner and guardians). Null when the member is a child in no circle.
 */
export async function childCirclesOf(memberId: string, options: { db?: Db } = {}): Promise<ChildCircle[] | null> {
  const db = options.db ?? (await getDb());
  const asChild = (await circlesOf(db, memberId)).filter((row) => row.role === "child");
  if (asChild.length === 0) return null;
  const grownUps = await db
    .select({ circleId: circleMemberships.circleId, name: circleMemberships.name, role: circleMemberships.role })
    .from(circleMemberships)
    .where(
      and(
        inArray(
          circleMemberships.circleId,
          asChild.map((row) => row.circleId),
        ),
        inArray(circleMemberships.role, ["owner", "guardian"]),
      ),
    )
    .orderBy(sql`${circleMemberships.joinedAt}`);
  return asChild.map((row) => ({
    circleId: row.circleId,
    circleName: row.name,
    grownUps: grownUps
      .filter((person) => person.circleId === row.circleId)
      .map((person) => ({ name: person.name ?? "A grown-up in your circle", role: person.role })),
  }));
}

/** The circles where the member may create a child's account (they are the owner or a guardian). */
export async function circlesForChildren(memberId: string, options: { db?: Db } = {}) {
  const db = options.db ?? (await getDb());
  return (await circlesOf(db, memberId))
    .filter((row) => row.role === "owner" || row.role === "guardian")
    .map((row) => ({ circleId: row.circleId, name: row.name, role: row.role }));
}
