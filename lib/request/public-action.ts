import "server-only";
import { unstable_rethrow } from "next/navigation";
import { formText, type FormAction } from "../forms";

/**
 * The one way a public or sign-in form's server action runs (sign-in and its steps, sign-up,
 * confirmation, recovery, the waitlist, contact), as `memberAction` (lib/account/member-action.ts) is
 * for members' forms: no member is needed. The text fields named in `kept` are read (lib/forms.ts
 * formText) into `values`, which the form shows again after a failure (never a password or a code:
 * `run` reads those from the form itself). Then `run`; a failure becomes `failed(error, values)`, the
 * form's own mapping of what went wrong, while a redirect (next/navigation's) passes through.
 */
export function publicAction<Name extends string, State>(
  kept: readonly Name[],
  run: (values: Record<Name, string>, form: FormData, previous: State) => Promise<State>,
  failed: (error: unknown, values: Record<Name, string>, previous: State) => State,
): FormAction<State> {
  return async (previous, form) => {
    const values = Object.fromEntries(kept.map((name) => [name, formText(form, name)])) as Record<Name, string>;
    try {
      return await run(values, form, previous);
    } catch (error) {
      unstable_rethrow(error);
      return failed(error, values, previous);
    }
  };
}
