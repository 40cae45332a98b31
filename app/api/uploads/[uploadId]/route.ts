import { after } from "next/server";
import { processPendingImages, receiveUploadBody, uploadProgress, type UploadProgress } from "@/lib/uploads";
import { failureAnswer, jsonAnswer, requestMember } from "../request-member";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ uploadId: string }> };

const progressAnswer = (progress: UploadProgress, status = 200) =>
  jsonAnswer(status, { statusCode: status, message: "", ...progress }, { "upload-offset": String(progress.received) });

/**
 * The bytes of an upload (lib/uploads, protocol in lib/cam/README.md): the whole photo or a chunk
 * named by Content-Range. 200 once every byte is there, 202 after a chunk; the photo is processed
 * after the answer when an item already names it.
 */
export async function PUT(request: Request, { params }: Params) {
  const who = await requestMember(request, { changes: true });
  if ("refusal" in who) return who.refusal;
  const { uploadId } = await params;
  try {
    const result = await receiveUploadBody(who.memberId, uploadId, {
      contentRange: request.headers.get("content-range"),
      body: request.body,
    });
    if (result.processingScheduled) after(() => processPendingImages());
    const { processingScheduled: _, ...progress } = result;
    return progressAnswer(progress, progress.complete ? 200 : 202);
  } catch (error) {
    return failureAnswer(error, "an upload");
  }
}

/** How much of the upload has arrived: resume from `received`. */
export async function GET(request: Request, { params }: Params) {
  const who = await requestMember(request, { changes: false });
  if ("refusal" in who) return who.refusal;
  const { uploadId } = await params;
  try {
    return progressAnswer(await uploadProgress(who.memberId, uploadId));
  } catch (error) {
    return failureAnswer(error, "an upload's progress");
  }
}
