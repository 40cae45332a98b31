import { z } from "zod";
import { IdentityError, type IdentityErrorCode } from "../errors";
import { messages } from "../../messages";

/**
 * One call to Cognito's user-pool API, authorised by the member's own access token (these calls need
 * no AWS credentials, hence no SDK: a JSON POST per call). `endpoint` points tests (or cognito-local)
 * elsewhere.
 */
export type CognitoOptions = { region: string; endpoint?: string; fetch?: typeof fetch; timeoutMs?: number };

const knownCodes = new Set<IdentityErrorCode>([
  "InvalidParameterException",
  "InvalidPasswordException",
  "UserNotFoundException",
  "UserNotConfirmedException",
  "NotAuthorizedException",
  "PasswordResetRequiredException",
  "CodeMismatchException",
  "ExpiredCodeException",
  "EnableSoftwareTokenMFAException",
  "LimitExceededException",
  "TooManyFailedAttemptsException",
  "ResourceNotFoundException",
  "AliasExistsException",
  "UsernameExistsException",
]);

const errorBody = z.object({
  __type: z.string().optional(),
  message: z.string().optional(),
  Message: z.string().optional(),
});

export async function callUserPool<T>(
  options: CognitoOptions,
  action: string,
  body: Record<string, unknown>,
  schema: z.ZodType<T>,
): Promise<T> {
  const endpoint = options.endpoint ?? `https://cognito-idp.${options.region}.amazonaws.com/`;
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(endpoint, {
      method: "POST",
      headers: {
        "content-type": "application/x-amz-json-1.1",
        "x-amz-target": `AWSCognitoIdentityProviderService.${action}`,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
    });
  } catch (error) {
    throw new IdentityError("NetworkError", messages.networkError, { cause: error });
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = errorBody.safeParse(json);
    // Cognito's __type may carry a namespace prefix ("...#NotAuthorizedException").
    const type = parsed.success ? parsed.data.__type?.split("#").pop() : undefined;
    const message = (parsed.success && (parsed.data.message ?? parsed.data.Message)) || `${action} failed`;
    if (type && knownCodes.has(type as IdentityErrorCode)) throw new IdentityError(type as IdentityErrorCode, message);
    throw new IdentityError(
      response.status >= 500 ? "NetworkError" : "InternalErrorException",
      response.status >= 500 ? messages.networkError : message,
    );
  }
  const parsed = schema.safeParse(json ?? {});
  if (!parsed.success) throw new IdentityError("NetworkError", messages.networkError, { cause: parsed.error });
  return parsed.data;
}
