import { describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { useTestDatabase } from "@/lib/db/testing";
import { LOUNGE_TABLES, recordedEvents, roomId } from "@/lib/lounge/testing";

// The actions and pages run as the member the mock answers, against this file's database, with "mod-1"
// and "mod-2" named in LOUNGE_MODERATORS.
const database = useTestDatabase(LOUNGE_TABLES);
const signedIn = { memberId: "mod-1" };
vi.mock("next/cache", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/cache")>()),
  revalidatePath: () => {},
}));
vi.mock("@/lib/config", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/config")>();
  return { ...actual, getConfig: () => ({ ...actual.getConfig(), loungeModerators: ["mod-1", "mod-2"] }) };
});
vi.mock("@/lib/auth/member", async () => {
  const { DomainError } = await import("@/lib/errors");
  class MemberRequiredError extends DomainError {
    constructor() {
      super("NotAuthenticated", 401, "User is not authenticated");
    }
  }
  const member = () => ({ memberId: signedIn.memberId, email: `${signedIn.memberId}@example.com`, name: "M" });
  return { MemberRequiredError, getMember: async () => member(), requireMember: async () => member() };
});

const { appealModerationAction, decideAppealAction, moderatePostAction } = await import("./actions");
const { default: ModerationPage } = await import("./page");
const { default: LogPage } = await import("./log/page");
const { joinLounge, postToLounge, getLoungeTable, getMyAppealable, getOpenAppeals } = await import("@/lib/lounge");
const { idleForm } = await import("@/lib/forms");

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

async function heldPost() {
  const options = { db: database.db, publish: recordedEvents().publish, now: new Date("2026-03-11T12:00:00Z") };
  const room = await roomId(database.db, "keeping-going");
  await joinLounge({ memberId: "ada", name: null }, { loungeName: "Sky Blue", rulesVersion: 1 }, options);
  await getLoungeTable("ada", { roomId: room }, options);
  return postToLounge("ada", { roomId: room, text: "ring me 07700 900 123" }, options);
}

describe("the moderation pages and actions", () => {
  it("show the queue to a named moderator and 404 to any other member", async () => {
    await heldPost();
    signedIn.memberId = "mod-1";
    expect(renderToStaticMarkup(await ModerationPage())).toContain("ring me 07700 900 123");
    signedIn.memberId = "ada";
    await expect(ModerationPage()).rejects.toThrow(/NEXT_HTTP_ERROR_FALLBACK;404/);
    const refused = await moderatePostAction(idleForm, form({ postId: "x", action: "remove", reason: "spam" }));
    expect(refused).toMatchObject({ status: "error", message: "Not found" });
  });

  it("ask for the reason, naming the field, then record the decision", async () => {
    const post = await heldPost();
    signedIn.memberId = "mod-1";
    const missing = await moderatePostAction(idleForm, form({ postId: post.id, action: "publish", reason: "" }));
    expect(missing.status).toBe("error");
    expect(missing.fieldErrors.reason).toMatch(/reason is required/);
    const saved = await moderatePostAction(
      idleForm,
      form({ postId: post.id, action: "publish", reason: "A club's public number" }),
    );
    expect(saved).toMatchObject({ status: "ok" });
    expect(renderToStaticMarkup(await ModerationPage())).toContain("Nothing waits for a moderator.");
    // The audit log page: the decision with its reason, and this month's counts as the public report shows them.
    const log = renderToStaticMarkup(await LogPage({ searchParams: Promise.resolve({}) }))
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
    expect(log).toContain("A club&#x27;s public number");
    expect(log).toMatch(/Held posts published 1 /);
    expect(log).toMatch(/Posts removed 0 /);
  });

  it("refuse the appeal's decision to the moderator who acted, saying why, and take the other's", async () => {
    const post = await heldPost();
    signedIn.memberId = "mod-1";
    await moderatePostAction(idleForm, form({ postId: post.id, action: "remove", reason: "Contact details" }));
    signedIn.memberId = "ada";
    const [entry] = await getMyAppealable("ada");
    expect(
      await appealModerationAction(idleForm, form({ logId: entry!.logId, text: "It is my club's number" })),
    ).toMatchObject({
      status: "ok",
    });
    const [appeal] = await getOpenAppeals("mod-1");
    const decide = form({ appealId: appeal!.id, decision: "uphold", reason: "A public number" });
    // The console offers mod-1 no form; a forged submission is refused all the same.
    signedIn.memberId = "mod-1";
    expect(renderToStaticMarkup(await ModerationPage())).toContain(
      "You made this decision: another moderator decides the appeal.",
    );
    expect(await decideAppealAction(idleForm, decide)).toMatchObject({
      status: "error",
      fieldErrors: { appealId: "Another moderator decides an appeal against your own decision." },
    });
    signedIn.memberId = "mod-2";
    expect(await decideAppealAction(idleForm, decide)).toMatchObject({
      status: "ok",
      message: "Appeal upheld: the decision is undone.",
    });
  });
});
