import type { Db } from "../../db/open";
import { getDb } from "../../db/client";
import { getConfig } from "../../config";
import { canSendAppTexts } from "../../mail/sms";

/**
 * What a service call may be given besides its input: the client's address (for lockouts), a clock
 * and a database (tests), the MFA setting and whether the app may text codes (normally from the
 * configuration: see canSendAppTexts).
 */
export type IdentityContext = {
  clientAddress?: string;
  now?: Date;
  db?: Db;
  mfa?: "optional" | "required";
  texts?: boolean;
};

export async function resolveContext(context: IdentityContext = {}) {
  const identity = context.mfa ? undefined : getConfig().identity;
  return {
    db: context.db ?? (await getDb()),
    now: context.now ?? new Date(),
    clientAddress: context.clientAddress,
    mfa: context.mfa ?? (identity?.kind === "builtin" ? identity.mfa : "optional"),
    texts: context.texts ?? canSendAppTexts(getConfig()),
  };
}

export type Resolved = Awaited<ReturnType<typeof resolveContext>>;
