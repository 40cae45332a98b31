import { GraphQLError } from "graphql";
import { answerMessage, DomainError, isDomainError } from "@/lib/errors";
import { IdentityUnavailableError, TokenRefusedError, type Caller, type MemberCaller } from "@/lib/auth/caller";

/**
 * How the API answers: expected failures are results carrying statusCode and message (the contract);
 * anything else is rethrown for yoga to mask.
 */
export type Answer = { statusCode: number; message: string };

export const UNAUTHENTICATED: Answer = { statusCode: 401, message: "User is not authenticated" };

/**
 * A failure the caller may see: any domain error's status and message, else undefined (unexpected).
 * The API has no field to put a message beside, so one about a field names it (`answerMessage`).
 */
function expectedFailure(error: unknown): Answer | undefined {
  if (isDomainError(error)) return { statusCode: error.status, message: answerMessage(error) };
  return undefined;
}

/** The API's own per-caller limit (graphql/resolvers.ts): a 429 with the wait in its message. */
export class TooManyRequests extends DomainError<"too_many_requests", 429> {
  constructor(retryAfterSeconds: number) {
    super(
      "too_many_requests",
      429,
      `Too many requests. Please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}.`,
    );
    this.name = "TooManyRequests";
  }
}

/**
 * Runs a resolver body, turning expected failures into `{ ...empty, statusCode, message }`. Unexpected
 * errors become a plain GraphQL error whose text yoga masks. An identity provider that does not
 * answer is also told to `onUnavailable`, which puts Retry-After on the response.
 */
export async function answer<R extends Answer>(
  empty: Omit<R, keyof Answer>,
  body: () => Promise<R>,
  onUnavailable?: (retryAfterSeconds: number) => void,
): Promise<R> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof IdentityUnavailableError) onUnavailable?.(error.retryAfterSeconds);
    const failure = expectedFailure(error);
    if (failure) return { ...empty, ...failure } as R;
    if (error instanceof GraphQLError) throw error;
    throw error instanceof Error ? error : new Error("Unexpected failure");
  }
}

/**
 * The member behind the call. A guest or an invalid credential is a 401; a token that could not be
 * checked because the identity provider does not answer is a 503 (never a 401, which an app takes
 * for a sign-out).
 */
export function memberOf(caller: Caller): MemberCaller {
  if (caller.kind === "unavailable") throw new IdentityUnavailableError(caller.retryAfterSeconds);
  if (caller.kind !== "member") throw new TokenRefusedError();
  return caller;
}
