import { describe, expect, it } from "vitest";
import { PUT as putUpload, GET as uploadProgress } from "../../../uploads/[uploadId]/route";
import { GET } from "./route";

/**
 * The image and upload routes without a member: a guest, the `guest` credential and a forged bearer
 * token get 401 before anything is read (the owner's and strangers' answers: lib/cam/cam.db.attack.test.ts).
 */
const imageId = "6f1c1e0e-8f43-4c54-9a55-2a4f8c1f9b10";
const callers: Record<string, Record<string, string>> = {
  guest: {},
  "the guest credential": { authorization: "guest" },
  "a forged bearer token": {
    authorization:
      "Bearer eyJhbGciOiJSUzI1NiIsImtpZCI6ImZvcmdlZCJ9.eyJzdWIiOiJhbmEiLCJ0b2tlbl91c2UiOiJhY2Nlc3MifQ.c2lnbmF0dXJl",
  },
};

describe("the image and upload routes refuse anyone who is not a member", () => {
  for (const [who, headers] of Object.entries(callers)) {
    it(`answers 401 to ${who}, with no bytes and no caching`, async () => {
      for (const variant of ["display", "thumbnail"]) {
        const response = await GET(new Request(`http://localhost/api/images/${imageId}/${variant}`, { headers }), {
          params: Promise.resolve({ imageId, variant }),
        });
        expect(response.status).toBe(401);
        expect(response.headers.get("cache-control")).toBe("private, no-store");
        expect(await response.json()).toEqual({ statusCode: 401, message: "User is not authenticated" });
      }
      const put = await putUpload(
        new Request(`http://localhost/api/uploads/${imageId}`, { method: "PUT", headers, body: new Uint8Array(10) }),
        { params: Promise.resolve({ uploadId: imageId }) },
      );
      expect(put.status).toBe(401);
      const progress = await uploadProgress(new Request(`http://localhost/api/uploads/${imageId}`, { headers }), {
        params: Promise.resolve({ uploadId: imageId }),
      });
      expect(progress.status).toBe(401);
    });
  }
});
