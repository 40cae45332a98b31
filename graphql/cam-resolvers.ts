import {
  createAlbum,
  createMoment,
  deleteAlbum,
  deleteMoment,
  getMoment,
  getMyAlbums,
  getMyMoments,
  reactToMoment,
  setChildCamSharing,
  updateMoment,
  type Album as AlbumView,
  type MomentView,
} from "@/lib/cam";
import { camLinks } from "@/lib/features";
import { createImageUpload, uploadQuota } from "@/lib/uploads";
import type { Album, Moment, Resolvers } from "./generated/resolvers-types";
import { forMemberId } from "./resolvers";

/**
 * Thin resolvers for Happr Cam (lib/cam) and image uploads (lib/uploads); sharing a moment is shareItem
 * with MOMENT (circle-resolvers). A photo still being processed (or refused) answers `image: null`.
 */
const momentOf = (moment: MomentView): Moment => ({
  id: moment.id,
  ownerId: moment.ownerId,
  ownerName: moment.ownerName,
  image:
    moment.image.status === "ready"
      ? {
          url: moment.image.url!,
          thumbnailUrl: moment.image.thumbnailUrl,
          width: moment.image.width!,
          height: moment.image.height!,
          placeholder: moment.image.placeholder,
          alt: moment.alt,
        }
      : null,
  note: moment.note,
  day: moment.day,
  alt: moment.alt,
  habitId: moment.habitId,
  albumId: moment.albumId,
  goalId: moment.goalId,
  reactions: moment.reactions.map(({ reaction, note, at }) => ({ reaction, note, at })),
  createdAt: moment.createdAt,
});

const albumOf = (album: AlbumView): Album => album;

export const camResolvers: Resolvers = {
  Query: {
    getMyMoments: forMemberId({ moments: [] }, async (member, args) => ({
      statusCode: 200,
      message: "OK",
      moments: (await getMyMoments(member.memberId, args)).map(momentOf),
    })),
    getMoment: forMemberId({ moment: null }, async (member, args) => ({
      statusCode: 200,
      message: "OK",
      moment: momentOf(await getMoment(member.memberId, args.momentId)),
    })),
    getMyAlbums: forMemberId({ albums: [] }, async (member) => ({
      statusCode: 200,
      message: "OK",
      albums: (await getMyAlbums(member.memberId)).map(albumOf),
    })),
    getMyImageQuota: forMemberId({ usedBytes: null, limitBytes: null }, async (member) => ({
      statusCode: 200,
      message: "OK",
      ...(await uploadQuota(member.memberId)),
    })),
  },
  Mutation: {
    createImageUpload: forMemberId({ uploadId: null, uploadUrl: null, maxBytes: null }, async (member, args) => ({
      statusCode: 201,
      message: "Send the bytes with PUT to uploadUrl",
      ...(await createImageUpload(member.memberId, args)),
    })),
    createMoment: forMemberId({ moment: null }, async (member, args, context) => ({
      statusCode: 201,
      message: "Moment saved",
      moment: momentOf(await createMoment(member.memberId, args.input, { kinds: context.itemKinds, links: camLinks })),
    })),
    updateMoment: forMemberId({ moment: null }, async (member, args, context) => ({
      statusCode: 200,
      message: "Moment saved",
      moment: momentOf(
        await updateMoment(member.memberId, args.momentId, args.input, { kinds: context.itemKinds, links: camLinks }),
      ),
    })),
    deleteMoment: forMemberId({}, async (member, args) => {
      await deleteMoment(member.memberId, args.momentId);
      return { statusCode: 200, message: "Moment deleted" };
    }),
    reactToMoment: forMemberId({}, async (member, args) => {
      await reactToMoment(member.memberId, args.momentId, { reaction: args.reaction, note: args.note });
      return { statusCode: 200, message: "Sent: only they will see it" };
    }),
    createAlbum: forMemberId({ album: null }, async (member, args) => ({
      statusCode: 201,
      message: "Album created",
      album: albumOf(await createAlbum(member.memberId, args)),
    })),
    deleteAlbum: forMemberId({}, async (member, args) => {
      await deleteAlbum(member.memberId, args.albumId);
      return { statusCode: 200, message: "Album deleted" };
    }),
    setChildCamSharing: forMemberId({}, async (member, args) => {
      await setChildCamSharing(member.memberId, args);
      return {
        statusCode: 200,
        message: args.mayShare ? "They may share with the circle" : "Their moments stay private",
      };
    }),
  },
};
