import { eq, sql } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { memberProfiles } from "../db/schema/profile";

/** The profile domain's one error: status is HTTP-like, message is safe to show and names the field. */
export class ProfileError extends Error {
  readonly status: 400 | 404;
  constructor(status: 400 | 404, message: string) {
    super(message);
    this.name = "ProfileError";
    this.status = status;
  }
}

export type UserProfile = { firstName: string | null; lastName: string | null; dob: string | null; phone: string | null; timezone: string | null };

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
            .max(20, "phone must be an E.164 number such as +14155552671")
            .refine((value) => {
              const parsed = parsePhoneNumberFromString(value);
              return Boolean(parsed?.isValid() && parsed.number === value);
            }, "phone must be an E.164 number such as +14155552671")
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

export async function getUserProfile(memberId: string, options: { db?: Db } = {}): Promise<UserProfile> {
  requireMember(memberId);
  const db = options.db ?? (await getDb());
  const [row] = await db.select().from(memberProfiles).where(eq(memberProfiles.memberId, memberId));
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
  options: { db?: Db; now?: Date } = {},
): Promise<UserProfile> {
  requireMember(memberId);
  const parsed = updateSchema(options.now ?? new Date()).safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0];
    const message = issue?.code === "unrecognized_keys" ? `request has an unknown field: ${issue.keys.join(", ")}` : (issue?.message ?? "request is invalid");
    throw new ProfileError(400, typeof field === "string" && !message.includes(field) ? `${field}: ${message}` : message);
  }
  const changes = Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined)) as Partial<UserProfile>;
  const db = options.db ?? (await getDb());
  await db
    .insert(memberProfiles)
    .values({ memberId, ...changes })
    .onConflictDoUpdate({ target: memberProfiles.memberId, set: { ...changes, updatedAt: sql`now()` } });
  return getUserProfile(memberId, { db });
}
