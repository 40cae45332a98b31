import type { Db } from "@/lib/db/open";

/** A transaction handle of the app's database (what db.transaction passes its callback). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Either the database or a transaction: read helpers accept both. */
export type Queryable = Db | Tx;
