import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { makeCircle } from "@/lib/circles/testing";
import { useTestDatabase } from "@/lib/db/testing";
import { circleMemberships, circles, shares } from "@/lib/db/schema/circles";

// The action runs as the member requireMember answers, against this file's database (installed as the app's).
const database = useTestDatabase([shares, circleMemberships, circles]);
const signedIn = { memberId: "ada" as string | null };
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("@/lib/auth/member", async () => {
  const { DomainError } = await import("@/lib/errors");
  class MemberRequiredError extends DomainError {
    constructor() {
      super("NotAuthenticated", 401, "User is not authenticated");
      this.name = "MemberRequiredError";
    }
  }
  return {
    MemberRequiredError,
    requireMember: async () => {
      if (!signedIn.memberId) throw new MemberRequiredError();
      return { memberId: signedIn.memberId, email: `${signedIn.memberId}@example.com`, name: signedIn.memberId };
    },
  };
});

const { resetChildPasswordAction, stopSharingAction } = await import("./actions");
const { namedSharesOf, shareItem } = await import("@/lib/circles/sharing");
const { getCirclePeople, getMyCircles } = await import("@/lib/circles");
const { WhoCanSeeWhat } = await import("@/components/circles/who-can-see-what");

const idle = { status: "idle" as const, message: "", fieldErrors: {}, values: {} };
const form = (shareId: string) => {
  const data = new FormData();
  data.set("shareId", shareId);
  return data;
};
// Everyone owns one habit, "habit-<person>"; Ada gave hers a private title, the code word "Blue".
const kinds = {
  habit: {
    ownerOf: async (itemId: string) => (itemId.startsWith("habit-") ? itemId.slice("habit-".length) : null),
    listTitlesOf: async (itemIds: string[]) =>
      new Map(itemIds.map((id) => [id, id === "habit-ada" ? "Blue" : `Walk with ${id.slice("habit-".length)}`])),
  },
};

async function family() {
  const circleId = await makeCircle(
    database.db,
    "olga",
    {
      gus: { role: "guardian", name: "Gus", label: "grandparent", pronouns: "he/him" },
      ada: { role: "member", name: "Ada", pronouns: "she/her" },
    },
    { name: "Olga's circle", ownerName: "Olga" },
  );
  const toGus = await shareItem(
    "ada",
    { itemType: "habit", itemId: "habit-ada", memberId: "gus", permission: "view" },
    { db: database.db, kinds },
  );
  const toCircle = await shareItem(
    "ada",
    { itemType: "habit", itemId: "habit-ada", circleId, permission: "edit" },
    { db: database.db, kinds },
  );
  const olgas = await shareItem(
    "olga",
    { itemType: "habit", itemId: "habit-olga", memberId: "ada", permission: "view" },
    { db: database.db, kinds },
  );
  return { circleId, toGus, toCircle, olgas };
}

async function page(memberId: string) {
  const myCircles = await getMyCircles(memberId, { db: database.db });
  const people = await Promise.all(
    myCircles.map(async (circle) => ({
      circle,
      people: await getCirclePeople(memberId, circle.circleId, { db: database.db }),
    })),
  );
  const html = renderToStaticMarkup(
    <WhoCanSeeWhat
      circles={people}
      shares={await namedSharesOf(memberId, { db: database.db, kinds })}
      memberId={memberId}
      stopSharing={stopSharingAction}
    />,
  );
  // Text as a reader hears it, without the markup.
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

describe("the who-can-see-what page and its Stop sharing action", () => {
  beforeEach(() => {
    signedIn.memberId = "ada";
  });

  it("names each share's target (a person or a circle) and permission, and the people with their roles, labels and pronouns", async () => {
    await family();
    const text = await page("ada");
    expect(text).toContain("Olga's circle");
    expect(text).toContain("Your role: Member");
    expect(text).toContain("Gus (he/him) : Guardian, grandparent");
    expect(text).toContain("Ada (you) (she/her) : Member");
    // The item by its private title (the code word), never its id or real title.
    expect(text).toContain("Habit “Blue” , shared with Gus: can view");
    expect(text).toContain("Habit “Blue” , shared with everyone in Olga's circle: can view and edit");
    expect(text).not.toContain("habit-ada");
    // Olga's share with Ada is Olga's to stop, not Ada's.
    expect(text).not.toContain("Walk with olga");
    expect(text).not.toContain("You are not sharing anything");
  });

  it("Stop sharing ends that share only, and the page says so on the next render", async () => {
    const { toGus, toCircle } = await family();
    expect(await stopSharingAction(idle, form(toGus.id))).toMatchObject({ status: "ok" });
    expect((await namedSharesOf("ada", { db: database.db, kinds })).map((share) => share.id)).toEqual([toCircle.id]);
    expect(await page("ada")).not.toContain("shared with Gus");
    expect(await stopSharingAction(idle, form(toCircle.id))).toMatchObject({ status: "ok" });
    const text = await page("ada");
    expect(text).toContain("You are not sharing anything. Everything you add is private until you share it.");
    expect(text).toContain("Circle owners and guardians cannot see adults' private items.");
  });

  it("someone else's share answers exactly like a missing one and stays", async () => {
    const { olgas } = await family();
    const stolen = await stopSharingAction(idle, form(olgas.id));
    const missing = await stopSharingAction(idle, form(crypto.randomUUID()));
    expect(stolen).toMatchObject({ status: "error", message: "Share not found" });
    expect(stolen).toEqual(missing);
    expect((await namedSharesOf("olga", { db: database.db, kinds })).map((share) => share.id)).toEqual([olgas.id]);
  });

  it("refuses a visitor and a malformed share id, writing nothing", async () => {
    const { toGus } = await family();
    signedIn.memberId = null;
    expect(await stopSharingAction(idle, form(toGus.id))).toMatchObject({
      status: "error",
      message: "User is not authenticated",
    });
    signedIn.memberId = "ada";
    expect(await stopSharingAction(idle, form("not-an-id"))).toMatchObject({ status: "error" });
    expect(await namedSharesOf("ada", { db: database.db, kinds })).toHaveLength(2);
  });

  it("a child's new password: a visitor gets 401's message, a guardian asking for a child they cannot see 404's", async () => {
    await family();
    const data = new FormData();
    data.set("childId", "olgas-child");
    data.set("credential", "code");
    signedIn.memberId = null;
    expect(await resetChildPasswordAction(idle, data)).toMatchObject({
      status: "error",
      message: "User is not authenticated",
    });
    signedIn.memberId = "gus";
    expect(await resetChildPasswordAction(idle, data)).toMatchObject({ status: "error", message: "Child not found" });
    signedIn.memberId = "ada";
  });
});
