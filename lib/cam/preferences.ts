import { sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { camPreferences } from "../db/schema/cam";
import { memberSettings } from "../db/schema/settings";
import { preparedPerDatabase } from "../db/prepared";
import { parseOrFail } from "../errors";
import { CamError } from "./errors";

/**
 * Whether the member's photos stay covered until opened (issue 40, point 5): their own choice when
 * they made one, else discreet mode's (on by default when discreet mode is on). `chosen` says which.
 */
export type ConcealChoice = { concealPhotos: boolean; chosen: boolean };

export async function concealChoice(memberId: string, options: { db?: Db } = {}): Promise<ConcealChoice> {
  return (await camPreferencesOf(memberId, options)).conceal;
}

/**
 * The member's Cam preferences in one prepared read (every Cam page and Today ask): whether photos are
 * covered (their choice, else discreet mode's) and the prompt's weekday (null: no prompt).
 */
export async function camPreferencesOf(
  memberId: string,
  options: { db?: Db } = {},
): Promise<{ conceal: ConcealChoice; promptWeekday: number | null }> {
  const db = options.db ?? (await getDb());
  const [row] = await preferencesRead(db).execute({ memberId });
  const chosen = row?.concealPhotos ?? null;
  return {
    conceal:
      chosen !== null
        ? { concealPhotos: chosen, chosen: true }
        : { concealPhotos: row?.discreet ?? false, chosen: false },
    promptWeekday: row?.promptWeekday ?? null,
  };
}

// One row whether or not the member has either row: the two reads as scalar subqueries.
const preferencesRead = preparedPerDatabase((db) =>
  db
    .select({
      concealPhotos: sql<
        boolean | null
      >`(select ${camPreferences.concealPhotos} from ${camPreferences} where ${camPreferences.memberId} = ${sql.placeholder("memberId")})`,
      promptWeekday: sql<
        number | null
      >`(select ${camPreferences.promptWeekday} from ${camPreferences} where ${camPreferences.memberId} = ${sql.placeholder("memberId")})`,
      discreet: sql<
        boolean | null
      >`(select ${memberSettings.discreetMode} from ${memberSettings} where ${memberSettings.memberId} = ${sql.placeholder("memberId")})`,
    })
    .from(sql`(select 1) as one`)
    .prepare("cam_preferences"),
);

/** What the timeline, the compare view and Today's moments use. */
export const concealsPhotos = async (memberId: string, options: { db?: Db } = {}) =>
  (await concealChoice(memberId, options)).concealPhotos;

const concealInput = z.object({ concealPhotos: z.boolean({ error: "Say whether photos stay covered." }) });

/** The member's choice, kept whatever discreet mode later says. */
export async function setConcealPhotos(memberId: string, input: unknown, options: { db?: Db } = {}): Promise<void> {
  const { concealPhotos } = parseOrFail(concealInput, input, (message, field) => new CamError(422, message, { field }));
  const db = options.db ?? (await getDb());
  await db
    .insert(camPreferences)
    .values({ memberId, concealPhotos })
    .onConflictDoUpdate({ target: camPreferences.memberId, set: { concealPhotos, updatedAt: sql`now()` } });
}
