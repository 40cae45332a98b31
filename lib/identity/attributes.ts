import { IdentityError } from "./errors";
import type { VerifiableAttribute } from "./port";

// The attributes a member may write themselves: never `sub`, never a `*_verified` flag (only a code sets those).
const WRITABLE = ["email", "phone_number", "given_name", "family_name"] as const;

/** Drops what must never be written (`sub`, `*_verified`) and refuses what is not a member's to change. */
export function writableAttributes(attributes: Record<string, string>): { Name: string; Value: string }[] {
  const kept = Object.entries(attributes).filter(([name]) => name !== "sub" && !name.includes("_verified"));
  for (const [name] of kept) {
    if (!(WRITABLE as readonly string[]).includes(name))
      throw new IdentityError("InvalidParameterException", `${name} cannot be changed here`);
  }
  return kept.map(([Name, Value]) => ({ Name, Value }));
}

export function assertVerifiable(attribute: string): asserts attribute is VerifiableAttribute {
  if (attribute !== "email" && attribute !== "phone_number")
    throw new IdentityError("InvalidParameterException", `${attribute} cannot be verified`);
}
