import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../db/testing";
import { habits } from "../db/schema/habits";
import { makeCircle } from "../circles/testing";
import { phoneJpeg } from "../images/__fixtures__/photos";
import { MAX_UPLOAD_BYTES } from "../uploads";
import { setChildCamSharing } from "./store";
import { loadCamPage, loadCamTimeline, loadChildCamSwitches } from "./page";
import { CAM_TABLES, momentWithPhoto, temporaryStore } from "./testing";

const database = useTestDatabase([...CAM_TABLES, habits]);
let temp: Awaited<ReturnType<typeof temporaryStore>>;
let photo: Buffer;
beforeAll(async () => {
  temp = await temporaryStore();
  photo = await phoneJpeg();
});
afterAll(() => temp.remove());

const db = () => ({ db: database.db });

describe("Cam's pages' data (lib/cam/page.ts)", () => {
  it("gives a carer the timeline, whom they may share with and a switch per child; the timeline alone is the same timeline", async () => {
    const circleId = await makeCircle(database.db, "mum", {
      kid: { role: "child", name: "Kid", contact: "kid.sign-in" },
      gran: "member",
    });
    const first = await momentWithPhoto(database.db, temp.store, "mum", photo, { note: "First" });
    const second = await momentWithPhoto(database.db, temp.store, "mum", photo, { note: "Second" });

    const page = await loadCamPage({ memberId: "mum" }, {}, db());
    expect(page.moments.map((moment) => moment.note).sort()).toEqual(["First", "Second"]);
    expect(page.nextBefore).toBeNull();
    expect(page.maxBytes).toBe(MAX_UPLOAD_BYTES);
    expect(page.quota.usedBytes).toBeGreaterThan(0);
    expect(page.isChild).toBe(false);
    expect(page.mayShare).toBe(true);
    expect(page.shareTargets.circles).toEqual([{ id: circleId, name: "mum's circle" }]);
    expect(page.shareTargets.people).toEqual(
      expect.arrayContaining([
        { memberId: "kid", name: "Kid" },
        { memberId: "gran", name: "Someone in your circle" },
      ]),
    );
    expect(page.shareTargets.people).toHaveLength(2);
    expect(page.childrenInCare).toEqual([{ childId: "kid", name: "Kid", mayShare: false }]);

    const timeline = await loadCamTimeline({ memberId: "mum" }, {}, db());
    expect(timeline).toEqual({
      isChild: false,
      moments: page.moments,
      albums: page.albums,
      quota: page.quota,
      maxBytes: page.maxBytes,
      nextBefore: page.nextBefore,
    });
    expect(timeline).not.toHaveProperty("shareTargets");
    expect(await loadChildCamSwitches({ memberId: "mum" }, db())).toEqual(page.childrenInCare);
    expect([first.id, second.id]).toContain(timeline.moments[0]!.id);
  });

  it("gives a child no sharing until a carer allows it, then their own circle only, and no switches", async () => {
    const circleId = await makeCircle(database.db, "mum", {
      kid: { role: "child", name: "Kid", contact: "kid.sign-in" },
      gran: "member",
    });
    await makeCircle(database.db, "uncle", { kid: "member", cousin: "member" });

    const before = await loadCamPage({ memberId: "kid" }, {}, db());
    expect(before).toMatchObject({ isChild: true, mayShare: false, childrenInCare: [] });
    expect(before.shareTargets).toEqual({ circles: [], people: [] });

    await setChildCamSharing("mum", { childId: "kid", mayShare: true }, db());
    const after = await loadCamPage({ memberId: "kid" }, {}, db());
    expect(after).toMatchObject({ isChild: true, mayShare: true, childrenInCare: [] });
    expect(after.shareTargets.circles).toEqual([{ id: circleId, name: "mum's circle" }]);
    expect(after.shareTargets.people.map((person) => person.memberId).sort()).toEqual(["gran", "mum"]);
    expect(await loadChildCamSwitches({ memberId: "kid" }, db())).toEqual([]);
    // The carer's switch shows the change.
    expect(await loadChildCamSwitches({ memberId: "mum" }, db())).toEqual([
      { childId: "kid", name: "Kid", mayShare: true },
    ]);
  });
});
