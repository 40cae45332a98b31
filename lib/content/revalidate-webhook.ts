/**
 * POST /api/revalidate: Sanity's webhook, verified on the raw body before anything is parsed, then
 * mapped to the stale pages by ./revalidate.ts. The route only wires config and next/cache in.
 */
import { isValidSignature, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { revalidatePayloadSchema, revalidationTargets, type RevalidateTarget } from "./revalidate";

// Sanity's webhook sends the projection only; anything larger is not a content change.
const MAX_BODY_BYTES = 64 * 1024;

export type RevalidateDeps = {
  secret: string | undefined;
  revalidate: (path: string, type?: "page" | "layout") => void;
};

const json = (status: number, body: Record<string, unknown>) => Response.json(body, { status });

export async function handleRevalidateRequest(request: Request, deps: RevalidateDeps): Promise<Response> {
  if (!deps.secret) {
    return json(401, { message: "Revalidation is not configured: set SANITY_REVALIDATE_SECRET" });
  }
  const signature = request.headers.get(SIGNATURE_HEADER_NAME);
  if (!signature) return json(401, { message: `Missing ${SIGNATURE_HEADER_NAME} header` });

  const declaredLength = Number(request.headers.get("content-length") ?? 0);
  if (declaredLength > MAX_BODY_BYTES) return json(413, { message: "Payload too large" });
  const body = await request.text();
  if (Buffer.byteLength(body) > MAX_BODY_BYTES) return json(413, { message: "Payload too large" });

  if (!body || !(await isValidSignature(body, signature, deps.secret))) {
    return json(401, { message: "Invalid signature" });
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
