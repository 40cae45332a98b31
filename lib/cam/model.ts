import { z } from "zod";
import { parseOrFail } from "../errors";
import { parseLocalDate } from "../time";
import { CamError } from "./errors";

/** What a moment holds besides its photo (the contract's MomentInput). */
export const NOTE_MAX = 1000;
export const ALT_MAX = 300;
export const ALBUM_NAME_MAX = 60;
export const REACTION_NOTE_MAX = 280;
export const PAGE_SIZE = 30;
export const PAGE_MAX = 100;

/** Simple reactions, never counted: a word each, shown to the owner with who sent it. */
export const REACTIONS = ["heart", "hug", "clap", "star", "smile"] as const;
export type Reaction = (typeof REACTIONS)[number];
export const REACTION_LABELS: Record<Reaction, string> = {
  heart: "Love this",
  hug: "Sending a hug",
  clap: "Well done",
  star: "Proud of you",
  smile: "This made me smile",
};

const fail = (message: string, field: string | undefined) => new CamError(400, message, { field });

const optionalText = (label: string, max: number) =>
  z
    .string({ message: `The ${label} must be text.` })
    .trim()
    .max(max, `The ${label} can be at most ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));

const optionalId = (label: string) =>
  z
    .string({ message: `The ${label} must be text.` })
    .trim()
    .max(255, `The ${label} is too long.`)
    .nullish()
    .transform((value) => (value ? value : null));

/** A real date, not after tomorrow anywhere on Earth: a photo is not taken in the future. */
const day = z
  .string({ message: "The day must be a date such as 2026-03-14." })
  .trim()
  .refine((value) => parseLocalDate(value) !== null, "The day must be a date such as 2026-03-14.")
  .refine(
    (value) => value <= new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
    "The day cannot be in the future.",
  );

const momentInput = z.object({
  uploadId: optionalId("upload id"),
  note: optionalText("note", NOTE_MAX),
  day: day.nullish().transform((value) => value ?? null),
  habitId: optionalId("habit id"),
  albumId: optionalId("album id"),
  goalId: optionalId("goal id"),
  alt: optionalText("description of the photo", ALT_MAX),
});

export type MomentInput = z.output<typeof momentInput>;
/** Which fields the input named: an update changes those alone. */
export type MomentChanges = { input: MomentInput; given: Set<keyof MomentInput> };

/** Checks a moment's input; every problem names its field. */
export function parseMomentInput(value: unknown): MomentChanges {
  const input = parseOrFail(momentInput, value ?? {}, fail);
  const given = new Set(
    Object.keys(typeof value === "object" && value !== null ? value : {}).filter(
      (key): key is keyof MomentInput => key in input && (value as Record<string, unknown>)[key] !== undefined,
    ),
  );
  return { input, given };
}

const reactionInput = z.object({
  reaction: z.enum(REACTIONS, { message: `The reaction must be one of: ${REACTIONS.join(", ")}.` }),
  note: optionalText("note", REACTION_NOTE_MAX),
});
export const parseReaction = (value: unknown) => parseOrFail(reactionInput, value, fail);

const albumInput = z.object({
  name: z
    .string({ message: "The album's name must be text." })
    .trim()
    .min(1, "Give the album a name.")
    .max(ALBUM_NAME_MAX, `The album's name can be at most ${ALBUM_NAME_MAX} characters.`),
});
export const parseAlbum = (value: unknown) => parseOrFail(albumInput, value, fail);

const listInput = z.object({
  habitId: optionalId("habit id"),
  albumId: optionalId("album id"),
  goalId: optionalId("goal id"),
  before: z
    .number({ message: "before must be an instant in Unix seconds." })
    .int("before must be an instant in Unix seconds.")
    .min(0, "before must be an instant in Unix seconds.")
    .nullish()
    .transform((value) => value ?? null),
  limit: z
    .number({ message: `The limit must be a whole number from 1 to ${PAGE_MAX}.` })
    .int(`The limit must be a whole number from 1 to ${PAGE_MAX}.`)
    .min(1, `The limit must be a whole number from 1 to ${PAGE_MAX}.`)
    .max(PAGE_MAX, `The limit must be a whole number from 1 to ${PAGE_MAX}.`)
    .nullish()
    .transform((value) => value ?? PAGE_SIZE),
});
export type MomentFilter = z.output<typeof listInput>;
export const parseFilter = (value: unknown): MomentFilter => parseOrFail(listInput, value ?? {}, fail);

const childSharingInput = z.object({
  childId: z.string({ message: "Choose a child." }).trim().min(1, "Choose a child.").max(255, "Choose a child."),
  mayShare: z.boolean({ message: "Say whether the child may share: yes or no." }),
});
export const parseChildSharing = (value: unknown) => parseOrFail(childSharingInput, value, fail);
