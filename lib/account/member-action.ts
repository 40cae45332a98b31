import "server-only";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { MemberRequiredError, requireMember, type Member } from "../auth/member";
import { failedForm, formError, textOf, type FormState } from "../forms";
import { CURRENT_PASSWORD_FIELD } from "../identity/reauthentication";
import { limitMemberAction } from "../rate-limit/member-limits";
import { childRefusal, type ChildAction } from "../circles/child-limits";

/** A text field in a form's schema, read as formText reads it (lib/forms.ts): "" when it is missing or a file. */
export const formField = z.unknown().optional().transform(textOf);

/**
 * A number field in a form's schema: null when left empty, else a finite number, or a problem next to
 * the field: "`name` must be a number" (`name` as the API calls it).
 */
export const numberField = (name: string) =>
  formField.transform((value, context) => {
    if (value.trim() === "") return null;
    const number = Number(value);
    if (Number.isFinite(number)) return number;
    context.addIssue({ code: "custom", message: `${name} must be a number` });
    return z.NEVER;
  });

/**
 * The one way a members' form's server action runs: for the signed-in member (a guest gets "not
 * authenticated"), with the form's fields parsed by `schema` (a problem shows next to its field), then
 * `run`, within the member's rate of forms; the account's pages (/my-account and the pages under it) re-render with fresh data after a
 * change. A failure becomes the form's message, next to the form field `options.fields` names for the
 * error's `field` (the current password always has its own), or else next to `options.field` (the
 * form's one field) when given. `childAction` names what the action does when a child's account may
 * not do it (lib/circles child-limits.ts): a child then gets its refusal (403) for the whole form
 * before anything is read or written.
 */
export function memberAction<Schema extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: Schema,
  run: (member: Member, input: z.output<Schema>) => Promise<FormState>,
  options: { field?: string; fields?: Record<string, string>; revalidate?: boolean; childAction?: ChildAction } = {},
): (previous: FormState, formData: FormData) => Promise<FormState> {
  return async (_previous, formData) => {
    try {
      const member = await actingMember();
      // About the whole form, not one field: nothing a child types there would be accepted.
      const refusal = options.childAction && (await childRefusal(member.memberId, options.childAction));
      if (refusal) return formError(refusal);
      const parsed = schema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return formError(
          issue?.message ?? "Invalid input",
          typeof issue?.path[0] === "string" ? issue.path[0] : options.field,
        );
      }
      const state = await run(member, parsed.data);
      if (options.revalidate !== false) revalidatePath("/my-account", "layout");
      return state;
    } catch (error) {
      // A visitor's "User is not authenticated" is about the whole form.
      return failedForm(error, (failure) =>
        failure instanceof MemberRequiredError ? undefined : (formFieldOf(failure.field, options) ?? options.field),
      );
    }
  };
}

/**
 * The signed-in member of a members' server action, counted against their one rate of forms
 * (lib/rate-limit/member-limits.ts): over it, TooManyRequestsError (429, its message says how long to
 * wait). memberAction runs through it, and so does every members' action that answers something else
 * than a form's state (the authenticator's steps, the next page of devices, the sandbox card), so no
 * members' action runs outside the rate. `continuePath`: a visitor is sent to sign in and back there.
 */
export async function actingMember(continuePath?: string): Promise<Member> {
  const member = await requireMember(continuePath);
  await limitMemberAction(member.memberId);
  return member;
}

function formFieldOf(field: string | undefined, options: { fields?: Record<string, string> }): string | undefined {
  if (!field) return undefined;
  if (field === CURRENT_PASSWORD_FIELD) return field;
  return options.fields && Object.hasOwn(options.fields, field) ? options.fields[field] : undefined;
}
