// oidc-provider ships no type declarations; this is the little of it the app touches.
declare module "oidc-provider" {
  type NodeHandler = (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void;
  export default class Provider {
    constructor(issuer: string, configuration?: Record<string, unknown>);
    callback(): NodeHandler;
    /** The interaction named by the request's signed interaction cookie; throws errors.SessionNotFound otherwise. */
    interactionDetails(
      req: import("node:http").IncomingMessage,
      res: import("node:http").ServerResponse,
    ): Promise<unknown>;
    proxy: boolean;
    issuer: string;
  }
  export const errors: {
    SessionNotFound: new (...args: never[]) => Error;
    InvalidGrant: new (description?: string) => Error;
  };
  /** The prompts and checks deciding when a sign-in needs the member (login, consent). */
  export namespace interactionPolicy {
    class Check {
      constructor(
        reason: string,
        description: string,
        error: string,
        check: (ctx: never) => boolean | Promise<boolean>,
      );
      readonly reason: string;
      static REQUEST_PROMPT: true;
      static NO_NEED_TO_PROMPT: false;
    }
    type Checks = Check[] & { add(check: Check, index?: number): void; remove(reason: string): void };
    type Prompt = { name: string; checks: Checks };
    function base(): Prompt[] & { get(name: string): Prompt | undefined };
  }
}
