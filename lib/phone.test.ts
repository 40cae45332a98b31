import { describe, expect, it } from "vitest";
import { z } from "zod";
import { phoneField } from "./identity/validation";
import { e164Problem, INVALID_PHONE_MESSAGE, realPhoneNumber, toE164 } from "./phone";

describe("the phone rule", () => {
  it.each([
    ["+14155552671", null],
    ["+447911123456", null],
    ["4155552671", "format"],
    ["+1 415 555 2671", "format"],
    ["+4407911123456", "format"], // a real number, written with its trunk 0
    ["+10000000000", "invalid"],
    ["+15555555555", "invalid"],
    ["+11234567890", "invalid"],
    ["+449999999999", "invalid"],
  ])("%s where E.164 is required: %s", (value, problem) => {
    expect(e164Problem(value)).toBe(problem);
  });

  it("reads a real number however it is written with its country code, or with the country given", () => {
    expect(realPhoneNumber(" +1 (415) 555-2671 ")).toBe("+14155552671");
    expect(realPhoneNumber("07911 123456", "GB")).toBe("+447911123456");
    expect(realPhoneNumber("+10000000000")).toBeUndefined();
    expect(realPhoneNumber("4155552671")).toBeUndefined();
  });

  it("the security centre's field says the same as the profile for a number that is not real", () => {
    const parsed = z.object({ phone: phoneField }).safeParse({ phone: "+10000000000" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(INVALID_PHONE_MESSAGE);
    expect(z.object({ phone: phoneField }).parse({ phone: "+1 415 555 2671" })).toEqual({ phone: "+14155552671" });
  });

  it("writes what the profile form typed in E.164 for the chosen country", () => {
    expect(toE164("GB", "07911 123456")).toBe("+447911123456");
    expect(toE164("US", "(415) 555-2671")).toBe("+14155552671");
    expect(toE164("US", "+447911123456")).toBe("+447911123456");
    expect(toE164("US", "")).toBe("");
  });
});
