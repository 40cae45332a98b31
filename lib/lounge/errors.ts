import { codeOfStatus, DomainError, type CodeOf } from "../errors";

type LoungeStatus = 400 | 403 | 404 | 409 | 422 | 429;

/** Happr Lounge's one error: an HTTP-like status, a message safe to show, and the field it is about. */
export class LoungeError extends DomainError<CodeOf<LoungeStatus>, LoungeStatus> {
  constructor(status: LoungeStatus, message: string, options: { field?: string } = {}) {
    super(codeOfStatus[status], status, message, options);
    this.name = "LoungeError";
  }
}

/** A room the caller may not enter answers as one that does not exist. */
export const roomNotFound = () => new LoungeError(404, "Room not found", { field: "roomId" });
/** A post at another table, or someone else's held post, answers as one that does not exist. */
export const postNotFound = (field = "postId") => new LoungeError(404, "Post not found", { field });
