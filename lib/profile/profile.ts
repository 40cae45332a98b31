import { eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { preparedPerDatabase } from "../db/prepared";
import { memberProfiles } from "../db/schema/profile";
import { DomainError } from "../errors";
import { e164Problem, INVALID_PHONE_MESSAGE, NOT_E164_MESSAGE, realPhoneNumber } from "../phone";

/** The profile domain's one error: status is HTTP-like, message is safe to show and names the field, as does `field`. */
export class ProfileError extends DomainError<"invalid_argument" | "not_found", 400 | 404> {
  constructor(status: 400 | 404, message: string, options: { field?: string; namesField?: boolean } = {}) {
    super(status === 404 ? "not_found" : "invalid_argument", status, message, options);
    this.name = "ProfileError";
  }
}

export type UserProfile = {
  firstName: string | null;
  lastName: string | null;
  dob: string | null;
  phone: string | null;
  timezone: string | null;
};

const EMPTY: UserProfile = { firstName: null, lastName: null, dob: null, phone: null, timezone: null };

// Intl lists canonical zones only; UTC is the one alias people commonly send.
const timeZones = new Set([...Intl.supportedValuesOf("timeZone"), "UTC", "Etc/UTC"]);

/** "" clears a field, like null; surrounding spaces never count. */
const blankToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

const name = (field: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ message: `${field} must be a string` })
      .trim()
      .max(100, `${field} must be at most 100 characters`)
      .refine((value) => !/\p{Cc}/u.test(value), `${field} must not contain control characters`)
      .nullable(),
  );

/** Today's date somewhere on Earth (UTC+14), so nobody's real birthday today is "in the future". */
function latestToday(now: Date): string {
  return new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
}

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function updateSchema(now: Date) {
  return z
    .object({
      firstName: name("firstName").optional(),
      lastName: name("lastName").optional(),
      dob: z
        .preprocess(
          blankToNull,
          z
            .string({ message: "dob must be a string" })
            .trim()
            .refine(isCalendarDate, "dob must be a real date written YYYY-MM-DD")
            .refine((value) => value >= "1900-01-01", "dob must be on or after 1900-01-01")
            .refine((value) => value <= latestToday(now), "dob must not be in the future")
            .nullable(),
        )
        .optional(),
      phone: z
        .preprocess(
          blankToNull,
          z
            .string({ message: "phone must be a string" })
            .trim()
            .max(20, `phone ${NOT_E164_MESSAGE}`)
            .superRefine((value, context) => {
              const problem = e164Problem(value);
              if (problem)
                context.addIssue({
                  code: "custom",
                  message: problem === "format" ? `phone ${NOT_E164_MESSAGE}` : INVALID_PHONE_MESSAGE,
                });
            })
            .nullable(),
        )
        .optional(),
      timezone: z
        .preprocess(
          blankToNull,
          z
            .string({ message: "timezone must be a string" })
            .trim()
            .refine((value) => timeZones.has(value), "timezone must be an IANA time zone such as Europe/London")
            .nullable(),
        )
        .optional(),
    })
    .strict();
}

export type UpdateUserProfileInput = Partial<Record<keyof UserProfile, string | null>>;

const memberIdSchema = z.string().min(1).max(255);

function requireMember(memberId: string) {
  if (!memberIdSchema.safeParse(memberId).success) throw new ProfileError(400, "memberId is invalid");
}

/**
 * The caller's sign-up details, or how to fetch them: a Cognito member's come from the user pool, so
 * they are asked for only while the profile has not started from them (once per member).
 */
export type SignUpSource = SignUpDetails | (() => Promise<SignUpDetails | undefined>);

async function signUpPending(db: Db, memberId: string, source: SignUpSource | undefined) {
  if (!source) return undefined;
  const [row] = await db
    .select({ at: memberProfiles.signUpAppliedAt })
    .from(memberProfiles)
    .where(eq(memberProfiles.memberId, memberId));
  if (row?.at) return undefined;
  return typeof source === "function" ? source() : source;
}

/**
 * The member's profile. `signUp`: the caller's sign-up details from the identity provider (a Cognito
 * member seen first through the API): the profile starts with them if it has not yet.
 */
// Prepared: /my-account and the API's profile query read it on every request.
const profileRead = preparedPerDatabase((db) =>
  db
    .select()
    .from(memberProfiles)
    .where(eq(memberProfiles.memberId, sql.placeholder("memberId")))
    .prepare("member_profile"),
);

