import type { Db } from "../db/open";
import { createImageUpload, receiveUploadBody } from "../uploads";
import { phoneJpeg } from "../images/__fixtures__/photos";

/** Test helper: a photo the member has uploaded whole (every byte there, no item naming it yet); its upload id. */
export async function uploadedPhoto(db: Db, memberId: string): Promise<string> {
  const bytes = await phoneJpeg({ width: 64, height: 48 });
  const { uploadId } = await createImageUpload(memberId, { contentType: "image/jpeg", byteSize: bytes.length }, { db });
  await receiveUploadBody(
    memberId,
    uploadId,
    { contentRange: null, body: new Blob([new Uint8Array(bytes)]).stream() },
    { db },
  );
  return uploadId;
}
