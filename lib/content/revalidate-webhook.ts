/**
 * POST /api/revalidate: Sanity's webhook, verified on the raw body before anything is parsed, then
 * mapped to the stale cache tags by ./revalidate.ts. The route only wires config and next/cache in.
 *
 * next-sanity's `parseBody` is not used: it reads the whole body whatever its size and accepts a
 * correctly signed delivery of any age, where this refuses bodies over 64 KiB and replays after 5 minutes.
 * Nor is @sanity/webhook's `isValidSignature`: it compares with `!==`, which answers sooner the earlier
 * the first wrong character, so timing it would let an outsider find a valid signature byte by byte.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { decodeSignatureHeader, encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { readLimitedBody } from "../request/limited-body";
import { revalidatePayloadSchema, revalidationTags } from "./revalidate";

// Sanity's webhook sends the projection only; anything larger is not a content change.
export const REVALIDATE_MAX_BODY_BYTES = 64 * 1024;
// A signed delivery older (or further ahead) than this is refused, so a captured one cannot be replayed later.
const MAX_SIGNATURE_AGE_MS = 5 * 60 * 1000;

/** The signing time in the header ("t=<ms>,v1=<signature>"), or null. */
function signedAt(signature: string): number | null {
  const value = /(?:^|,)t=(\d+)(?:,|$)/.exec(signature)?.[1];
  return value ? Number(value) : null;
}

/**
 * Whether `signature` is the secret's signature of `body` at the time it names, compared in constant
 * time: both sides are hashed to 32 bytes first, so their lengths say nothing either.
 */
async function signatureMatches(body: string, signature: string, secret: string): Promise<boolean> {
  let expected: string;
  try {
    expected = await encodeSignatureHeader(body, decodeSignatureHeader(signature).timestamp, secret);
  } catch {
    return false; // not "t=<ms>,v1=<signature>", or a timestamp before 2021
  }
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(signature), digest(expected));
}

export type RevalidateDeps = {
  secret: string | undefined;
  /** Expires a cache tag at once (the data cached under it and the pages that read it). */
  expireTag: (tag: string) => void;
  now?: () => number;
};

const json = (status: number, body: Record<string, unknown>) => Response.json(body, { status });

export async function handleRevalidateRequest(request: Request, deps: RevalidateDeps): Promise<Response> {
  if (!deps.secret) {
    return json(401, { message: "Revalidation is not configured: set SANITY_REVALIDATE_SECRET" });
  }
  const signature = request.headers.get(SIGNATURE_HEADER_NAME);
  if (!signature) return json(401, { message: `Missing ${SIGNATURE_HEADER_NAME} header` });

  const limited = await readLimitedBody(request, REVALIDATE_MAX_BODY_BYTES);
  if (!limited.ok) return json(413, { message: `Payload too large: at most ${REVALIDATE_MAX_BODY_BYTES} bytes` });
  const body = limited.bytes.toString("utf8");

  if (!body || !(await signatureMatches(body, signature, deps.secret))) {
    return json(401, { message: "Invalid signature" });
  }
  const timestamp = signedAt(signature);
  if (timestamp === null || Math.abs((deps.now?.() ?? Date.now()) - timestamp) > MAX_SIGNATURE_AGE_MS) {
    return json(401, { message: "Signature timestamp is too old or in the future" });
  }

  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return json(400, { message: "Body must be JSON" });
  }
  const payload = revalidatePayloadSchema.safeParse(data);
  if (!payload.success) {
    const issue = payload.error.issues[0];
    return json(400, {
      message: `Invalid payload: ${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`,
    });
  }

  const tags = revalidationTags(payload.data);
  for (const tag of tags) deps.expireTag(tag);
  return json(200, { revalidated: true, tags });
}
