import { z } from "zod";
import { parseOrFail } from "../errors";
import { LoungeError } from "./errors";

/** The house rules' version a member accepts on joining; a new wording gets a new version. */
export const LOUNGE_RULES_VERSION = 1;
export const POST_MAX = 500;
export const NAME_MIN = 3;
export const NAME_MAX = 24;
export const NOTE_MAX = 500;
export const PAGE_SIZE = 50;
export const PAGE_MAX = 100;
/** Posts a member may make in one day of their own time zone, in every room together. */
export const DAILY_POST_LIMIT = 20;

/** The contract's ReportReason, safety first: the queue reads the lower priority first. */
export const REPORT_REASONS = ["UNSAFE", "PERSONAL_DETAILS", "UNKIND", "SPAM", "OTHER"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_PRIORITY: Record<ReportReason, number> = {
  UNSAFE: 0,
  PERSONAL_DETAILS: 0,
  UNKIND: 1,
  SPAM: 2,
  OTHER: 2,
};

const fail = (message: string, field: string | undefined) => new LoungeError(400, message, { field });
const parse = <T extends z.ZodType>(schema: T, value: unknown) => parseOrFail(schema, value, fail);

/** "Sky Blue 7" -> "skyblue7": how names are compared (unique, and never a real or circle name). */
export function foldName(name: string): string {
  return name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

const loungeName = z
  .string({ message: "The Lounge name is required." })
  .trim()
  .min(NAME_MIN, `The Lounge name needs at least ${NAME_MIN} characters.`)
  .max(NAME_MAX, `The Lounge name can be at most ${NAME_MAX} characters.`)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u, "The Lounge name may use letters, digits, spaces, _ and - only.")
  .refine(
    (value) => foldName(value).length >= NAME_MIN,
    `The Lounge name needs at least ${NAME_MIN} letters or digits.`,
  );

// The schemas are built once, at load: building a zod schema costs more than checking a value with it,
// and the table read (the Lounge's most frequent request) checks its arguments on every call.
const joinSchema = z.object({
  loungeName,
  rulesVersion: z
    .number({ message: "The rules version must be a number." })
    .int("The rules version must be a whole number."),
});

export function parseJoin(value: unknown): { loungeName: string; rulesVersion: number } {
  return parse(joinSchema, value);
}

export type PostInput = { roomId: string; text: string; replyTo: string | null; imageUploadId: string | null };

const postSchema = z.object({
  roomId: z.string({ message: "The room is required." }),
  text: z
    .string({ message: "The post's text is required." })
    .trim()
    .min(1, "Write something first.")
    .max(POST_MAX, `A post can be at most ${POST_MAX} characters.`),
  replyTo: z.string({ message: "replyTo must be a post's id." }).nullish(),
  imageUploadId: z.string().nullish(),
});

export function parsePost(value: unknown): PostInput {
  const parsed = parse(postSchema, value);
  return {
    roomId: parseId(parsed.roomId, "roomId"),
    text: parsed.text,
    replyTo: parsed.replyTo ? parseId(parsed.replyTo, "replyTo") : null,
    imageUploadId: parsed.imageUploadId || null,
  };
}

/** A room id or post id from the API: anything that is not a uuid answers 404, as an unknown one. */
const uuid = z.uuid();

export function parseId(value: unknown, field: "roomId" | "postId" | "replyTo"): string {
  const parsed = typeof value === "string" ? uuid.safeParse(value) : null;
  if (!parsed?.success) throw new LoungeError(404, field === "roomId" ? "Room not found" : "Post not found", { field });
  return parsed.data;
}

const pageSchema = z.object({
  before: z.number({ message: "before must be an instant in Unix seconds." }).int().positive().nullish(),
  limit: z
    .number({ message: "limit must be a number." })
    .int("limit must be a whole number.")
    .min(1, "limit must be at least 1.")
    .max(PAGE_MAX, `limit can be at most ${PAGE_MAX}.`)
    .nullish(),
});

export function parsePage(value: unknown): { before: number | null; limit: number } {
  const parsed = parse(pageSchema, value);
  return { before: parsed.before ?? null, limit: parsed.limit ?? PAGE_SIZE };
}

const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { message: `The reason must be one of ${REPORT_REASONS.join(", ")}.` }),
  note: z
    .string({ message: "The note must be text." })
    .trim()
    .max(NOTE_MAX, `The note can be at most ${NOTE_MAX} characters.`)
    .nullish(),
});

export function parseReport(value: unknown): { reason: ReportReason; note: string | null } {
  const parsed = parse(reportSchema, value);
  return { reason: parsed.reason, note: parsed.note || null };
}

const childSwitchSchema = z.object({
  childId: z.string({ message: "The child is required." }).trim().min(1, "The child is required.").max(255),
  enabled: z.boolean({ message: "enabled must be true or false." }),
});

export function parseChildSwitch(value: unknown): { childId: string; enabled: boolean } {
  return parse(childSwitchSchema, value);
}

const teenConfirmationSchema = z.object({
  memberId: z.string({ message: "The member is required." }).trim().min(1, "The member is required.").max(255),
});

export function parseTeenConfirmation(value: unknown): { memberId: string } {
  return parse(teenConfirmationSchema, value);
}
