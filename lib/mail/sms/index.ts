import type { Config } from "../../config";
import type { SmsSender } from "./sender";

export type { SmsSender } from "./sender";

let cached: { key: string; sender: SmsSender } | undefined;

/** The configured SMS provider, or undefined for the embedded outbox (texts stay queued). */
export async function configuredSmsSender(sms: Config["sms"]): Promise<SmsSender | undefined> {
  if (sms.kind !== "sns") return undefined;
  const key = JSON.stringify(sms);
  if (cached?.key !== key) {
    // Loaded only when chosen: the AWS SDK stays out of processes that keep texts in the outbox.
    const { snsSender } = await import("./sns");
    cached = { key, sender: snsSender(sms) };
  }
  return cached.sender;
}

/**
 * Whether the app may offer what needs its own texts (phone verification and SMS codes with the
 * built-in provider, phone invitations): always outside production, where the outbox and the
 * console stand in for a phone; in production only with a real SMS provider (SMS=sns).
 */
export function canSendAppTexts(config: Pick<Config, "isProduction" | "sms">): boolean {
  return !config.isProduction || config.sms.kind === "sns";
}
