import { z } from "zod";
import { parseOrFail } from "../errors";
import { CIRCLE_ROLES } from "../db/schema/circles";
import { CircleError, circleMessages as messages } from "./errors";

export { CIRCLE_ROLES };
export type CircleRole = (typeof CIRCLE_ROLES)[number];

export const LABEL_MAX = 40;
export const PRONOUNS_MAX = 30;

export const roleSchema = z.enum(CIRCLE_ROLES, { message: "role must be one of owner, guardian, member, child" });
/** The roles an invitation may offer: children are marked by a guardian once they have joined. */
export const invitedRoleSchema = z.enum(["member", "guardian"], { message: "role must be member or guardian" });

const optionalText = (field: string, max: number) =>
  z
    .string({ message: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));
export const labelSchema = optionalText("label", LABEL_MAX);
export const pronounsSchema = optionalText("pronouns", PRONOUNS_MAX);

/** Parses `value` or throws a 400 naming the field (the schema's first message names it). */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, field?: string): z.output<T> {
  return parseOrFail(
    schema,
    value,
    (message, named) => new CircleError(400, message, named ? { field: named } : {}),
    field,
  );
}

/**
 * Who may change whose role, as one pure rule (kept strict):
 * - only the owner and guardians change roles, never their own;
 * - the owner's role never changes and nobody becomes owner (ownership comes with the Family plan
 *   that covers the circle), so a circle is never left without its owner (409);
 * - only the owner appoints or removes guardians;
 * - the role `child` is only for a child's account (one a grown-up made for a child under 13,
 *   carers.ts), and such an account keeps it until they turn 13: an adult is never made a child
 *   (that would hand their calendar, reminders and account page to whoever did it), and a child is
 *   never made an adult by someone else (409 naming the role).
 */
export function roleChangeProblem(change: {
  actor: CircleRole;
  target: CircleRole;
  next: CircleRole;
  self: boolean;
  /** The target's account is a child's (carers.ts childAccountOf). */
  childAccount: boolean;
}): CircleError | null {
  const { actor, target, next, self, childAccount } = change;
  if (actor !== "owner" && actor !== "guardian") return new CircleError(403, messages.notManager);
  if (self && actor === "owner") return new CircleError(409, messages.ownerStays);
  if (self) return new CircleError(409, messages.ownRole);
  if (target === "owner") return new CircleError(409, messages.ownerStays);
  if (next === "owner") return new CircleError(409, messages.oneOwner, { field: "role", namesField: true });
  if ((target === "guardian" || next === "guardian") && actor !== "owner")
    return new CircleError(403, messages.guardiansByOwner);
  if (next === "child" && !childAccount)
    return new CircleError(409, messages.onlyChildrenAreChildren, { field: "role", namesField: true });
  if (childAccount && next !== "child")
    return new CircleError(409, messages.childStaysChild, { field: "role", namesField: true });
  return null;
}
