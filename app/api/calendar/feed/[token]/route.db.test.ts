import { describe, expect, it } from "vitest";
import { useTestDatabase } from "@/lib/db/testing";
import { createEvent, feedStatusOf, revokeFeed, rotateFeed } from "@/lib/calendar/store";
import { calendarEvents, calendarFeeds } from "@/lib/db/schema/calendar";
import { GET } from "./route";

const database = useTestDatabase([calendarEvents, calendarFeeds]);
const get = (token: string) =>
  GET(new Request(`http://localhost/api/calendar/feed/${token}`), { params: Promise.resolve({ token }) });

describe("GET /api/calendar/feed/<token>.ics", () => {
  it("serves the member's feed privately, records its use, and answers 404 once rotated or revoked", async () => {
    const start = Date.UTC(2027, 0, 5, 18) / 1000;
    await createEvent("ria", { title: "Clinic", start, end: start + 3600, timezone: "UTC", visibility: "private" });
    const { token } = await rotateFeed("ria", true);
    const response = await get(`${token}.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const file = await response.text();
    expect(file).toContain("SUMMARY:Busy");
    expect(file).not.toContain("Clinic");
    expect((await feedStatusOf("ria"))!.lastUsedAt).toBeInstanceOf(Date);

    const { token: next } = await rotateFeed("ria", false);
    expect((await get(`${token}.ics`)).status).toBe(404);
    expect(await (await get(`${next}.ics`)).text()).toContain("SUMMARY:Clinic");
    await revokeFeed(database.db, "ria");
    expect((await get(`${next}.ics`)).status).toBe(404);
    expect((await get("not-a-token")).status).toBe(404);
  });
});
