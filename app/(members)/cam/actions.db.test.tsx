import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { useTestDatabase } from "@/lib/db/testing";
import { memberSettings } from "@/lib/db/schema/settings";
import { makeCircle } from "@/lib/circles/testing";
import { phoneJpeg } from "@/lib/images/__fixtures__/photos";
import { CAM_TABLES, momentWithPhoto, temporaryStore } from "@/lib/cam/testing";

// The actions and the pages run as the member the mock answers, against this file's database (installed as the app's).
const database = useTestDatabase([...CAM_TABLES, memberSettings]);
const signedIn = { memberId: "olga" as string | null };
vi.mock("next/cache", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/cache")>()),
  revalidatePath: () => {},
}));
// Rendered outside Next's router: the refresh while a photo processes has no router to ask.
vi.mock("next/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/navigation")>()),
  useRouter: () => ({ refresh: () => {} }),
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

const { childCamSharingAction, createMomentAction, setCamPromptAction, setConcealPhotosAction, shareMomentAction } =
  await import("./actions");
const { startUploadAction } = await import("../upload-actions");
const { default: ComparePage } = await import("./compare/page");
const { default: CamPage } = await import("./page");
const { setDiscreetMode } = await import("@/lib/settings");
const { createAlbum } = await import("@/lib/cam");

const photos = await temporaryStore();
afterAll(() => photos.remove());

const idle = { status: "idle" as const, message: "", fieldErrors: {}, values: {} };
const formOf = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

// Olga owns the circle; Kit is a child in it; Ada an adult member; Zed is in no circle of theirs.
async function family() {
  await makeCircle(
    database.db,
    "olga",
    { kit: { role: "child", name: "Kit" }, ada: { role: "member", name: "Ada" } },
    { name: "Olga's circle", ownerName: "Olga" },
  );
}

/** /cam as `memberId` reads it: its text without the markup, and its images' alternative texts. */
async function camPage(memberId: string) {
  signedIn.memberId = memberId;
  const html = renderToStaticMarkup((await CamPage({ searchParams: Promise.resolve({}) }))!);
  return {
    text: html
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, " "),
    images: [...html.matchAll(/<img[^>]*alt="([^"]*)"/g)].map((match) => match[1]),
  };
}

