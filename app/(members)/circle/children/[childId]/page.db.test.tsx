import { describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { useTestDatabase } from "@/lib/db/testing";
import { memberSettings } from "@/lib/db/schema/settings";
import { memberProfiles } from "@/lib/db/schema/profile";
import { LOUNGE_TABLES, roomId } from "@/lib/lounge/testing";
import { makeCircle } from "@/lib/circles/testing";

// The carers' Lounge page and actions as the member the mock answers, against this file's database.
const database = useTestDatabase([...LOUNGE_TABLES, memberSettings]);
const signedIn = { memberId: "mum" as string | null };
vi.mock("next/cache", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/cache")>()),
  revalidatePath: () => {},
}));
vi.mock("@/lib/auth/member", async () => {
  const { DomainError } = await import("@/lib/errors");
  class MemberRequiredError extends DomainError {
    constructor() {
      super("NotAuthenticated", 401, "User is not authenticated");
      this.name = "MemberRequiredError";
    }
  }
  const member = () =>
    signedIn.memberId ? { memberId: signedIn.memberId, email: `${signedIn.memberId}@example.com`, name: null } : null;
  return {
    MemberRequiredError,
    getMember: async () => member(),
    requireMember: async () => {
      if (!signedIn.memberId) throw new MemberRequiredError();
      return member()!;
    },
  };
});

const { childLoungeAction, confirmTeenBandAction } = await import("../../lounge-actions");
const { default: ChildPage } = await import("./page");
const { default: LoungePage } = await import("@/app/(members)/lounge/page");
const { joinLounge, postToLounge, LOUNGE_RULES_VERSION } = await import("@/lib/lounge");

const idle = { status: "idle" as const, message: "", fieldErrors: {}, values: {} };
const formOf = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const as = (memberId: string | null) => (signedIn.memberId = memberId);
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
const childPage = async (childId: string) =>
  text(renderToStaticMarkup((await ChildPage({ params: Promise.resolve({ childId }) }))!));
const notFound = { digest: expect.stringContaining("404") };

describe("/circle/children/<child>: a carer's Lounge switch and the child's posts", () => {
  it("is off by default; the carer turns it on, the child is told carers read, and the carer reads the posts", async () => {
    await makeCircle(database.db, "mum", { kid: { role: "child", name: "Robin" }, ben: "member" });
    // Noon everywhere: the child's room is open by their clock.
    await database.db.insert(memberProfiles).values({ memberId: "kid", timezone: zoneAtNoon() });
    as("mum");
    expect(await childPage("kid")).toContain("Off: Robin cannot enter the Lounge.");
    expect(await childLoungeAction(idle, formOf({ childId: "kid", enabled: "on" }))).toMatchObject({ status: "ok" });
    expect(await childPage("kid")).toContain("On: Robin can join");

    as("kid");
    expect(text(renderToStaticMarkup((await LoungePage())!))).toContain(
      "Your grown-ups can read what you post in the Lounge.",
    );
    await joinLounge(
      { memberId: "kid", name: null },
      { loungeName: "Little Star", rulesVersion: LOUNGE_RULES_VERSION },
    );
    await postToLounge("kid", { roomId: await roomId(database.db, "kind-corner"), text: "I drew a cat" });

    as("mum");
    const read = await childPage("kid");
    expect(read).toContain("I drew a cat");
    expect(read).toContain("In Kind Corner");
    expect(read).toContain("Posted");
  });

  it("a circle member who is not a carer, a stranger and the child get 404, and their switch changes nothing", async () => {
    await makeCircle(database.db, "mum", { kid: "child", ben: "member" });
    for (const who of ["ben", "stranger", "kid"]) {
      as(who);
      await expect(childPage("kid")).rejects.toMatchObject(notFound);
      expect(await childLoungeAction(idle, formOf({ childId: "kid", enabled: "on" }))).toMatchObject({
        status: "error",
        message: "Child not found",
      });
    }
    as("mum");
    expect(await childPage("kid")).toContain("Off:");
  });

  it("a grown-up confirms a member's teen band from /circle; another member cannot", async () => {
    await database.db.insert(memberProfiles).values({ memberId: "teen", dob: "2012-01-01" });
    await makeCircle(database.db, "dad", { teen: { role: "member", name: "Sam" }, aunt: "member" });
    as("aunt");
    expect(await confirmTeenBandAction(idle, formOf({ memberId: "teen" }))).toMatchObject({
      status: "error",
      message: "Member not found",
    });
    as("dad");
    expect(await confirmTeenBandAction(idle, formOf({ memberId: "teen" }))).toMatchObject({ status: "ok" });
  });
});

function zoneAtNoon(): string {
  let offset = (12 - new Date().getUTCHours() + 24) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? "Etc/UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
}
