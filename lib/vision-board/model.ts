import { z } from "zod";
import { parseOrFail } from "../errors";
import { isLocalDate, type LocalDate } from "../time";
import { isUuid } from "../uuid";
import { bad, VisionBoardError } from "./errors";

/**
 * The contract's board inputs checked (lower-case enums inside; either case accepted), every bad
 * input a 400 naming the field. Pure: the store decides who may do what.
 */
export const ITEM_KINDS = ["goal", "photo", "words", "colour"] as const;
export const ITEM_SIZES = ["small", "medium", "large"] as const;
export const GOAL_STATUSES = ["active", "done", "let_go"] as const;
export const CHILD_RIGHTS = ["add", "view"] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];
export type ItemSize = (typeof ITEM_SIZES)[number];
export type GoalStatus = (typeof GOAL_STATUSES)[number];
export type ChildRight = (typeof CHILD_RIGHTS)[number];

/** The areas of life the form offers; the API takes any short words. */
export const AREAS = ["Health", "Family", "Learning", "Work", "Money", "Home", "Friends", "Fun", "Calm"] as const;

export const BOARD_NAME_MAX = 60;
export const TITLE_MAX = 80;
export const TEXT_MAX = 500;
export const AREA_MAX = 40;
export const UNIT_MAX = 24;
export const NOTE_MAX = 280;
export const TARGET_MAX = 100_000;
export const HABITS_PER_GOAL = 10;
export const ITEMS_PER_BOARD = 200;
export const MILESTONES_PER_GOAL = 50;
export const EXTRA_BOARDS_MAX = 20;

const text = (field: string, max: number) =>
  z
    .string({ message: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`);
/** Absent: keep what is stored; null or blank: clear it. */
const optionalText = (field: string, max: number) =>
  text(field, max)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));
const lowerEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((value) => (typeof value === "string" ? value.toLowerCase() : value), z.enum(values, { message }));
const localDate = (field: string) =>
  z
    .string({ message: `${field} must be a date as YYYY-MM-DD` })
    .refine(isLocalDate, `${field} must be a real date as YYYY-MM-DD`)
    .nullish();
const count = (field: string) =>
  z
    .number({ message: `${field} must be a number` })
    .min(0, `${field} must not be negative`)
    .max(TARGET_MAX, `${field} must be at most ${TARGET_MAX}`)
    .nullish();

const itemSchema = z.object({
  kind: lowerEnum(ITEM_KINDS, "kind must be GOAL, PHOTO, WORDS or COLOUR"),
  title: optionalText("title", TITLE_MAX),
  privateTitle: optionalText("privateTitle", TITLE_MAX),
  text: optionalText("text", TEXT_MAX),
  colour: z
    .string({ message: "colour must be a colour as #rrggbb" })
    .regex(/^#[0-9a-fA-F]{6}$/, "colour must be a colour as #rrggbb")
    .nullish()
    .transform((value) => (value == null ? value : value.toLowerCase())),
  uploadId: z
    .string({ message: "uploadId must be an upload's id" })
    .refine(isUuid, "uploadId must be an upload's id")
    .nullish(),
  area: optionalText("area", AREA_MAX),
  size: lowerEnum(ITEM_SIZES, "size must be SMALL, MEDIUM or LARGE").nullish(),
  why: optionalText("why", TEXT_MAX),
  targetDate: localDate("targetDate"),
  targetCount: count("targetCount").refine((value) => value == null || value > 0, "targetCount must be more than 0"),
  targetUnit: optionalText("targetUnit", UNIT_MAX),
  countDone: count("countDone"),
  habitIds: z
    .array(z.string({ message: "habitIds must be habit ids" }), { message: "habitIds must be a list of habit ids" })
    .max(HABITS_PER_GOAL, `habitIds: a goal links at most ${HABITS_PER_GOAL} habits`)
    .nullish(),
});

/** What an add or an update says: `undefined` keeps what is stored, `null` clears it. */
export type ItemInput = {
  kind: ItemKind;
  title?: string | null;
  privateTitle?: string | null;
  text?: string | null;
  colour?: string | null;
  uploadId?: string | null;
  area?: string | null;
  size?: ItemSize | null;
  why?: string | null;
  targetDate?: LocalDate | null;
  targetCount?: number | null;
  targetUnit?: string | null;
  countDone?: number | null;
  habitIds?: string[] | null;
};

const fail = (message: string, field: string | undefined) => new VisionBoardError(400, message, field ? { field } : {});

export function parseVisionField<T extends z.ZodType>(schema: T, value: unknown, field?: string): z.output<T> {
  return parseOrFail(schema, value, fail, field);
}

const GOAL_ONLY = ["why", "targetDate", "targetCount", "targetUnit", "countDone", "habitIds"] as const;

/** The contract's BoardItemInput checked: the fields each kind has, and no others. */
export function parseItemInput(value: unknown): ItemInput {
  const input = parseVisionField(itemSchema, value) as ItemInput;
  if (input.kind !== "goal")
    for (const field of GOAL_ONLY)
      if (input[field] != null) throw bad(field, `only a goal has ${field === "habitIds" ? "linked habits" : field}`);
  if (input.kind !== "colour" && input.colour != null) throw bad("colour", "only a colour item has a colour");
  if (input.kind !== "photo" && input.uploadId != null) throw bad("uploadId", "only a photo item has a photo");
  if (input.habitIds) input.habitIds = [...new Set(input.habitIds)];
  return input;
}

/** What an item must have once the input is applied (an add, or an update over what is stored). */
export function checkComplete(item: {
  kind: ItemKind;
  title: string | null;
  text: string | null;
  colour: string | null;
  imageId: string | null;
}): void {
  if (item.kind === "goal" && !item.title) throw bad("title", "a goal needs a title");
  if (item.kind === "photo" && !item.imageId) throw bad("uploadId", "a photo item needs a photo");
  if (item.kind === "words" && !item.text) throw bad("text", "words need some text");
  if (item.kind === "colour" && !item.colour) throw bad("colour", "a colour item needs a colour");
}

export function parseBoardName(value: unknown): string {
  return parseVisionField(text("name", BOARD_NAME_MAX).min(1, "name is required"), value, "name");
}

export function parseStatus(status: unknown, note: unknown): { status: GoalStatus; note: string | null } {
  return {
    status: parseVisionField(lowerEnum(GOAL_STATUSES, "status must be ACTIVE, DONE or LET_GO"), status, "status"),
    note: parseVisionField(optionalText("note", NOTE_MAX), note, "note") ?? null,
  };
}

export function parseMilestone(title: unknown, date: unknown): { title: string; date: LocalDate | null } {
  return {
    title: parseVisionField(text("title", TITLE_MAX).min(1, "title is required"), title, "title"),
    date: parseVisionField(localDate("date"), date, "date") ?? null,
  };
}

export function parsePosition(value: unknown): number {
  return parseVisionField(
    z
      .number({ message: "position must be a whole number from 0" })
      .int("position must be a whole number from 0")
      .min(0, "position must be a whole number from 0"),
    value,
    "position",
  );
}

export function parseChildRight(value: unknown): ChildRight {
  return parseVisionField(lowerEnum(CHILD_RIGHTS, "right must be ADD or VIEW"), value, "right");
}

export function parseCheerNote(value: unknown): string | null {
  return parseVisionField(optionalText("note", NOTE_MAX), value, "note") ?? null;
}

export function parseDone(value: unknown): boolean {
  return parseVisionField(z.boolean({ message: "done must be true or false" }), value, "done");
}
