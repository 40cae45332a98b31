import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { useTestDatabase } from "@/lib/db/testing";
import { childConsents, circleMemberships, circles, shares } from "@/lib/db/schema/circles";
import { makeCircle } from "@/lib/circles/testing";
import { habitEntries, habits, habitTargets } from "@/lib/db/schema/habits";

// The actions and the page run as the member the mock answers, against this file's database (installed as the app's).
const database = useTestDatabase([
  habitEntries,
  habitTargets,
  habits,
  shares,
  childConsents,
  circleMemberships,
  circles,
]);
const signedIn = { memberId: "gus" as string | null };
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("@/lib/auth/member", async () => {
  const { DomainError } = await import("@/lib/errors");
  class MemberRequiredError extends DomainError {
    constructor() {
      super("NotAuthenticated", 401, "User is not authenticated");
      this.name = "MemberRequiredError";
    }
  }
  const member = () =>
    signedIn.memberId
      ? { memberId: signedIn.memberId, email: `${signedIn.memberId}@example.com`, name: signedIn.memberId }
      : null;
  return {
    MemberRequiredError,
    getMember: async () => member(),
    requireMember: async () => {
      if (!signedIn.memberId) throw new MemberRequiredError();
      return member()!;
    },
  };
});

const { answerSuggestionAction, checkInAction, suggestHabitAction } = await import("./actions");
const { default: HabitsPage } = await import("./page");
const { todayOf } = await import("@/lib/habits/store");

const idle = { status: "idle" as const, message: "", fieldErrors: {}, values: {} };
const formOf = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
// What the suggestion form posts for "Read, 20 minutes a day on Monday and Thursday".
const reading = {
  childId: "kit",
  title: "Read",
  kind: "MINUTES",
  target: "20",
  schedule: "WEEKDAYS",
  "weekday-1": "on",
  "weekday-4": "on",
  restDaysPerWeek: "1",
};

// Olga owns the circle; Gus is a guardian; Kit a child; Ada an adult member who looks after nobody.
async function family() {
  // Kit's account was made as a child's in this circle: that is what makes Olga and Gus Kit's carers.
  await makeCircle(
    database.db,
    "olga",
    {
      gus: { role: "guardian", name: "Gus" },
      kit: { role: "child", name: "Kit" },
      ada: { role: "member", name: "Ada" },
    },
    { name: "Olga's circle", ownerName: "Olga" },
  );
}

async function as<T>(memberId: string | null, run: () => Promise<T>): Promise<T> {
  const before = signedIn.memberId;
  signedIn.memberId = memberId;
  try {
    return await run();
  } finally {
    signedIn.memberId = before;
  }
}

/** /habits as `memberId` reads it: text without the markup, the names of its forms, and of its buttons that have one. */
async function page(memberId: string) {
  const html = await as(memberId, async () => renderToStaticMarkup((await HabitsPage())!));
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
  return {
    text,
    forms: [...html.matchAll(/<form[^>]*aria-label="([^"]+)"/g)].map((match) => match[1]),
    buttons: [...html.matchAll(/<button[^>]*aria-label="([^"]+)"/g)].map((match) => match[1]),
  };
}

const habitRows = () => database.db.select().from(habits);

