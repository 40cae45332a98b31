import { describe, expect, it } from "vitest";
import { isSameOriginPost } from "./same-origin";

const site = "https://happr.example";

describe("isSameOriginPost", () => {
  it("accepts the site's own origin, or same-origin fetch metadata when Origin is absent", () => {
    expect(isSameOriginPost(new Headers({ origin: "https://happr.example" }), site)).toBe(true);
    expect(isSameOriginPost(new Headers({ "sec-fetch-site": "same-origin" }), site)).toBe(true);
  });

  it("refuses other sites, look-alikes, opaque origins and requests with no evidence", () => {
    expect(isSameOriginPost(new Headers({ origin: "https://evil.example" }), site)).toBe(false);
    expect(isSameOriginPost(new Headers({ origin: "https://happr.example.evil.example" }), site)).toBe(false);
    expect(isSameOriginPost(new Headers({ origin: "http://happr.example" }), site)).toBe(false);
    expect(isSameOriginPost(new Headers({ origin: "null", "sec-fetch-site": "same-origin" }), site)).toBe(false);
    expect(isSameOriginPost(new Headers({ "sec-fetch-site": "cross-site" }), site)).toBe(false);
    expect(isSameOriginPost(new Headers(), site)).toBe(false);
  });
});
