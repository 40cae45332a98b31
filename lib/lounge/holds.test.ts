import { describe, expect, it } from "vitest";
import { holdReasons, PHOTO_HOLD_THRESHOLD, photoHoldReason } from "./holds";

describe("holds before publication", () => {
  it.each([
    ["call me on 07700 900123", ["phone"]],
    ["+44 (0)7700-900-123 any time", ["phone"]],
    ["0 7 7 0 0 9 0 0 1 2 3", ["phone"]],
    ["mail sky@example.com", ["email"]],
    ["sky (at) example (dot) com", ["email"]],
    ["sky at example dot com", ["email"]],
    ["https://example.net/page", ["link"]],
    ["go to www.example.org", ["link"]],
    ["bit.ly/free", ["link"]],
    ["you are a L0SER", ["words"]],
    ["s t u p i d", ["words"]],
    ["add me on snapchat: sky@example.com", ["email", "words"]],
  ])("holds %j for %j", (text, reasons) => {
    expect(holdReasons(text)).toEqual(reasons);
  });

  it.each([
    "I walked 5000 steps today",
    "It went well on 2026-03-11 and 11/03/2026",
    "Running since 1999-2024, mostly",
    "I got home. It was great",
    "look at the NHS page https://www.nhs.uk/conditions/ first",
    "Samaritans: samaritans.org",
    "I was at work. Later we ate",
    "getting closer to my goal",
  ])("publishes %j", (text) => {
    expect(holdReasons(text)).toEqual([]);
  });
});

describe("the photo check's hold (photoHoldReason)", () => {
  const scores = (porn: number, hentai: number, sexy: number) => ({
    porn,
    hentai,
    sexy,
    drawing: 0,
    neutral: 1 - porn - hentai - sexy,
  });
  it("holds when porn + hentai + sexy reach the threshold, together or alone", () => {
    expect(PHOTO_HOLD_THRESHOLD).toBe(0.3);
    expect(photoHoldReason(scores(0.3, 0, 0))).toBe("image");
    expect(photoHoldReason(scores(0, 0, 0.3))).toBe("image");
    expect(photoHoldReason(scores(0.1, 0.1, 0.1))).toBe("image");
    expect(photoHoldReason(scores(0.29, 0, 0))).toBeNull();
    expect(photoHoldReason(scores(0.005, 0.001, 0.006))).toBeNull();
  });
  it("fails closed: a failed check or an answer that is not a number holds for a person", () => {
    expect(photoHoldReason({ failed: true })).toBe("image-unchecked");
    expect(photoHoldReason(scores(Number.NaN, 0, 0))).toBe("image-unchecked");
  });
});
