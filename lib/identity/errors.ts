import { DomainError } from "../errors";

/**
 * The one error the identity domain throws for expected failures. Codes follow Cognito's exception
 * names so the built-in issuer and the Cognito adapter report failures the same way; `status` is the
 * HTTP-like status a transport answers with.
 */
export type IdentityErrorCode =
  | "InvalidParameterException"
  | "InvalidPasswordException"
  | "UsernameExistsException"
  | "UserNotFoundException"
  | "UserNotConfirmedException"
  | "NotAuthorizedException"
  | "PasswordResetRequiredException"
  | "CodeMismatchException"
  | "ExpiredCodeException"
  | "EnableSoftwareTokenMFAException"
  | "LimitExceededException"
  | "TooManyFailedAttemptsException"
  | "InternalErrorException"
  | "ResourceNotFoundException"
  | "AliasExistsException"
  // The app's own: an account change needs the current password (or a recent sign-in).
  | "ReauthenticationRequired"
  | "NetworkError";

const statusOf: Record<IdentityErrorCode, number> = {
  InvalidParameterException: 400,
  InvalidPasswordException: 400,
  UsernameExistsException: 409,
  UserNotFoundException: 404,
  UserNotConfirmedException: 403,
  NotAuthorizedException: 401,
  PasswordResetRequiredException: 403,
  CodeMismatchException: 400,
  ExpiredCodeException: 400,
  EnableSoftwareTokenMFAException: 400,
  LimitExceededException: 429,
  TooManyFailedAttemptsException: 429,
  InternalErrorException: 500,
  ResourceNotFoundException: 404,
  AliasExistsException: 409,
  ReauthenticationRequired: 403,
  // The identity service could not be reached or answered nonsense.
  NetworkError: 502,
};

/** `field`: the input the message is about (an input's name, or the current password). */
export class IdentityError extends DomainError<IdentityErrorCode> {
  /** For 429s: how long until another attempt is looked at. */
  readonly retryAfterSeconds?: number;

  constructor(
    code: IdentityErrorCode,
    message: string,
    options: { retryAfterSeconds?: number; cause?: unknown; field?: string; namesField?: boolean } = {},
  ) {
    // Shown as is even for a 5xx: the identity domain's messages are the product's own wording.
    super(code, statusOf[code], message, { ...options, shown: true });
    this.name = "IdentityError";
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isIdentityError(error: unknown, code?: IdentityErrorCode): error is IdentityError {
  return error instanceof IdentityError && (code === undefined || error.code === code);
}
