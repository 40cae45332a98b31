import { describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { useTestDatabase } from "@/lib/db/testing";
import { LOUNGE_TABLES, recordedEvents, roomId } from "@/lib/lounge/testing";

// The public report against this file's database (installed as the app's), as a visitor: no session.
const database = useTestDatabase(LOUNGE_TABLES);
// Outside Next's server the data cache and the request marker are not there: the cache passes through.
vi.mock("next/cache", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/cache")>()),
  unstable_cache: <T extends (...args: never[]) => unknown>(run: T) => run,
}));
vi.mock("next/server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/server")>()),
  connection: async () => {},
}));

const { default: CurrentReport } = await import("./page");
const { default: MonthReport, generateMetadata } = await import("./[month]/page");
const { joinLounge, getLoungeTable, postToLounge, reportLoungePost, moderatePost } = await import("@/lib/lounge");

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
const month = async (value: string) =>
  text(renderToStaticMarkup(await MonthReport({ params: Promise.resolve({ month: value }) })));
const row = (page: string, label: string) => page.match(new RegExp(`${label} (\\S+)`))?.[1];

/** March 2026: two posts held (a phone number, an email address), one reported post removed, one published. */
async function seedMarch() {
  const now = (iso: string) => ({
    db: database.db,
    now: new Date(iso),
    publish: recordedEvents().publish,
    moderators: ["mod-1"],
  });
  const id = await roomId(database.db, "keeping-going");
  for (const [memberId, loungeName] of [
    ["ada", "Sky Blue"],
    ["ben", "Quiet Fox"],
  ] as const) {
    await joinLounge({ memberId, name: null }, { loungeName, rulesVersion: 1 }, now("2026-03-11T11:00:00Z"));
    await getLoungeTable(memberId, { roomId: id }, now("2026-03-11T11:00:00Z"));
  }
  const phone = await postToLounge("ada", { roomId: id, text: "call 07700 900 123" }, now("2026-03-11T12:00:00Z"));
  await postToLounge("ada", { roomId: id, text: "mail ada@example.org" }, now("2026-03-11T12:00:00Z"));
  const rude = await postToLounge("ben", { roomId: id, text: "you are all dull" }, now("2026-03-11T12:00:00Z"));
  await reportLoungePost("ada", { postId: rude.id, reason: "UNKIND", note: "mean" }, now("2026-03-11T12:05:00Z"));
  await moderatePost("mod-1", { action: "publish", postId: phone.id, reason: "A club" }, now("2026-03-11T12:45:00Z"));
  await moderatePost(
    "mod-1",
    { action: "remove", postId: rude.id, reason: "Rude to others" },
    now("2026-03-11T13:05:00Z"),
  );
}

describe("/moderation-report", () => {
  it("shows a month's counts from the tables, and nobody: no member, Lounge name or words", async () => {
    await seedMarch();
    const page = await month("2026-03");
    expect(page).toContain("Lounge moderation report");
    expect(page).toContain("March 2026");
    expect(page).not.toContain("March 2026 so far");
    expect(row(page, "Posts held for a person to decide")).toBe("2");
    expect(row(page, "Held for a phone number")).toBe("1");
    expect(row(page, "Held for an email address")).toBe("1");
    expect(row(page, "Reports made")).toBe("1");
    expect(row(page, "Reported as “Unkind or hateful”")).toBe("1");
    expect(row(page, "Held posts published")).toBe("1");
    expect(row(page, "Posts removed")).toBe("1");
    expect(row(page, "Warnings")).toBe("0");
    // Waits of 45 minutes (held) and 60 (from the report).
    expect(page).toContain("Median time to a decision 53 min");
    for (const secret of ["Sky Blue", "Quiet Fox", "ada", "07700", "dull", "mean", "A club", "Rude to others"])
      expect(page).not.toContain(secret);
    expect(await generateMetadata({ params: Promise.resolve({ month: "2026-03" }) })).toMatchObject({
      title: "Lounge moderation report, March 2026",
      alternates: { canonical: "/moderation-report/2026-03" },
    });
  });

  it("shows this month so far with links to the earlier months, and is a 404 for a month it does not cover", async () => {
    await seedMarch();
    const current = new Date().toISOString().slice(0, 7);
    const html = renderToStaticMarkup((await CurrentReport())!);
    expect(text(html)).toContain(" so far");
    expect(row(text(html), "Posts held for a person to decide")).toBe("0");
    expect(html).toContain('href="/moderation-report/2026-03"');
    expect(html).not.toContain(`href="/moderation-report/${current}"`);
    for (const outside of ["2026-02", "2099-01", "2026-13", "march", "../lounge"])
      await expect(month(outside)).rejects.toMatchObject({ digest: expect.stringContaining("404") });
  });
});