describe("suggesting a habit to a child on /habits", () => {
  beforeEach(() => {
    signedIn.memberId = "gus";
  });

  it("shows the form to the owner and guardians of a child's circle only, with the child by name", async () => {
    await family();
    for (const grownUp of ["gus", "olga"]) {
      const { text, forms } = await page(grownUp);
      expect(forms).toContain("Suggest a habit to a child");
      expect(text).toContain("Suggest a habit to a child");
      expect(text).toMatch(/Child Kit/);
    }
    for (const other of ["ada", "kit"]) {
      const { text, forms } = await page(other);
      expect(forms).not.toContain("Suggest a habit to a child");
      expect(text).not.toContain("Suggest a habit");
    }
  });

  it("the child alone sees the suggestion, first, with who suggested it; accepting makes it a habit from today they can check in", async () => {
    await family();
    expect(await suggestHabitAction(idle, formOf(reading))).toMatchObject({ status: "ok" });

    const child = await page("kit");
    expect(child.text).toMatch(
      /My Habits .*Suggested for you .*Read 20 minutes a day, on Monday and Thursday\. Suggested by Gus\. .*Today No habits yet/,
    );
    expect(child.forms).toContain("Answer: Read");
    expect(child.buttons).not.toContain("Read, today");
    // Nobody else: not the guardian who suggested it, the owner, or another member.
    for (const other of ["gus", "olga", "ada"]) {
      const { text } = await page(other);
      expect(text).not.toContain("Read");
      expect(text).not.toContain("Suggested for you");
    }
    const [row] = await habitRows();
    // Not a habit yet: no check-in until it is accepted.
    expect(
      await as("kit", async () =>
        checkInAction(idle, formOf({ habitId: row!.id, date: await todayOf("kit"), value: "25", intent: "done" })),
      ),
    ).toMatchObject({ status: "error", message: "Accept the suggested habit first" });
    // Someone else's answer is refused like a missing habit, and changes nothing.
    expect(await answerSuggestionAction(idle, formOf({ habitId: row!.id, intent: "accept" }))).toMatchObject({
      status: "error",
      message: "Habit not found",
    });
    expect((await habitRows())[0]!.suggestion).toBe("pending");

    expect(await as("kit", () => answerSuggestionAction(idle, formOf({ habitId: row!.id, intent: "accept" })))).toEqual(
      expect.objectContaining({ status: "ok", message: "Added to Today." }),
    );
    const [accepted] = await habitRows();
    expect(accepted).toMatchObject({ ownerId: "kit", suggestion: "accepted", startedOn: await todayOf("kit") });
    const after = await page("kit");
    expect(after.text).not.toContain("Suggested for you");
    // Its row on Today: today's day to tap.
    expect(after.buttons).toContain("Read, today");
    expect(
      await as("kit", async () =>
        checkInAction(idle, formOf({ habitId: row!.id, date: await todayOf("kit"), value: "25", intent: "done" })),
      ),
    ).toMatchObject({ status: "ok", message: "Checked in." });
    expect(await database.db.select().from(habitEntries)).toMatchObject([
      { habitId: row!.id, memberId: "kit", day: await todayOf("kit"), value: 25 },
    ]);
    // Answering again is refused: it is no longer waiting.
    expect(
      await as("kit", () => answerSuggestionAction(idle, formOf({ habitId: row!.id, intent: "decline" }))),
    ).toMatchObject({ status: "error", message: "This habit is not a suggestion waiting for you" });
  });

  it("No thanks removes the suggestion", async () => {
    await family();
    await suggestHabitAction(idle, formOf(reading));
    await as("olga", () =>
      suggestHabitAction(idle, formOf({ childId: "kit", title: "Tidy up", kind: "CHECK", schedule: "DAILY" })),
    );
    const tidy = (await habitRows()).find((habit) => habit.title === "Tidy up")!;
    expect(tidy.suggestedBy).toBe("olga");
    expect((await page("kit")).text).toContain("Tidy up Every day. Suggested by Olga.");
    // An answer that is neither is refused and keeps the suggestion.
    expect(
      await as("kit", () => answerSuggestionAction(idle, formOf({ habitId: tidy.id, intent: "maybe" }))),
    ).toMatchObject({
      status: "error",
    });
    expect(
      await as("kit", () => answerSuggestionAction(idle, formOf({ habitId: tidy.id, intent: "decline" }))),
    ).toMatchObject({
      status: "ok",
      message: "Suggestion removed.",
    });
    expect((await habitRows()).map((habit) => habit.title)).toEqual(["Read"]);
    const { text } = await page("kit");
    expect(text).not.toContain("Tidy up");
    expect(text).toContain("Suggested by Gus.");
  });

  it("bad input answers next to the field and writes nothing; someone who does not look after the child, and a visitor, get an error and no habit", async () => {
    await family();
    expect(await suggestHabitAction(idle, formOf({ ...reading, title: "  " }))).toMatchObject({
      status: "error",
      fieldErrors: { title: expect.stringMatching(/^title/) },
    });
    expect(await suggestHabitAction(idle, formOf({ ...reading, "weekday-1": "", "weekday-4": "" }))).toMatchObject({
      status: "error",
      fieldErrors: { weekdays: "choose at least one weekday" },
    });
    expect(await suggestHabitAction(idle, formOf({ ...reading, kind: "SOMETIMES" }))).toMatchObject({
      status: "error",
      fieldErrors: { kind: expect.stringMatching(/^kind/) },
    });
    // Ada is in the circle but looks after nobody; Kit cannot suggest to themselves; Ada is not a child.
    for (const [who, childId] of [
      ["ada", "kit"],
      ["kit", "kit"],
      ["gus", "ada"],
      ["gus", "nobody"],
    ] as const) {
      expect(await as(who, () => suggestHabitAction(idle, formOf({ ...reading, childId })))).toMatchObject({
        status: "error",
        message: "Member not found",
      });
    }
    expect(await as(null, () => suggestHabitAction(idle, formOf(reading)))).toMatchObject({
      status: "error",
      message: "User is not authenticated",
    });
    expect(await habitRows()).toEqual([]);
  });
});
