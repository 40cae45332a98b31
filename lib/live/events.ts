import { z } from "zod";

/**
 * What travels on a live channel: a kind and the ids of what changed, nothing else. No text, no
 * names, no counts: a client refetches through the queries, which check access again, so an event
 * that reaches the wrong listener tells it only that something with an opaque id changed.
 */

/** "post.published", "hold.lifted", "moderation.decided": lower case words joined by dots. */
const KIND = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*){0,3}$/;
/** "postId", "tableId": camel case names. */
const ID_NAME = /^[a-z][A-Za-z0-9]{0,31}$/;
/** A uuid or a similar token: letters, digits, "_" and "-" only (no spaces, "@", ".", ":" or "/"). */
const ID_VALUE = /^[A-Za-z0-9_-]{1,64}$/;
/** "lounge-table:<uuid>": a lower case name, then up to four ":"-separated ids. */
const CHANNEL = /^[a-z][a-z0-9-]{0,39}(:[A-Za-z0-9_-]{1,64}){0,4}$/;

export const MAX_IDS_PER_EVENT = 8;

export const liveEventSchema = z.strictObject({
  kind: z.string().max(60).regex(KIND, 'kind must be lower case words joined by dots, such as "post.published"'),
  ids: z
    .record(
      z.string().regex(ID_NAME, 'an id name must be a camel case word such as "postId"'),
      z.string().regex(ID_VALUE, "an id must be a uuid or a similar token (letters, digits, _ and - only)"),
    )
    .refine((ids) => Object.keys(ids).length <= MAX_IDS_PER_EVENT, {
      message: `an event carries at most ${MAX_IDS_PER_EVENT} ids`,
    }),
});

export type LiveEvent = z.infer<typeof liveEventSchema>;

export const liveChannelSchema = z
  .string()
  .max(200)
  .regex(CHANNEL, 'a channel is a lower case name and up to four ids, such as "lounge-table:<uuid>"');

/** What a subscriber receives: an event with its id (the resume point), or word that some were missed. */
export type LiveDelivery =
  | { type: "event"; id: string; channel: string; event: LiveEvent }
  /**
   * Events may have been lost (the log no longer reaches back to the resume point, the subscriber
   * fell too far behind, or the connection to Redis/PostgreSQL was lost meanwhile): refetch
   * everything the channel shows, then carry on with what follows.
   */
  | { type: "missed"; channel: string };

/** Thrown for a channel or an event that is not what the port carries. */
export class LiveValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LiveValidationError";
  }
}

export function parseLiveEvent(value: unknown): LiveEvent {
  const parsed = liveEventSchema.safeParse(value);
  if (!parsed.success) throw new LiveValidationError(`live event: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data;
}

export function parseLiveChannel(value: unknown): string {
  const parsed = liveChannelSchema.safeParse(value);
  if (!parsed.success) throw new LiveValidationError(`live channel: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data;
}
