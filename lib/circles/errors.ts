import { codeOfStatus, DomainError, type CodeOf } from "../errors";

type CircleStatus = 400 | 403 | 404 | 409;

/** Circles' and sharing's one error: an HTTP-like status, a message safe to show, and the field it is about. */
export class CircleError extends DomainError<CodeOf<CircleStatus>, CircleStatus> {
  constructor(status: CircleStatus, message: string, options: { field?: string; namesField?: boolean } = {}) {
    super(codeOfStatus[status], status, message, options);
    this.name = "CircleError";
  }
}

export function isCircleError(error: unknown): error is CircleError {
  return error instanceof CircleError || (error instanceof Error && error.name === "CircleError");
}

export const circleMessages = {
  circleNotFound: "Circle not found",
  memberNotFound: "Member not found",
  notManager: "Only the circle's owner or a guardian can change roles",
  guardiansByOwner: "Only the circle's owner appoints or removes guardians",
  ownerStays: "A circle always has its owner: the owner's role cannot be changed and the owner cannot leave",
  oneOwner: "a circle has one owner, the member whose Family plan covers it",
  ownRole: "You cannot change your own role",
  notChildManager: "Only the circle's owner or a guardian can create a child's account",
  circleFull: "The circle is full: a Family plan covers its owner and 5 more people",
  childNotFound: "Child not found",
  notChildCarer: "Only the circle's owner or a guardian can give a child a new password",
  onlyChildrenAreChildren:
    "only an account a grown-up made for a child under 13 has the role child; an adult cannot be made a child",
  childStaysChild: "a child's account keeps the role child until they turn 13",
} as const;
