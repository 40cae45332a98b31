import * as nodeCrypto from "node:crypto";
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { describe, expect, it, vi, type Mock } from "vitest";
import { streamingPost } from "../request/testing";
import { handleRevalidateRequest, REVALIDATE_MAX_BODY_BYTES } from "./revalidate-webhook";

// timingSafeEqual watched, so a test can tell the signature is compared in constant time.
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:crypto")>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});
const crypto = nodeCrypto as unknown as { timingSafeEqual: Mock };

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

describe("POST /api/revalidate signature", () => {
  /** A delivery signed with `secret`, its signature then changed in place: same length, one character off. */
  async function forged(body: string, secret: string) {
    const signature = await encodeSignatureHeader(body, Date.now(), secret);
    const last = signature.at(-1)!;
    const wrong = signature.slice(0, -1) + (last === "A" ? "B" : "A");
    return new Request(url, { method: "POST", headers: { [SIGNATURE_HEADER_NAME]: wrong }, body });
  }

  it("refuses a wrong signature of the right length, and compares it with timingSafeEqual, not !==", async () => {
    const expireTag = vi.fn();
    const body = JSON.stringify({ _type: "post", slug: "family-rules" });
    crypto.timingSafeEqual.mockClear();
    const response = await handleRevalidateRequest(await forged(body, "a-long-webhook-secret"), {
      secret: "a-long-webhook-secret",
      expireTag,
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Invalid signature" });
    expect(expireTag).not.toHaveBeenCalled();
    expect(crypto.timingSafeEqual).toHaveBeenCalledTimes(1);
  });

  it("refuses a delivery signed with another secret, and takes the right one", async () => {
    const expireTag = vi.fn();
    const body = JSON.stringify({ _type: "post", slug: "family-rules" });
    const signed = async (secret: string) =>
      new Request(url, {
        method: "POST",
        headers: { [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), secret) },
        body,
      });
    const deps = { secret: "a-long-webhook-secret", expireTag };
    expect((await handleRevalidateRequest(await signed("another-long-secret!!"), deps)).status).toBe(401);
    expect(expireTag).not.toHaveBeenCalled();
    expect((await handleRevalidateRequest(await signed("a-long-webhook-secret"), deps)).status).toBe(200);
    expect(expireTag).toHaveBeenCalledWith("post:family-rules");
  });
});
