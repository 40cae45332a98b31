import { describe, expect, it } from "vitest";
import { safeContinuePath } from "./continue";

describe("safeContinuePath", () => {
  it("keeps same-origin relative paths with their query and hash", () => {
    expect(safeContinuePath("/manage-subscription")).toBe("/manage-subscription");
    expect(safeContinuePath("/pricing?plan=family#top")).toBe("/pricing?plan=family#top");
  });

  it.each([
    "//evil.com",
    "//evil.com/my-account",
    "/\\evil.com",
    "/\\/evil.com",
    "https://evil.com/my-account",
    "http://localhost:3000/my-account",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,hi",
    "my-account",
    "",
    "   ",
    "/my-account\n//evil.com",
    "/\t/evil.com",
    "/auth/sign-in?continue=/my-account",
    "/api/auth/signout",
  ])("rejects %j", (value) => {
    expect(safeContinuePath(value)).toBe("/today");
  });

  it("rejects values that are not strings and uses the given fallback", () => {
    expect(safeContinuePath(undefined)).toBe("/today");
    expect(safeContinuePath(["/pricing"], "/")).toBe("/");
    expect(safeContinuePath("//evil.com", "/")).toBe("/");
  });

  it("normalises dot segments without leaving the origin", () => {
    expect(safeContinuePath("/a/../../pricing")).toBe("/pricing");
  });
});
