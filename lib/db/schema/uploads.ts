import { bigint, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Images a member sends (lib/uploads): one row from the upload's creation to the image's erasure. The
 * upload's pieces, then the derivatives, are objects in the object store under opaque keys
 * (lib/storage) named from `objectPrefix`; the original bytes are deleted once processed. The id is the
 * upload id and the image id of the URLs; the holder (a moment, later a board item or a Lounge post)
 * says whose access rule serves it.
 */
export const images = pgTable(
  "images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id").notNull(),
    /**
     * uploading: bytes arriving; uploaded: every byte there, waiting for a holder or the job;
     * processing: a holder names it and the job is scheduled; ready; failed (`error` says why).
     */
    status: text("status", { enum: ["uploading", "uploaded", "processing", "ready", "failed"] })
      .notNull()
      .default("uploading"),
    /** What the member declared; the type actually taken is decided from the bytes. */
    declaredType: text("declared_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    received: integer("received").notNull().default(0),
    /** The keys of the pieces received so far, in order (deleted once processed). */
    pieces: jsonb("pieces").$type<string[]>().notNull().default([]),
    /** `members/<owner>/images/<random>/`: every object of this image is under it. */
    objectPrefix: text("object_prefix").notNull(),
    /** The kind of item that holds it ("moment") and its id; null until named. */
    holderKind: text("holder_kind"),
    holderId: text("holder_id"),
    width: integer("width"),
    height: integer("height"),
    /** The 16 px blurred WebP as a data URL (about 150 characters). */
    placeholder: text("placeholder"),
    /** The capture day the photo carried (YYYY-MM-DD), the only metadata kept. */
    capturedOn: date("captured_on", { mode: "string" }),
    /** Bytes of the stored derivatives (the quota counts them). */
    storedBytes: bigint("stored_bytes", { mode: "number" }).notNull().default(0),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("images_owner_idx").on(table.ownerId),
    index("images_holder_idx").on(table.holderKind, table.holderId),
  ],
);
