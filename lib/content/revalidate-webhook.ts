/**
 * POST /api/revalidate: Sanity's webhook, verified on the raw body before anything is parsed, then
 * mapped to the stale pages by ./revalidate.ts. The route only wires config and next/cache in.
 */
import { isValidSignature, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { readLimitedBody } from "../request/limited-body";
import { revalidatePayloadSchema, revalidationTargets, type RevalidateTarget } from "./revalidate";

// Sanity's webhook sends the projection only; anything larger is not a content change.
export const REVALIDATE_MAX_BODY_BYTES = 64 * 1024;
// A signed delivery older (or further ahead) than this is refused, so a captured one cannot be replayed later.
const MAX_SIGNATURE_AGE_MS = 5 * 60 * 1000;

/** The signing time in the header ("t=<ms>,v1=<signature>"), or null. */
function signedAt(signature: string): number | null {
  const value = /(?:^|,)t=(\d+)(?:,|$)/.exec(signature)?.[1];
  return value ? Number(value) : null;
}

export type RevalidateDeps = {
  secret: string | undefined;
  revalidate: (path: string, type?: "page" | "layout") => void;
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

  if (!body || !(await isValidSignature(body, signature, deps.secret))) {
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
    return json(400, { message: `Invalid payload: ${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}` });
  }

  const targets: RevalidateTarget[] = revalidationTargets(payload.data);
  for (const target of targets) deps.revalidate(target.path, target.type);
  return json(200, { revalidated: true, targets });
}
