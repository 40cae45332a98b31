import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deliverAt, quietHoursSchema, type QuietHours } from "./quiet-hours";

const nights: QuietHours = { days: [1, 2, 3, 4, 5, 6, 7], from: "22:00", to: "07:00" };
const at = (iso: string) => new Date(iso);

describe("deliverAt: the quiet-hours gate", () => {
  it("holds a message sent late in the evening until the morning, in the member's zone", () => {
    // 23:30 in London (GMT in January) is quiet; it goes at 07:00 London time.
    expect(deliverAt(at("2027-01-12T23:30:00Z"), [nights], "Europe/London")).toEqual(at("2027-01-13T07:00:00Z"));
    // The same instant is 18:30 in New York: not quiet there.
    expect(deliverAt(at("2027-01-12T23:30:00Z"), [nights], "America/New_York")).toEqual(at("2027-01-12T23:30:00Z"));
  });

  it("lets a message outside quiet hours through at once", () => {
    expect(deliverAt(at("2027-01-12T12:00:00Z"), [nights], "Europe/London")).toEqual(at("2027-01-12T12:00:00Z"));
  });

  it("counts a window that runs past midnight as the evening's weekday", () => {
    const fridayNight: QuietHours = { days: [5], from: "22:00", to: "07:00" };
    // Saturday 2027-01-16 03:00 is inside Friday night's window; Sunday 03:00 is not (Saturday is not chosen).
    expect(deliverAt(at("2027-01-16T03:00:00Z"), [fridayNight], "UTC")).toEqual(at("2027-01-16T07:00:00Z"));
    expect(deliverAt(at("2027-01-17T03:00:00Z"), [fridayNight], "UTC")).toEqual(at("2027-01-17T03:00:00Z"));
  });

  it("passes through windows that follow on from each other (a whole weekend)", () => {
    const weekend: QuietHours = { days: [6, 7], from: "00:00", to: "00:00" };
    // Saturday noon waits until Monday 00:00.
    expect(deliverAt(at("2027-01-16T12:00:00Z"), [weekend], "UTC")).toEqual(at("2027-01-18T00:00:00Z"));
  });

  it("keeps local time across the change to summer time", () => {
    // London moves to BST on 2027-03-28: 07:00 local that morning is 06:00 UTC.
    expect(deliverAt(at("2027-03-28T01:30:00Z"), [nights], "Europe/London")).toEqual(at("2027-03-28T06:00:00Z"));
  });

  it("combines a member's own window with another (a guardian's for a child)", () => {
    const guardians: QuietHours = { days: [1, 2, 3, 4, 5, 6, 7], from: "20:00", to: "08:00" };
    expect(deliverAt(at("2027-01-12T21:00:00Z"), [nights, guardians], "UTC")).toEqual(at("2027-01-13T08:00:00Z"));
  });

  const zones = ["UTC", "Europe/London", "America/Los_Angeles", "Pacific/Auckland", "Asia/Kolkata"];
  const clock = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
  const window = fc.record({
    days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
    from: clock,
    to: clock,
  });
  const instant = fc.date({ min: at("2026-01-01T00:00:00Z"), max: at("2028-12-31T00:00:00Z"), noInvalidDate: true });

  it("never delivers early, never inside quiet hours, and never holds a message sent outside them", () => {
    fc.assert(
      fc.property(
        fc.array(window, { minLength: 1, maxLength: 3 }),
        instant,
        fc.constantFrom(...zones),
        (windows, sent, zone) => {
          const when = deliverAt(sent, windows, zone);
          const waited = when.getTime() - sent.getTime();
          expect(waited).toBeGreaterThanOrEqual(0);
          // Windows that together cover the whole week: it waits a week, no more.
          expect(waited).toBeLessThanOrEqual(7 * 86_400_000 + 86_400_000);
          if (waited >= 7 * 86_400_000) return;
          // Delivered at a moment that is itself outside quiet hours...
          expect(deliverAt(when, windows, zone)).toEqual(when);
          // ...and just before it was quiet, unless nothing was held.
          if (waited > 0) expect(deliverAt(new Date(when.getTime() - 1), windows, zone)).toEqual(when);
        },
      ),
      {
        numRuns: 300,
        // Found once: back-to-back windows over several days (23 h then 1 h, each day) wait past eight steps.
        examples: [
          [
            [
              { days: [7, 4, 6, 5], from: "01:00", to: "00:00" },
              { days: [5, 6, 7, 1], from: "00:00", to: "01:00" },
              { days: [1], from: "00:01", to: "00:00" },
            ],
            new Date("2026-01-01T00:00:00.000Z"),
            "Asia/Kolkata",
          ],
        ],
      },
    );
  });
});

describe("quietHoursSchema", () => {
  it("names the field that is wrong", () => {
    expect(quietHoursSchema.safeParse({ days: [1], from: "25:00", to: "07:00" }).error?.issues[0]).toMatchObject({
      path: ["from"],
      message: "from must be a time as HH:MM (00:00 to 23:59)",
    });
    expect(quietHoursSchema.safeParse({ days: [], from: "22:00", to: "07:00" }).error?.issues[0]?.path).toEqual([
      "days",
    ]);
    expect(quietHoursSchema.safeParse({ days: [8], from: "22:00", to: "07:00" }).success).toBe(false);
    expect(
      quietHoursSchema.safeParse({ days: [1, 2, 3, 4, 5, 6, 7], from: "09:00", to: "09:00" }).error?.issues[0],
    ).toMatchObject({ path: ["to"] });
    expect(quietHoursSchema.parse({ days: [3, 1, 3], from: "22:00", to: "07:00" }).days).toEqual([1, 3]);
  });
});
