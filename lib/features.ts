import "server-only";
import type { Db } from "./db/open";
import type { JobHandler } from "./jobs";
import type { ItemKinds } from "./circles/sharing";
import { sharesOf } from "./circles/sharing";
import { circleJobHandlers, exportChildAccounts } from "./circles";
import { exportCircle, removeFromCircles } from "./invitations";
import { calendarJobHandlers } from "./calendar/store/reminders";
import { eventKind } from "./calendar/store/events";
import { exportCalendar, forgetCalendar } from "./calendar/store";
import { habitJobHandlers } from "./habits/reminders";
import { habitKind } from "./habits/kind";
import { exportHabits, forgetHabits } from "./habits/export";
import {
  camJobHandlers,
  camPhotoFiles,
  concealsPhotos,
  exportCam,
  forgetCam,
  getMyMoments,
  momentImageHolder,
  momentKind,
  type CamLinks,
} from "./cam";
import type { ImageHolders } from "./uploads";
import { childCamSharing } from "./cam";
import { createEvent, deleteEvent } from "./calendar/store";
import { myHabitChoices, ownHabitScores } from "./habits/store";
import { addDays } from "./time";
import { isDomainError } from "./errors";
import {
  boardItemImageHolder,
  exportLookBack,
  exportVisionBoard,
  forgetVisionBoard,
  goalKind,
  goalOwnerOf,
  lookBackJobHandlers,
  type BoardLinks,
} from "./vision-board";
import {
  exportLounge,
  forgetLounge,
  LOUNGE_IMAGE_HOLDER,
  loungePostImageHolder,
  photoCheckJobHandlers,
} from "./lounge";

/** Whom an erasure is about: the member's id and every address that names them. */
export type ForgottenPerson = { memberId: string; emails: string[]; addresses: string[] };

/**
 * What a members' feature gives the rest of the app. Every part is optional: a feature gives only
 * what it has.
 */
export type MemberFeature = {
  name: string;
  /** The kinds of scheduled job it schedules, and their handlers (run by the one job timer). */
  jobHandlers?: Record<string, JobHandler>;
  /** The kinds of item it lets a member share (lib/circles/sharing), keyed by the API's item type. */
  itemKinds?: ItemKinds;
  /** Its sections of the member's data download, each a key of the JSON document. */
  download?: Record<string, (memberId: string) => Promise<unknown>>;
  /** Removes everything it keeps about a person, in the erasure's transaction. */
  forget?: (tx: Db, person: ForgottenPerson) => Promise<void>;
  /**
   * Sections included only when the member asks (the download form's checkbox named after the feature:
   * discreet mode keeps them out by default), with the files that go beside the JSON in a ZIP.
   */
  askedDownload?: {
    sections: Record<string, (memberId: string) => Promise<unknown>>;
    files?: (memberId: string) => AsyncGenerator<{ path: string; bytes: Uint8Array }>;
  };
  /** The kinds of item that hold images (lib/uploads), each with who may see its image. */
  imageHolders?: ImageHolders;
};

/**
 * The one list of the members' features. A new feature adds its own folder and joins this list; the
 * job timer's handlers, the shareable kinds, the data download and the erasure are derived from it,
 * so nothing else names the features.
 */
export const memberFeatures = [
  {
    // Safe Circle: circles, their invitations, the children in a guardian's care, and the shares.
    name: "circles",
    jobHandlers: circleJobHandlers,
    download: {
      // Every circle with the member's role in it, the people of the circle they own, their invitations.
      circle: (memberId) => exportCircle(memberId),
      // Guardians: the consent records of the children they look after (who consented, when); a
      // child: their own consent record and memberships.
      children: (memberId) => exportChildAccounts(memberId),
      // The shares of the member's items: with whom (a member or a circle) and view or edit.
      shares: (memberId) => sharesOf(memberId),
    },
    forget: (tx, person) => removeFromCircles(person.memberId, { db: tx, addresses: person.addresses }),
  },
  {
    name: "calendar",
    jobHandlers: calendarJobHandlers,
    itemKinds: { event: eventKind },
    // The events in their calendar (and those they wrote into a child's), their "got it"s, their feed link's state.
    download: { calendar: (memberId) => exportCalendar(memberId) },
    forget: (tx, person) => forgetCalendar(tx, person.memberId),
  },
  {
    name: "habits",
    jobHandlers: habitJobHandlers,
    itemKinds: { habit: habitKind },
    // Their habits (target versions, every entry) and the entries they recorded in habits shared with them.
    download: { habits: (memberId) => exportHabits(memberId) },
    forget: (tx, person) => forgetHabits(tx, person.memberId),
  },
  {
    // Happr Cam: moments, their photos (the uploads' jobs run here until a second feature holds images).
    name: "cam",
    jobHandlers: camJobHandlers,
    itemKinds: { moment: momentKind },
    imageHolders: { moment: momentImageHolder },
    // Only when asked (discreet mode): the moments' index in the JSON, their photos beside it in a ZIP.
    askedDownload: {
      sections: { cam: (memberId) => exportCam(memberId) },
      files: (memberId) => camPhotoFiles(memberId),
    },
    forget: (tx, person) => forgetCam(tx, person.memberId),
  },
  {
    // My Vision Board: boards, items and goals; a goal shares as GOAL, a board photo is an image it holds.
    name: "vision-board",
    // The monthly look back; its goals' progress needs the links below (read when a job runs).
    jobHandlers: lookBackJobHandlers(() => boardLinks),
    itemKinds: { goal: goalKind },
    imageHolders: { "board-item": boardItemImageHolder },
    // Their boards, goals and the items they put on family boards; the look back's day and last sending.
    download: {
      visionBoard: (memberId) => exportVisionBoard(memberId),
      visionBoardLookBack: (memberId) => exportLookBack(memberId),
    },
    forget: (tx, person) => forgetVisionBoard(tx, person.memberId),
  },
  {
    // Happr Lounge: their Lounge name, their posts (held and removed ones too), the reports and cheers they gave.
    name: "lounge",
    // The offline check of a post's photo (Lounge photos only), and the announcement of what it published.
    jobHandlers: photoCheckJobHandlers(),
    // A post's photo: seen by those at its table (a held one by its author), asked on every request.
    imageHolders: { [LOUNGE_IMAGE_HOLDER]: loungePostImageHolder },
    download: { lounge: (memberId) => exportLounge(memberId) },
    forget: (tx, person) => forgetLounge(tx, person.memberId),
  },
] as const satisfies readonly MemberFeature[];

