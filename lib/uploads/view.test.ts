import { describe, expect, it } from "vitest";
import { imageViewOf } from "./view";

const row = { width: 800, height: 600, placeholder: "data:image/webp;base64,AAA", error: "too small" };

describe("imageViewOf: the one view of an image, for moments and board photos alike", () => {
  it("gives a ready image its addresses, size and placeholder, and no error", () => {
    const view = imageViewOf("11111111-1111-4111-8111-111111111111", { ...row, status: "ready" });
    expect(view).toMatchObject({ status: "ready", width: 800, height: 600, error: null });
    expect(view.url).toContain("11111111-1111-4111-8111-111111111111");
    expect(view.thumbnailUrl).not.toBe(view.url);
  });

  it("shows nothing of an image still processing, and says why a failed one failed", () => {
    expect(imageViewOf("i", { ...row, status: "pending" })).toEqual({
      status: "processing",
      url: null,
      thumbnailUrl: null,
      placeholder: null,
      width: null,
      height: null,
      error: null,
    });
    expect(imageViewOf("i", { ...row, status: "failed" })).toMatchObject({
      status: "failed",
      url: null,
      error: "too small",
    });
  });
});
