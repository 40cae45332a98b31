import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/testing";
import { memberSettings, outbox } from "../db/schema";
import { readOutbox, sendEmail, sendSms } from "../mail";
import { NEUTRAL_SUBJECT } from "@/config/discreet";
import { deliverPending } from "../mail";
import { startTestSmtpServer } from "../mail/test-smtp-server";
import nodemailer from "nodemailer";
import { eq, sql } from "drizzle-orm";
import { memberProfiles } from "../db/schema";
import { exportSettings, forgetSettings, isDiscreet, setDiscreetMode, setQuietHours } from ".";
// The gate that combines the member's own quiet hours with a child's guardians' ones.
import { memberDeliverAt } from "@/lib/circles/quiet-hours";

const database = useTestDatabase([memberSettings, outbox, memberProfiles]);
const allDay = (days: number[]) => ({ days, from: "00:00", to: "00:00" });
const subjectsReceived = (mails: { data: string }[]) => mails.map((mail) => /^Subject: (.*)$/m.exec(mail.data)?.[1]);
/** Today's ISO weekday in UTC (the zone of a member without a profile). */
const today = () => ((new Date().getUTCDay() + 6) % 7) + 1;

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
    await setQuietHours("m-1", { days: [1, 2], from: "22:00", to: "07:00" });
    expect(await exportSettings("m-1")).toEqual({
      discreetMode: true,
      quietHours: { days: [1, 2], from: "22:00", to: "07:00" },
    });
    await database.db.transaction((tx) => forgetSettings(tx, "m-1"));
    expect(await exportSettings("m-1")).toEqual({ discreetMode: false, quietHours: null });
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

describe("quiet hours", () => {
  it("follow the member's own time zone", async () => {
    await database.db.insert(memberProfiles).values({ memberId: "m-1", timezone: "Pacific/Auckland" });
    await setQuietHours("m-1", { days: [1, 2, 3, 4, 5, 6, 7], from: "22:00", to: "07:00" });
    // 10:00 UTC is 23:00 in Auckland (NZDT, UTC+13, in January): held until 07:00 there, 18:00 UTC.
    expect(await memberDeliverAt("m-1", new Date("2027-01-12T10:00:00Z"))).toEqual(new Date("2027-01-12T18:00:00Z"));
    expect(await memberDeliverAt("m-2", new Date("2027-01-12T10:00:00Z"))).toEqual(new Date("2027-01-12T10:00:00Z"));
  });

  it("hold a reminder in the outbox until they end; codes and notices go at once", async () => {
    const smtp = await startTestSmtpServer();
    // A whole quiet day: whenever this runs, now is inside it.
    try {
      await setQuietHours("m-1", allDay([today()]));
      await sendEmail({
        to: "ada@example.com",
        subject: "Reminder",
        text: "…",
        memberId: "m-1",
        holdUntil: await memberDeliverAt("m-1", new Date()),
      });
      await sendEmail({ to: "ada@example.com", subject: "Your code", text: "123456", memberId: "m-1" });
      const transport = nodemailer.createTransport(smtp.url);
      expect(await deliverPending({ db: database.db, transport })).toEqual({ sent: 1, failed: 0 });
      expect(subjectsReceived(smtp.received)).toEqual(["Your code"]);

      // The quiet hours end (the clock moves on past the hold): the reminder goes.
      await database.db
        .update(outbox)
        .set({ lockedUntil: sql`now() - interval '1 second'` })
        .where(eq(outbox.subject, "Reminder"));
      expect(await deliverPending({ db: database.db, transport })).toEqual({ sent: 1, failed: 0 });
      expect(subjectsReceived(smtp.received)).toEqual(["Your code", "Reminder"]);
    } finally {
      await smtp.close();
    }
  });

  it("do not hold a reminder outside them", async () => {
    await setQuietHours("m-1", allDay([1, 2, 3, 4, 5, 6, 7].filter((day) => day !== today())));
    // Yesterday's all-day window ended at midnight; today's is not chosen.
    const at = await memberDeliverAt("m-1", new Date());
    expect(Math.abs(at.getTime() - Date.now())).toBeLessThan(60_000);
  });
});
