import { DomainError } from "../errors";

type LoungeStatus = 400 | 403 | 404 | 409 | 422 | 429;
const codeOf = {
  400: "invalid_argument",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  422: "unprocessable",
  429: "too_many_requests",
} as const;

/** Happr Lounge's one error: an HTTP-like status, a message safe to show, and the field it is about. */
export class LoungeError extends DomainError<(typeof codeOf)[LoungeStatus], LoungeStatus> {
  constructor(status: LoungeStatus, message: string, options: { field?: string } = {}) {
    super(codeOf[status], status, message, options);
    this.name = "LoungeError";
  }
}

/** A room the caller may not enter answers as one that does not exist. */
export const roomNotFound = () => new LoungeError(404, "Room not found", { field: "roomId" });
/** A post at another table, or someone else's held post, answers as one that does not exist. */
export const postNotFound = (field = "postId") => new LoungeError(404, "Post not found", { field });
