// oidc-provider ships no type declarations; this is the little of it the app touches.
declare module "oidc-provider" {
  type NodeHandler = (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void;
  export default class Provider {
    constructor(issuer: string, configuration?: Record<string, unknown>);
    callback(): NodeHandler;
    proxy: boolean;
    issuer: string;
  }
}
