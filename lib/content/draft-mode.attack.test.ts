/**
 * Attacks on GET /api/draft-mode/enable: a visitor without the secret (or with a wrong one) turning
 * on draft mode to read unpublished drafts, and the preview link used as an open redirect to send
 * someone to another site from the app's address.
 */
import { describe, expect, it } from "vitest";
import { checkEnableRequest, previewSecretForm, sameSitePath } from "./draft-mode";

const secret = "preview-secret-0123456789-abcdef";
const enable = (query: string) =>
  checkEnableRequest(new URL(`http://localhost:3000/api/draft-mode/enable${query}`).searchParams, secret);

describe("the preview secret", () => {
  it("is required: missing, empty, wrong, a prefix or a longer string is refused with 401", () => {
    for (const query of [
      "",
      "?secret=",
      "?secret=wrong",
      `?secret=${secret.slice(0, -1)}`,
      `?secret=${secret}x`,
      `?redirect=/blog&Secret=${secret}`,
    ]) {
      expect(enable(query), query).toEqual({ ok: false, status: 401, message: "Invalid preview secret" });
    }
  });

  it("turns previews off entirely (404) when none is configured, whatever is sent", () => {
    expect(checkEnableRequest(new URLSearchParams("secret=undefined"), undefined)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(checkEnableRequest(new URLSearchParams("secret="), "")).toMatchObject({ ok: false, status: 404 });
  });

  it("lets the right secret through to the requested page", () => {
    expect(enable(`?secret=${secret}&redirect=${encodeURIComponent("/blog/post-1?x=1#top")}`)).toEqual({
      ok: true,
      redirectTo: "/blog/post-1?x=1#top",
    });
    expect(enable(`?secret=${secret}`)).toEqual({ ok: true, redirectTo: "/" });
  });
});

describe("the redirect after enabling or exiting", () => {
  it("refuses every way out of the site and goes home instead", () => {
    for (const target of [
      "https://evil.example/",
      "//evil.example/path",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
      "evil.example",
      "http:/evil.example",
      "%2F%2Fevil.example",
    ]) {
      expect(sameSitePath(target), target).toBe("/");
      expect(enable(`?secret=${secret}&redirect=${encodeURIComponent(target)}`), target).toEqual({
        ok: true,
        redirectTo: "/",
      });
    }
  });

  it("keeps same-site paths, normalised", () => {
    expect(sameSitePath("/blog/a/../b")).toBe("/blog/b");
    expect(sameSitePath("/for-you/parents-guardians")).toBe("/for-you/parents-guardians");
    expect(sameSitePath(null)).toBe("/");
  });
});

describe("the secret form (the Studio's Open preview)", () => {
  it("carries the page to open, escaped and same-site only, and never a secret", () => {
    const form = previewSecretForm('/blog/x"><script>alert(1)</script>', false);
    expect(form).not.toContain("<script>alert(1)");
    expect(previewSecretForm("//evil.example/", false)).toContain('name="redirect" value="/"');
    expect(previewSecretForm("/blog/a", true)).toContain("That preview secret is not right.");
    expect(previewSecretForm("/blog/a", false)).not.toContain(secret);
  });
});
