import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/test-hooks";
import { memberSettings, outbox } from "../db/schema";
import { readOutbox, sendEmail, sendSms } from "../mail";
import { NEUTRAL_SUBJECT } from "@/config/discreet";
import { exportSettings, forgetSettings, isDiscreet, setDiscreetMode } from ".";

const database = useTestDatabase([memberSettings, outbox]);

describe("discreet mode setting", () => {
  it("is off for a member who never chose it, and follows their choice", async () => {
    expect(await isDiscreet("m-1")).toBe(false);
    await setDiscreetMode("m-1", true);
    expect(await isDiscreet("m-1")).toBe(true);
    expect(await isDiscreet("m-2")).toBe(false);
    await setDiscreetMode("m-1", false);
    expect(await isDiscreet("m-1")).toBe(false);
  });

  it("is in the data download and goes with the account", async () => {
    await setDiscreetMode("m-1", true);
    expect(await exportSettings("m-1")).toEqual({ discreetMode: true });
    await database.db.transaction((tx) => forgetSettings(tx, "m-1"));
    expect(await exportSettings("m-1")).toEqual({ discreetMode: false });
    expect(await database.db.select().from(memberSettings)).toEqual([]);
  });
});

describe("messages to a discreet member", () => {
  it("have a neutral email subject that names neither Happr nor what happened", async () => {
    await setDiscreetMode("m-1", true);
    await sendEmail({
      to: "ada@example.com",
      subject: "Your Happr email address was changed",
      text: "…",
      memberId: "m-1",
    });
    await sendEmail({ to: "bo@example.com", subject: "Your Happr confirmation code", text: "…", memberId: "m-2" });
    expect((await readOutbox(database.db, "ada@example.com"))[0]).toMatchObject({ subject: NEUTRAL_SUBJECT });
    expect((await readOutbox(database.db, "bo@example.com"))[0]).toMatchObject({
      subject: "Your Happr confirmation code",
    });
  });

  it("use a text's neutral wording when it has one", async () => {
    await setDiscreetMode("m-1", true);
    await sendSms({
      to: "+14155550123",
      body: "Your Happr sign-in code is 123456.",
      neutralBody: "Your sign-in code is 123456.",
      memberId: "m-1",
    });
    expect((await readOutbox(database.db, "+14155550123"))[0]).toMatchObject({ body: "Your sign-in code is 123456." });
  });

  it("do not change what a discreet member sends to someone else (an invitation)", async () => {
    await setDiscreetMode("m-1", true);
    await sendEmail({
      to: "cy@example.com",
      subject: "Ada invited you to their Happr Safe Circle",
      text: "…",
      memberId: "m-1",
      toSomeoneElse: true,
    });
    expect((await readOutbox(database.db, "cy@example.com"))[0]).toMatchObject({
      subject: "Ada invited you to their Happr Safe Circle",
    });
  });
});