describe("Cam's actions and timeline", () => {
  beforeEach(() => {
    signedIn.memberId = "olga";
  });

  it("checks a photo's type and size before any byte is sent, the message next to the photo", async () => {
    const refused = await startUploadAction(idle, formOf({ contentType: "application/pdf", byteSize: "1000" }));
    expect(refused.status).toBe("error");
    expect(refused.fieldErrors).toHaveProperty("photo");
    const tooLarge = await startUploadAction(idle, formOf({ contentType: "image/jpeg", byteSize: "999999999999" }));
    expect(tooLarge.fieldErrors).toHaveProperty("photo");
    const ticket = await startUploadAction(idle, formOf({ contentType: "image/jpeg", byteSize: "1000" }));
    expect(ticket).toMatchObject({ status: "ok", ticket: { uploadUrl: expect.stringMatching(/^\/api\/uploads\//) } });
  });

  it("refuses a moment without a photo, next to the photo; a guest is told to sign in", async () => {
    expect(await createMomentAction(idle, formOf({ note: "No photo" }))).toMatchObject({
      status: "error",
      fieldErrors: { photo: "Choose a photo first." },
    });
    signedIn.memberId = null;
    expect(await createMomentAction(idle, formOf({ uploadId: "x" }))).toMatchObject({
      status: "error",
      message: "User is not authenticated",
    });
  });

  it("shows the owner's moments with their description; another member sees them only once shared, a stranger never", async () => {
    await family();
    const photo = await phoneJpeg({ width: 64, height: 48 });
    const moment = await momentWithPhoto(database.db, photos.store, "olga", photo, {
      alt: "A bowl of porridge",
      note: "Breakfast",
      day: "2024-05-01",
    });
    const own = await camPage("olga");
    expect(own.images).toEqual(["A bowl of porridge"]);
    expect(own.text).toContain("Wednesday 1 May 2024");
    expect(own.text).toContain("Photo: A bowl of porridge");
    expect((await camPage("ada")).text).not.toContain("porridge");

    // A choice that is neither a circle nor a person is refused next to the select.
    signedIn.memberId = "olga";
    expect(await shareMomentAction(idle, formOf({ momentId: moment.id, with: "everyone" }))).toMatchObject({
      fieldErrors: { with: "Choose whom to share it with." },
    });
    expect(await shareMomentAction(idle, formOf({ momentId: moment.id, with: "member:ada" }))).toMatchObject({
      status: "ok",
    });
    const adas = await camPage("ada");
    expect(adas.images).toEqual(["A bowl of porridge"]);
    expect(adas.text).toContain("Olga's moment");
    // Zed, a stranger, cannot share it, nor see it.
    signedIn.memberId = "zed";
    expect(await shareMomentAction(idle, formOf({ momentId: moment.id, with: "member:zed" }))).toMatchObject({
      status: "error",
      message: "Item not found",
    });
    expect((await camPage("zed")).text).not.toContain("porridge");
  });

  it("in discreet mode covers each photo until opened", async () => {
    const photo = await phoneJpeg({ width: 64, height: 48 });
    await momentWithPhoto(database.db, photos.store, "olga", photo, { alt: "Running shoes" });
    await setDiscreetMode("olga", true, database.db);
    const page = await camPage("olga");
    expect(page.images).toEqual([]);
    expect(page.text).toContain("Show photo");
    expect(page.text).toContain("Photo: Running shoes");
    expect(page.text).toContain("Until you save a choice, this follows discreet mode.");
  });

  it("lets the member choose covered photos apart from discreet mode, on the timeline and the compare view", async () => {
    const photo = await phoneJpeg({ width: 64, height: 48 });
    const { id: albumId } = await createAlbum("olga", { name: "Garden" }, { db: database.db });
    for (const alt of ["Seedlings", "Tomatoes"])
      await momentWithPhoto(database.db, photos.store, "olga", photo, { alt, albumId });
    const compare = async () => {
      const html = renderToStaticMarkup(
        (await ComparePage({ searchParams: Promise.resolve({ of: `album:${albumId}` }) }))!,
      );
      return { html, images: [...html.matchAll(/<img[^>]*alt="([^"]*)"/g)].map((match) => match[1]) };
    };

    // Discreet mode is off, yet the member wants photos covered.
    expect((await camPage("olga")).images).toHaveLength(2);
    expect(await setConcealPhotosAction(idle, formOf({ concealPhotos: "on" }))).toMatchObject({
      status: "ok",
      message: "Photos stay covered until you open them.",
    });
    expect((await camPage("olga")).images).toEqual([]);
    expect((await compare()).images).toEqual([]);
    expect((await compare()).html).toContain("Show photo");

    // Discreet mode on, and the member chose to see photos at once: their choice stands.
    await setDiscreetMode("olga", true, database.db);
    expect(await setConcealPhotosAction(idle, formOf({}))).toMatchObject({ message: "Photos show at once." });
    const page = await camPage("olga");
    expect(page.images).toHaveLength(2);
    expect(page.text).not.toContain("follows discreet mode");
    expect((await compare()).images).toHaveLength(2);
  });

  it("keeps the gentle prompt's day the member picks, names a bad day at its field, and shows a child no such setting", async () => {
    await family();
    const selected = async (memberId: string) => {
      signedIn.memberId = memberId;
      const html = renderToStaticMarkup((await CamPage({ searchParams: Promise.resolve({}) }))!);
      return /<select[^>]*name="promptWeekday"/.test(html)
        ? (/<option value="([^"]*)" selected="">/.exec(html.slice(html.indexOf('name="promptWeekday"')))?.[1] ?? null)
        : "no setting";
    };
    expect(await selected("olga")).toBe("off");
    expect(await setCamPromptAction(idle, formOf({ promptWeekday: "5" }))).toMatchObject({
      status: "ok",
      message: "Saved: a gentle prompt on Friday mornings, if you'd like one.",
    });
    expect(await selected("olga")).toBe("5");
    expect(await setCamPromptAction(idle, formOf({ promptWeekday: "9" }))).toMatchObject({
      status: "error",
      fieldErrors: { promptWeekday: "Choose a day of the week for the prompt, or off." },
    });
    expect(await selected("olga")).toBe("5");
    expect(await setCamPromptAction(idle, formOf({ promptWeekday: "off" }))).toMatchObject({
      message: "No prompts: nothing will be sent.",
    });
    expect(await selected("olga")).toBe("off");
    expect(await selected("kit")).toBe("no setting");
    expect(await setCamPromptAction(idle, formOf({ promptWeekday: "3" }))).toMatchObject({
      status: "error",
      fieldErrors: { promptWeekday: "Prompts are not sent to children's accounts." },
    });
  });

  it("lets a child's carer alone switch the child's sharing, and a carer sees the switch on nothing else", async () => {
    await family();
    expect(await childCamSharingAction(idle, formOf({ childId: "kit", mayShare: "on" }))).toMatchObject({
      status: "ok",
      message: "They may share moments with their circle.",
    });
    signedIn.memberId = "ada";
    expect(await childCamSharingAction(idle, formOf({ childId: "kit", mayShare: "on" }))).toMatchObject({
      status: "error",
    });
    signedIn.memberId = "olga";
    expect(await childCamSharingAction(idle, formOf({ childId: "kit" }))).toMatchObject({
      message: "Their moments stay private.",
    });
  });
});
