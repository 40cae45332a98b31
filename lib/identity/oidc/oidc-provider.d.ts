// oidc-provider ships no type declarations; this is the little of it the app touches.
declare module "oidc-provider" {
  type NodeHandler = (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void;
  export default class Provider {
    constructor(issuer: string, configuration?: Record<string, unknown>);
    callback(): NodeHandler;
    /** The interaction named by the request's signed interaction cookie; throws errors.SessionNotFound otherwise. */
    interactionDetails(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse): Promise<unknown>;
    proxy: boolean;
    issuer: string;
  }
  export const errors: { SessionNotFound: new (...args: never[]) => Error };
}
