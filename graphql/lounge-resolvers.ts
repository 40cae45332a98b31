import { createGraphQLError } from "graphql-yoga";
import { answerMessage, isDomainError } from "@/lib/errors";
import {
  checkNewPostPhotos,
  cheerLoungePost,
  confirmTeenBand,
  getLoungeRooms,
  getLoungeTable,
  joinLounge,
  loungeTableChannel,
  postToLounge,
  reportLoungePost,
  setChildLounge,
  type PostView,
} from "@/lib/lounge";
import { getLivePort } from "@/lib/live";
import type { AgeBand, LoungeChange, LoungePost, Resolvers } from "./generated/resolvers-types";
import type { GraphQLContext } from "./context";
import { memberOf } from "./results";
import { forMember, forMemberId } from "./resolvers";

/** Thin resolvers for Happr Lounge (lib/lounge): one lib call each, mapped to the contract. */
const BANDS = { under13: "UNDER_13", teen: "TEEN", adult: "ADULT" } as const satisfies Record<string, AgeBand>;

const postOf = (post: PostView): LoungePost => ({
  id: post.id,
  authorName: post.authorName,
  mine: post.mine,
  text: post.text,
  // A photo still being processed (or refused) answers null; ask again.
  image:
    post.image?.status === "ready"
      ? {
          url: post.image.url!,
          thumbnailUrl: post.image.thumbnailUrl,
          width: post.image.width!,
          height: post.image.height!,
          placeholder: post.image.placeholder,
          alt: null,
        }
      : null,
  replyTo: post.replyTo,
  createdAt: post.createdAt,
  held: post.held,
  removed: post.removed,
  holdReasons: post.holdReasons,
  cheered: post.cheered,
});

const ok = { statusCode: 200, message: "OK" };

/**
 * The live field: the same checks as reading the table (a guest 401, a room the caller may not enter
 * 404), made before the stream starts, so a refusal is an error on the subscription, never a stream.
 * Each change carries ids only; the client refetches getLoungeTable. A "missed" change (the log no
 * longer reaches back, or the listener fell behind) has an empty postId: refetch everything. A client
 * reconnecting with the Last-Event-ID header (the last eventId it received) gets what it missed first.
 */
async function loungeTableChanged(
  _parent: unknown,
  args: { roomId: string },
  context: GraphQLContext,
): Promise<AsyncIterable<{ loungeTableChanged: LoungeChange }>> {
  let channel: string;
  try {
    channel = await loungeTableChannel(memberOf(context.caller).memberId, args.roomId);
  } catch (error) {
    if (isDomainError(error))
      throw createGraphQLError(answerMessage(error), { extensions: { statusCode: error.status } });
    throw error;
  }
  const port = await getLivePort();
  const subscription = port.subscribe(channel, {
    signal: context.signal ?? new AbortController().signal,
    lastEventId: context.lastEventId,
  });
  await subscription.ready;
  return (async function* () {
    for await (const delivery of subscription) {
      const at = Math.floor(Date.now() / 1000);
      yield {
        loungeTableChanged:
          delivery.type === "event"
            ? { postId: delivery.event.ids.postId ?? "", kind: delivery.event.kind, at, eventId: delivery.id }
            : { postId: "", kind: "missed", at, eventId: null },
      };
    }
  })();
}

export const loungeResolvers: Resolvers = {
  Query: {
    getLoungeRooms: forMemberId(
      { joined: false, rulesVersion: 0, rooms: [], loungeName: null, notice: null },
      async (member) => {
        const view = await getLoungeRooms(member.memberId);
        return {
          ...ok,
          message: view.notice ?? "OK",
          joined: view.joined,
          rulesVersion: view.rulesVersion,
          loungeName: view.loungeName,
          notice: view.notice,
          rooms: view.rooms.map((room) => ({
            id: room.id,
            name: room.name,
            theme: room.theme,
            ageBand: BANDS[room.ageBand],
            open: room.open,
            opensAt: room.opensAt,
            slowModeSeconds: room.slowMode?.seconds ?? null,
            slowModeReason: room.slowMode?.reason ?? null,
            slowModeUntil: room.slowMode?.until ?? null,
          })),
        };
      },
    ),
    getLoungeTable: forMemberId({ posts: [], slowModeSeconds: null, slowModeReason: null }, async (member, args) => {
      const table = await getLoungeTable(member.memberId, args);
      return {
        ...ok,
        posts: table.posts.map(postOf),
        slowModeSeconds: table.slowMode?.seconds ?? null,
        slowModeReason: table.slowMode?.reason ?? null,
      };
    }),
  },
  Mutation: {
    // forMember: the member's own name, which a Lounge name may not be.
    joinLounge: forMember({}, async (member, args) => {
      const { loungeName } = await joinLounge(member, args);
      return { statusCode: 200, message: `Welcome to the Lounge, ${loungeName}` };
    }),
    postToLounge: forMemberId({ post: null }, async (member, args) => {
      const post = await postToLounge(member.memberId, args);
      // Checked off the answer, as the site's form does: the table sees a clean photo within seconds.
      if (post.holdReasons.includes("image-check")) void checkNewPostPhotos();
      return {
        statusCode: 201,
        message: !post.held
          ? "Posted"
          : post.holdReasons.every((reason) => reason === "image-check")
            ? "Your photo is being checked: the post appears when the check is done"
            : "Held for a moderator: nobody else sees it until a person decides",
        post: postOf(post),
      };
    }),
    cheerLoungePost: forMemberId({}, async (member, args) => {
      await cheerLoungePost(member.memberId, args.postId);
      return { statusCode: 200, message: "Cheer sent: only they will see it" };
    }),
    reportLoungePost: forMemberId({}, async (member, args) => {
      await reportLoungePost(member.memberId, args);
      return { statusCode: 200, message: "Reported: a moderator will look at it" };
    }),
    setChildLounge: forMemberId({}, async (member, args) => {
      await setChildLounge(member.memberId, args);
      return { statusCode: 200, message: args.enabled ? "The Lounge is on for them" : "The Lounge is off for them" };
    }),
    confirmLoungeTeenBand: forMemberId({}, async (member, args) => {
      await confirmTeenBand(member.memberId, args);
      return { statusCode: 200, message: "Confirmed: the teen rooms are open to them" };
    }),
  },
  Live: {
    loungeTableChanged: { subscribe: loungeTableChanged },
  },
};
