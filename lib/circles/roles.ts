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
 * - only the owner appoints or removes guardians; a guardian moves people between member and child.
 */
export function roleChangeProblem(change: {
  actor: CircleRole;
  target: CircleRole;
  next: CircleRole;
  self: boolean;
}): CircleError | null {
  const { actor, target, next, self } = change;
  if (actor !== "owner" && actor !== "guardian") return new CircleError(403, messages.notManager);
  if (self && actor === "owner") return new CircleError(409, messages.ownerStays);
  if (self) return new CircleError(409, messages.ownRole);
  if (target === "owner") return new CircleError(409, messages.ownerStays);
  if (next === "owner") return new CircleError(409, messages.oneOwner, { field: "role" });
  if ((target === "guardian" || next === "guardian") && actor !== "owner")
    return new CircleError(403, messages.guardiansByOwner);
  return null;
}
