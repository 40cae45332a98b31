import { readdir } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "@/lib/db/testing";
import { images } from "@/lib/db/schema/uploads";
import { jobs } from "@/lib/db/schema/jobs";
import { phoneJpeg } from "@/lib/images/__fixtures__/photos";
import { temporaryStore } from "@/lib/cam/testing";

/**
 * Attack: cross-site request forgery on an upload. Another site's page makes the member's browser
 * PUT bytes to /api/uploads/<id> with their session cookie (a form or fetch from there, or one that
 * hides its Origin). It is refused with 403 and nothing is written: the upload still has no byte.
 */
const SITE = "http://localhost:3000";
const database = useTestDatabase([images, jobs]);

// The site's session as Auth.js reads it from the cookie: ada is signed in on this browser.
vi.mock("@/auth", () => ({
  auth: async () => ({ user: { id: "ada", email: "ada@example.com", name: "Ada" } }),
}));

let temporary: Awaited<ReturnType<typeof temporaryStore>>;
let route: typeof import("./route");
let uploads: typeof import("@/lib/uploads");

beforeAll(async () => {
  vi.stubEnv("SITE_URL", SITE);
  temporary = await temporaryStore();
  (await import("@/lib/storage")).installObjectStore(temporary.store);
  route = await import("./route");
  uploads = await import("@/lib/uploads");
}, 60_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  await temporary.remove();
});

const put = (uploadId: string, bytes: Uint8Array<ArrayBuffer>, headers: Record<string, string>) =>
  route.PUT(
    new Request(`${SITE}/api/uploads/${uploadId}`, {
      method: "PUT",
      headers: { cookie: "authjs.session-token=ada-session", "content-type": "image/jpeg", ...headers },
      body: bytes,
    }),
    { params: Promise.resolve({ uploadId }) },
  );

const storedFiles = async () => (await readdir(temporary.directory, { recursive: true })).length;

describe("PUT /api/uploads/<id> with the member's cookie from another site", () => {
  it("is refused with 403 and writes nothing; the same bytes from the site's own page are taken", async () => {
    const bytes = new Uint8Array(await phoneJpeg());
    const { uploadId } = await uploads.createImageUpload(
      "ada",
      { contentType: "image/jpeg", byteSize: bytes.length },
      { db: database.db },
    );
    const forgeries: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "null" },
      {},
    ];
    for (const headers of forgeries) {
      const response = await put(uploadId, bytes, headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toEqual({
        statusCode: 403,
        message: "This request must come from the Happr website.",
      });
    }
    expect(await uploads.uploadProgress("ada", uploadId, { db: database.db })).toMatchObject({
      received: 0,
      complete: false,
    });
    expect(await storedFiles()).toBe(0);

    // The control: the site's own page (its Origin) is let through, so the refusals above are the check's.
    const own = await put(uploadId, bytes, { origin: SITE, "sec-fetch-site": "same-origin" });
    expect(own.status).toBe(200);
    expect(await uploads.uploadProgress("ada", uploadId, { db: database.db })).toMatchObject({
      received: bytes.length,
      complete: true,
    });
    expect(await storedFiles()).toBeGreaterThan(0);
  });
});