/**
 * What a goal reaches in the other features (lib/vision-board imports none of them): the member's own
 * habits and their scores, their calendar (a dated milestone is a real all-day event, made by the
 * calendar's own rules), and Happr Cam's rule for a child's photos.
 */
export const boardLinks: BoardLinks = {
  habitOwnerOf: (habitId, db) => habitKind.ownerOf(habitId, db),
  // The linked habits alone, scored as the habits' own list scores them.
  habitScores: (ownerId, habitIds, db) => ownHabitScores(ownerId, habitIds, { db }),
  habitChoices: (ownerId, db) => myHabitChoices(ownerId, { db }),
  addMilestoneEvent: async (ownerId, { title, privateTitle, date }, db) =>
    (
      await createEvent(
        ownerId,
        { title, privateTitle, startDate: date, endDate: addDays(date, 1), visibility: "private" },
        { db },
      )
    ).id,
  removeMilestoneEvent: async (ownerId, eventId, db) => {
    // The member may have removed the event in their calendar already: nothing left to remove.
    await deleteEvent(ownerId, eventId, { db, scope: "ALL" }).catch((error: unknown) => {
      if (!(isDomainError(error) && error.status === 404)) throw error;
    });
  },
  goalMoments: async (viewerId, goalId, db) => {
    // Cam's own list, filtered by the goal: only what the viewer may see of it (the child rule too).
    const [moments, concealed] = await Promise.all([
      getMyMoments(viewerId, { goalId }, { db }),
      concealsPhotos(viewerId, { db }),
    ]);
    return {
      moments: moments.map(({ id, ownerName, mine, day, note, alt, image }) => ({
        id,
        ownerName,
        mine,
        day,
        note,
        alt,
        image,
      })),
      concealed,
    };
  },
  childMaySharePhotos: (childId, db) => childCamSharing(childId, { db }),
};

/** What a Cam moment reaches in My Vision Board (lib/cam imports none of it): whose a goal is. */
export const camLinks: CamLinks = { goalOwnerOf: (goalId, db) => goalOwnerOf(goalId, db) };

type Sections<F> = F extends { download: infer D }
  ? { [K in keyof D]: D[K] extends (memberId: string) => Promise<infer R> ? R : never }
  : Record<never, never>;
type Intersection<U> = (U extends unknown ? (all: U) => void : never) extends (all: infer I) => void ? I : never;
/** The features' sections of the data download, typed from the list. */
export type FeatureDownloads = Intersection<Sections<(typeof memberFeatures)[number]>>;

/**
 * Every kind of scheduled job and its handler, for the one job timer (instrumentation.ts). A kind
 * missing here would never run: its jobs would wait in the table for ever.
 */
export const jobHandlers: Record<string, JobHandler> = Object.assign(
  {},
  ...(memberFeatures as readonly MemberFeature[]).map((feature) => feature.jobHandlers ?? {}),
);

/** The kinds of item a member can share, for the sharing services (lib/circles/sharing). */
export const itemKinds: ItemKinds = Object.assign(
  {},
  ...(memberFeatures as readonly MemberFeature[]).map((feature) => feature.itemKinds ?? {}),
);

/** Who may see an image, by the kind of item that holds it (the image route asks on every request). */
export const imageHolders: ImageHolders = Object.assign(
  {},
  ...(memberFeatures as readonly MemberFeature[]).map((feature) => feature.imageHolders ?? {}),
);

/** The features' sections of one member's data download, in the list's order. */
export async function featureDownloads(memberId: string): Promise<FeatureDownloads> {
  const sections: Record<string, unknown> = {};
  for (const feature of memberFeatures as readonly MemberFeature[])
    for (const [key, read] of Object.entries(feature.download ?? {})) sections[key] = await read(memberId);
  return sections as FeatureDownloads;
}

/** The features a member may ask to add to their download (their names: the form's choices). */
export const askableDownloads = (memberFeatures as readonly MemberFeature[])
  .filter((feature) => feature.askedDownload)
  .map((feature) => feature.name);

/**
 * The sections of the features the member asked for (names from `askableDownloads`; others are
 * ignored), and their files, read one at a time as the ZIP is written.
 */
export async function askedFeatureDownloads(memberId: string, asked: readonly string[]) {
  const sections: Record<string, unknown> = {};
  const files: AsyncGenerator<{ path: string; bytes: Uint8Array }>[] = [];
  for (const feature of memberFeatures as readonly MemberFeature[]) {
    if (!feature.askedDownload || !asked.includes(feature.name)) continue;
    for (const [key, read] of Object.entries(feature.askedDownload.sections)) sections[key] = await read(memberId);
    if (feature.askedDownload.files) files.push(feature.askedDownload.files(memberId));
  }
  return { sections, files };
}

/** Every feature forgets the person, in the caller's transaction, in the list's order. */
export async function forgetInFeatures(tx: Db, person: ForgottenPerson): Promise<void> {
  for (const feature of memberFeatures as readonly MemberFeature[]) await feature.forget?.(tx, person);
}