export async function getUserProfile(
  memberId: string,
  options: { db?: Db; signUp?: SignUpSource } = {},
): Promise<UserProfile> {
  requireMember(memberId);
  const db = options.db ?? (await getDb());
  const signUp = await signUpPending(db, memberId, options.signUp);
  if (signUp) await startProfileFromSignUp(memberId, signUp, { db });
  const [row] = await profileRead(db).execute({ memberId });
  if (!row) return { ...EMPTY };
  return { firstName: row.firstName, lastName: row.lastName, dob: row.dob, phone: row.phone, timezone: row.timezone };
}

/**
 * Changes only the fields given (null or "" clears one). Every field is checked before anything is
 * written; one upsert makes the change atomic.
 */
export async function updateUserProfile(
  memberId: string,
  input: UpdateUserProfileInput,
  options: { db?: Db; now?: Date; signUp?: SignUpSource } = {},
): Promise<UserProfile> {
  requireMember(memberId);
  const parsed = updateSchema(options.now ?? new Date()).safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0];
    const message =
      issue?.code === "unrecognized_keys"
        ? `request has an unknown field: ${issue.keys.join(", ")}`
        : (issue?.message ?? "request is invalid");
    const about = typeof field === "string" ? field : undefined;
    // "dob must not be in the future" names its field; "Enter a valid phone number" reads on from it.
    throw new ProfileError(400, message, {
      field: about,
      namesField: about !== undefined && !message.startsWith(about),
    });
  }
  const changes = Object.fromEntries(
    Object.entries(parsed.data).filter(([, value]) => value !== undefined),
  ) as Partial<UserProfile>;
  const db = options.db ?? (await getDb());
  // The sign-up details go in first (once), so a first edit of one field keeps the names given at sign-up.
  const signUp = await signUpPending(db, memberId, options.signUp);
  if (signUp) await startProfileFromSignUp(memberId, signUp, { db });
  await db
    .insert(memberProfiles)
    .values({ memberId, ...changes })
    .onConflictDoUpdate({ target: memberProfiles.memberId, set: { ...changes, updatedAt: sql`now()` } });
  return getUserProfile(memberId, { db });
}

/** What the member told the identity provider when signing up (its claims: given_name, family_name, phone_number). */
export type SignUpDetails = { givenName?: string | null; familyName?: string | null; phoneNumber?: string | null };

/** A name fit for the profile, or null: the profile's own rules, and a bad value is dropped rather than refused. */
function signUpName(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed || trimmed.length > 100 || /\p{Cc}/u.test(trimmed)) return null;
  return trimmed;
}

/**
 * Starts the member's profile with what they gave at sign-up: their names, and their phone when they
 * gave one. It happens once (signUpAppliedAt): it fills only the fields still empty, and after that the
 * profile is the member's own, so a name they later change or clear stays as they left it. Never
 * refuses: a detail the profile would not accept is left out.
 */
export async function startProfileFromSignUp(
  memberId: string,
  details: SignUpDetails,
  options: { db?: Db } = {},
): Promise<void> {
  requireMember(memberId);
  const phone = details.phoneNumber ? (realPhoneNumber(details.phoneNumber) ?? null) : null;
  const values = { firstName: signUpName(details.givenName), lastName: signUpName(details.familyName), phone };
  const db = options.db ?? (await getDb());
  await db
    .insert(memberProfiles)
    .values({ memberId, ...values, signUpAppliedAt: sql`now()` })
    .onConflictDoUpdate({
      target: memberProfiles.memberId,
      set: {
        firstName: sql`coalesce(${memberProfiles.firstName}, excluded.first_name)`,
        lastName: sql`coalesce(${memberProfiles.lastName}, excluded.last_name)`,
        phone: sql`coalesce(${memberProfiles.phone}, excluded.phone)`,
        signUpAppliedAt: sql`now()`,
      },
      setWhere: isNull(memberProfiles.signUpAppliedAt),
    });
}

/** An account deletion's part: the profile row, in the caller's transaction. Answers what it held (its phone is searched for elsewhere). */
export async function deleteUserProfile(memberId: string, options: { db?: Db } = {}): Promise<UserProfile> {
  requireMember(memberId);
  const db = options.db ?? (await getDb());
  const [row] = await db.delete(memberProfiles).where(eq(memberProfiles.memberId, memberId)).returning();
  if (!row) return { ...EMPTY };
  return { firstName: row.firstName, lastName: row.lastName, dob: row.dob, phone: row.phone, timezone: row.timezone };
}
