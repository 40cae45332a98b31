import { describe, expect, it } from "vitest";
import { useTestDatabase } from "@/lib/db/testing";
import { ProfileError, getUserProfile, startProfileFromSignUp, updateUserProfile } from "./profile";

useTestDatabase();

const now = new Date("2026-06-15T12:00:00Z");
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as ProfileError,
  );

describe("profile", () => {
  it("is empty before the first update", async () => {
    expect(await getUserProfile("m-empty")).toEqual({
      firstName: null,
      lastName: null,
      dob: null,
      phone: null,
      timezone: null,
    });
  });

  it("stores the fields given and changes only those later", async () => {
    const first = await updateUserProfile(
      "m-1",
      {
        firstName: "  Ada ",
        lastName: "Lovelace",
        dob: "1990-02-28",
        phone: "+14155552671",
        timezone: "Europe/London",
      },
      { now },
    );
    expect(first).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      dob: "1990-02-28",
      phone: "+14155552671",
      timezone: "Europe/London",
    });
    const second = await updateUserProfile("m-1", { timezone: "America/New_York" }, { now });
    expect(second).toEqual({ ...first, timezone: "America/New_York" });
    expect(await updateUserProfile("m-1", { phone: null, lastName: "" }, { now })).toEqual({
      ...second,
      phone: null,
      lastName: null,
    });
    expect(await getUserProfile("m-2")).toMatchObject({ firstName: null });
  });

  it.each([
    [{ dob: "1990-02-30" }, "dob must be a real date written YYYY-MM-DD"],
    [{ dob: "1990-2-3" }, "dob must be a real date written YYYY-MM-DD"],
    [{ dob: "2026-06-17" }, "dob must not be in the future"],
    [{ dob: "1800-01-01" }, "dob must be on or after 1900-01-01"],
    [{ phone: "4155552671" }, "phone must be an E.164 number such as +14155552671"],
    [{ phone: "+1 415 555 2671" }, "phone must be an E.164 number such as +14155552671"],
    [{ phone: "+4407911123456" }, "phone must be an E.164 number such as +14155552671"],
    // E.164 in form, but no such number: a different problem, a different message.
    [{ phone: "+10000000000" }, "Enter a valid phone number (for example +14155552671)"],
    [{ phone: "+15555555555" }, "Enter a valid phone number (for example +14155552671)"],
    [{ phone: "+449999999999" }, "Enter a valid phone number (for example +14155552671)"],
    [{ timezone: "Mars/Olympus" }, "timezone must be an IANA time zone such as Europe/London"],
    [{ firstName: "x".repeat(101) }, "firstName must be at most 100 characters"],
    [{ lastName: "Love\u0000lace" }, "lastName must not contain control characters"],
    [{ firstName: 12 as unknown as string }, "firstName must be a string"],
  ])("refuses %o with 400 naming the field, writing nothing", async (input, message) => {
    const before = await getUserProfile("m-1");
    expect(await failure(updateUserProfile("m-1", input, { now }))).toMatchObject({
      status: 400,
      message,
      field: Object.keys(input)[0],
    });
    expect(await getUserProfile("m-1")).toEqual(before);
  });

  it("accepts today's date and the UTC zone", async () => {
    expect(await updateUserProfile("m-3", { dob: "2026-06-15", timezone: "UTC" }, { now })).toMatchObject({
      dob: "2026-06-15",
      timezone: "UTC",
    });
    expect(await updateUserProfile("m-3", { dob: "2000-02-29" }, { now })).toMatchObject({ dob: "2000-02-29" });
  });
});

describe("the profile starts with the sign-up details", () => {
  const ada = { givenName: " Ada ", familyName: "Lovelace", phoneNumber: "+1 415 555 2671" };

  it("fills the names and the phone (in E.164) once; later edits stay the member's", async () => {
    await startProfileFromSignUp("m-start", ada);
    expect(await getUserProfile("m-start")).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      dob: null,
      phone: "+14155552671",
      timezone: null,
    });
    await updateUserProfile("m-start", { firstName: "Augusta", phone: null }, { now });
    // The next sign-in brings the same details again: they are not put back.
    await startProfileFromSignUp("m-start", ada);
    expect(await getUserProfile("m-start")).toMatchObject({ firstName: "Augusta", lastName: "Lovelace", phone: null });
  });

  it("fills only what is still empty in a profile that already exists (a phone from an invitation)", async () => {
    await updateUserProfile("m-invited", { phone: "+447911123456" }, { now });
    await startProfileFromSignUp("m-invited", ada);
    expect(await getUserProfile("m-invited")).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      phone: "+447911123456",
    });
  });

  it("leaves out a detail the profile would not take, never refusing", async () => {
    await startProfileFromSignUp("m-odd", {
      givenName: "x".repeat(101),
      familyName: "Love\u0000lace",
      phoneNumber: "+10000000000",
    });
    expect(await getUserProfile("m-odd")).toMatchObject({ firstName: null, lastName: null, phone: null });
  });

  it("starts on the member's first read or first edit through the API when the caller carries the details", async () => {
    expect(await getUserProfile("m-api", { signUp: ada })).toMatchObject({ firstName: "Ada", lastName: "Lovelace" });
    expect(await updateUserProfile("m-api-edit", { dob: "1990-05-04" }, { now, signUp: ada })).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      dob: "1990-05-04",
    });
  });
});
