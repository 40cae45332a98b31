"use server";

import { z } from "zod";
import { formField, memberAction, numberField } from "@/lib/account/member-action";
import { createImageUpload } from "@/lib/uploads";
import type { UploadTicketState } from "@/components/uploads/photo-upload";

/**
 * The first step of a photo upload from any members' page (Cam's moments, the Vision Board's photos):
 * the photo's declared type and size, checked against the limit and the member's quota before any
 * byte is sent; answers where the browser PUTs the bytes. The feature's own action then claims it.
 */
export const startUploadAction = memberAction(
  z.object({ contentType: formField, byteSize: numberField("byteSize") }),
  async (member, { contentType, byteSize }): Promise<UploadTicketState> => {
    const ticket = await createImageUpload(member.memberId, { contentType, byteSize: byteSize ?? 0 });
    return { status: "ok", message: "", fieldErrors: {}, values: {}, ticket };
  },
  { field: "photo", revalidate: false },
);
