import { describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "@/lib/db/testing";
import { circleMemberships, circles, shares } from "@/lib/db/schema/circles";
import { habitEntries, habits, habitTargets } from "@/lib/db/schema/habits";
import { makeCircle } from "@/lib/circles/testing";

// The route runs as the member the mock answers (null: a visitor), against this file's database.
const database = useTestDatabase([habitEntries, habitTargets, habits, shares, circleMemberships, circles]);
const signedIn = { memberId: null as string | null };
vi.mock("@/lib/auth/member", () => ({
  getMember: async () =>
    signedIn.memberId ? { memberId: signedIn.memberId, email: `${signedIn.memberId}@example.com`, name: null } : null,
}));

const { GET } = await import("./route");
const { checkInHabit, createHabit, suggestHabit } = await import("@/lib/habits/store");
const { shareItem } = await import("@/lib/circles/sharing");
const { itemKinds } = await import("@/lib/features");

const get = (memberId: string | null, habitId: string) => {
  signedIn.memberId = memberId;
  return GET(new Request(`http://localhost/habits/${habitId}/csv`), { params: Promise.resolve({ habitId }) });
};
const run = { title: "Run, far", kind: "COUNT", target: 5, unit: "km", schedule: "DAILY", restDaysPerWeek: 1 };

describe("GET /habits/<id>/csv", () => {
  it("gives the owner their habit's entries as CSV, oldest first, a note with a comma quoted", async () => {
    await makeCircle(database.db, "olga", { ada: "member", ben: "member" });
    const habit = await createHabit("ada", run, { now: new Date("2026-03-01T12:00:00Z") });
    const now = new Date("2026-03-04T12:00:00Z");
    await checkInHabit("ada", habit.id, { date: "2026-03-03", value: 6, note: "windy, cold" }, { now });
    await checkInHabit("ada", habit.id, { date: "2026-03-01", value: 5 }, { now });
    await checkInHabit("ada", habit.id, { date: "2026-03-02", rest: true }, { now });

    const response = await get("ada", habit.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="Run far.csv"');
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe(
      [
        "date,value,rest,note,who",
        "2026-03-01,5,no,,you",
        "2026-03-02,,yes,,you",
        '2026-03-03,6,no,"windy, cold",you',
        "",
      ].join("\r\n"),
    );
  });

  it("answers 404 to a member it is not shared with, exactly as for a missing habit; a share lets them have it", async () => {
    await makeCircle(database.db, "olga", { ada: "member", ben: "member" });
    const habit = await createHabit("ada", run);
    await checkInHabit("ada", habit.id, { date: new Date().toISOString().slice(0, 10), value: 5 });

    const refused = await get("ben", habit.id);
    const missing = await get("ben", crypto.randomUUID());
    expect(refused.status).toBe(404);
    expect(await refused.text()).toBe("Habit not found");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("Habit not found");
    expect((await get("ben", "not-an-id")).status).toBe(404);
    // The circle's owner is not let in by their role either.
    expect((await get("olga", habit.id)).status).toBe(404);

    await shareItem(
      "ada",
      { itemType: "habit", itemId: habit.id, memberId: "ben", permission: "view" },
      { kinds: itemKinds },
    );
    const shared = await get("ben", habit.id);
    expect(shared.status).toBe(200);
    // Ben sees Ada's entry, named by her member id, not as "you".
    expect(await shared.text()).toMatch(/^date,value,rest,note,who\r\n\d{4}-\d{2}-\d{2},5,no,,ada\r\n$/);
  });

  it("a habit suggested to a child and not yet accepted is nobody's download but the child's", async () => {
    await makeCircle(database.db, "olga", { gus: "guardian", kit: "child" });
    const { id } = await suggestHabit("gus", "kit", run);
    expect((await get("gus", id)).status).toBe(404);
    expect((await get("olga", id)).status).toBe(404);
    expect((await get("kit", id)).status).toBe(200);
  });

  it("answers 401 to a visitor (proxy.ts sends a browser to sign-in before it gets here)", async () => {
    const habit = await createHabit("ada", run);
    const response = await get(null, habit.id);
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).not.toMatch(/csv/);
    expect(await response.text()).toBe("Not signed in");
  });
});
