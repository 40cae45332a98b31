import { codeOfStatus, DomainError, type CodeOf } from "../errors";

type UploadStatus = 400 | 404 | 409 | 413 | 415 | 422;

/** The uploads' one error: an HTTP-like status, a message safe to show, and the field it is about. */
export class UploadError extends DomainError<CodeOf<UploadStatus>, UploadStatus> {
  constructor(status: UploadStatus, message: string, options: { field?: string } = {}) {
    super(codeOfStatus[status], status, message, options);
    this.name = "UploadError";
  }
}

export const uploadNotFound = () => new UploadError(404, "Upload not found", { field: "uploadId" });
