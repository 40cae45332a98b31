import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "../db/client";
import type { Db } from "../db/open";
import { camPreferences } from "../db/schema/cam";
import { isDiscreet } from "../settings";
import { parseOrFail } from "../errors";
import { CamError } from "./errors";

/**
 * Whether the member's photos stay covered until opened (issue 40, point 5): their own choice when
 * they made one, else discreet mode's (on by default when discreet mode is on). `chosen` says which.
 */
export type ConcealChoice = { concealPhotos: boolean; chosen: boolean };

export async function concealChoice(memberId: string, options: { db?: Db } = {}): Promise<ConcealChoice> {
  const db = options.db ?? (await getDb());
  const [row] = await db
    .select({ concealPhotos: camPreferences.concealPhotos })
    .from(camPreferences)
    .where(eq(camPreferences.memberId, memberId));
  if (row?.concealPhotos != null) return { concealPhotos: row.concealPhotos, chosen: true };
  return { concealPhotos: await isDiscreet(memberId, db), chosen: false };
}

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
