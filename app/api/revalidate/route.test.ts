import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { beforeEach, describe, expect, it, vi } from "vitest";

const mocks = vi.hoisted(() => ({ secret: undefined as string | undefined, revalidateTag: vi.fn() }));

vi.mock("next/cache", () => ({ revalidateTag: mocks.revalidateTag }));
vi.mock("@/lib/config", () => ({ getConfig: () => ({ revalidateSecret: mocks.secret }) }));

const { POST } = await import("./route");

const SECRET = "a-long-webhook-secret";

async function signedRequest(
  body: string,
  secret = SECRET,
  headers: Record<string, string> = {},
  signedAt = Date.now(),
) {
  const signature = await encodeSignatureHeader(body, signedAt, secret);
  return new Request("http://localhost/api/revalidate", {
    method: "POST",
    headers: { "content-type": "application/json", [SIGNATURE_HEADER_NAME]: signature, ...headers },
    body,
  });
}

beforeEach(() => {
  mocks.secret = SECRET;
  mocks.revalidateTag.mockReset();
});

describe("POST /api/revalidate", () => {
  it("expires a post's tags at once on a valid signature", async () => {
    const response = await POST(await signedRequest(JSON.stringify({ _type: "post", slug: "family-rules" })));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ revalidated: true });
    expect(mocks.revalidateTag.mock.calls).toEqual([
      ["post", { expire: 0 }],
      ["post:family-rules", { expire: 0 }],
    ]);
  });

  it("expires the site settings' tag (every page's header and footer read it)", async () => {
    const response = await POST(await signedRequest(JSON.stringify({ _type: "siteSettings", slug: null, path: null })));
    expect(response.status).toBe(200);
    expect(mocks.revalidateTag.mock.calls).toEqual([["siteSettings", { expire: 0 }]]);
  });

  it("401 when no secret is configured", async () => {
    mocks.secret = undefined;
    const response = await POST(await signedRequest(JSON.stringify({ _type: "post" })));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: expect.stringContaining("SANITY_REVALIDATE_SECRET") });
    expect(mocks.revalidateTag).not.toHaveBeenCalled();
  });

  it("401 without a signature", async () => {
    const response = await POST(
      new Request("http://localhost/api/revalidate", { method: "POST", body: JSON.stringify({ _type: "post" }) }),
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: expect.any(String) });
    expect(mocks.revalidateTag).not.toHaveBeenCalled();
  });

  it("401 for a signature made with another secret, a malformed one, or a tampered body", async () => {
    const wrongSecret = await POST(await signedRequest(JSON.stringify({ _type: "post" }), "another-secret"));
    expect(wrongSecret.status).toBe(401);

    const malformed = await POST(
      new Request("http://localhost/api/revalidate", {
        method: "POST",
        headers: { [SIGNATURE_HEADER_NAME]: "nonsense" },
        body: JSON.stringify({ _type: "post" }),
      }),
    );
    expect(malformed.status).toBe(401);

    const signed = await signedRequest(JSON.stringify({ _type: "faqEntry" }));
    const tampered = new Request(signed.url, {
      method: "POST",
      headers: signed.headers,
      body: JSON.stringify({ _type: "siteSettings" }),
    });
    expect((await POST(tampered)).status).toBe(401);
    expect(mocks.revalidateTag).not.toHaveBeenCalled();
  });

  it("401 for a correctly signed delivery that is stale or from the future (no replays)", async () => {
    const body = JSON.stringify({ _type: "post", slug: "family-rules" });
    const stale = await POST(await signedRequest(body, SECRET, {}, Date.now() - 6 * 60 * 1000));
    expect(stale.status).toBe(401);
    const future = await POST(await signedRequest(body, SECRET, {}, Date.now() + 6 * 60 * 1000));
    expect(future.status).toBe(401);
    expect(mocks.revalidateTag).not.toHaveBeenCalled();
    const fresh = await POST(await signedRequest(body, SECRET, {}, Date.now() - 60 * 1000));
    expect(fresh.status).toBe(200);
  });

  it("400 for a signed body that is not a valid payload", async () => {
    const notJson = await POST(await signedRequest("not json"));
    expect(notJson.status).toBe(400);
    const badSlug = await POST(await signedRequest(JSON.stringify({ _type: "post", slug: "../../etc" })));
    expect(badSlug.status).toBe(400);
    expect(await badSlug.json()).toEqual({ message: expect.stringContaining("slug") });
    expect(mocks.revalidateTag).not.toHaveBeenCalled();
  });
});
