/**
 * A request body read up to `maxBytes`, for endpoints anyone can post to (webhooks): a declared
 * Content-Length over the limit is refused before a byte is read, and a body sent without one
 * (chunked) is counted as it streams in and abandoned as soon as it passes the limit, so an outsider
 * cannot make the app hold an arbitrarily large body in memory.
 */
export type LimitedBody = { ok: true; bytes: Buffer } | { ok: false };

export async function readLimitedBody(request: Request, maxBytes: number): Promise<LimitedBody> {
  const declared = request.headers.get("content-length");
  if (declared !== null && !(/^\d+$/.test(declared.trim()) && Number(declared) <= maxBytes)) {
    await request.body?.cancel().catch(() => {});
    return { ok: false };
  }
  if (!request.body) return { ok: true, bytes: Buffer.alloc(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      return { ok: false };
    }
    chunks.push(value);
  }
  return { ok: true, bytes: Buffer.concat(chunks) };
}

/** The answer to a body over the limit, naming it. */
export function payloadTooLarge(maxBytes: number): Response {
  return Response.json({ error: `The body is larger than ${maxBytes} bytes.` }, { status: 413 });
}
