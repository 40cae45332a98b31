import { SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { describe, expect, it, vi } from "vitest";
import { streamingPost } from "../request/testing";
import { handleRevalidateRequest, REVALIDATE_MAX_BODY_BYTES } from "./revalidate-webhook";

/**
 * Attack: an outsider posts a huge body to /api/revalidate (anyone can reach it; the signature can
 * only be checked once the body is read), declared as huge or streamed without a length.
 */
const url = "http://localhost:3000/api/revalidate";
const headers = { [SIGNATURE_HEADER_NAME]: "t=1700000000000,v1=forged" };

describe("POST /api/revalidate body limit", () => {
  it("refuses a declared Content-Length over the limit with 413 before reading a byte", async () => {
    const expireTag = vi.fn();
    const { request, pulled } = streamingPost(url, {
      chunkBytes: 1024 * 1024,
      chunks: 20,
      headers: { ...headers, "content-length": String(20 * 1024 * 1024) },
    });
    const response = await handleRevalidateRequest(request, { secret: "a-long-webhook-secret", expireTag });
    expect(response.status).toBe(413);
    expect(pulled()).toBeLessThanOrEqual(1024 * 1024);
    expect(expireTag).not.toHaveBeenCalled();
  });

  it("stops reading a body streamed without a length as soon as it passes the limit", async () => {
    const expireTag = vi.fn();
    const { request, pulled } = streamingPost(url, { chunkBytes: 16 * 1024, chunks: 1280, headers });
    const response = await handleRevalidateRequest(request, { secret: "a-long-webhook-secret", expireTag });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: `Payload too large: at most ${REVALIDATE_MAX_BODY_BYTES} bytes` });
    expect(pulled()).toBeLessThanOrEqual(REVALIDATE_MAX_BODY_BYTES + 16 * 1024);
    expect(expireTag).not.toHaveBeenCalled();
  });
});
