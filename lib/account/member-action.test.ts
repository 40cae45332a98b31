import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { IdentityError } from "../identity/errors";
import { InvitationError } from "../invitations/errors";

vi.mock("server-only", () => ({}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
// The rate of forms is counted in the database: member-action.db.attack.test.ts performs it.
vi.mock("../rate-limit/member-limits", () => ({ limitMemberAction: async () => {} }));
const signedIn = { current: true };
vi.mock("../auth/member", async () => {
  const { DomainError } = await import("../errors");
  class MemberRequiredError extends DomainError {
    constructor() {
      super("NotAuthenticated", 401, "User is not authenticated");
      this.name = "MemberRequiredError";
    }
  }
  return {
    MemberRequiredError,
    requireMember: async () => {
      if (!signedIn.current) throw new MemberRequiredError();
      return { memberId: "m-1", email: "ada@example.com", name: "Ada" };
    },
  };
});

const { formField, memberAction, numberField } = await import("./member-action");
const idle = { status: "idle" as const, message: "", fieldErrors: {}, values: {} };
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("memberAction", () => {
  beforeEach(() => {
    signedIn.current = true;
  });

  it("runs for the member with the form's fields; a field the form did not send reads as empty", async () => {
    const run = vi.fn(async () => ({ ...idle, status: "ok" as const, message: "Saved." }));
    const action = memberAction(z.object({ sms: formField, preferred: formField }), run);
    expect(await action(idle, form({ sms: "on", $ACTION_KEY: "k" }))).toMatchObject({
      status: "ok",
      message: "Saved.",
    });
    expect(run).toHaveBeenCalledWith(expect.objectContaining({ memberId: "m-1" }), { sms: "on", preferred: "" });
  });

  it("answers a visitor for the whole form, without running", async () => {
    signedIn.current = false;
    const run = vi.fn();
    const state = await memberAction(z.object({ contact: formField }), run, { field: "contact" })(idle, form({}));
    expect(state).toEqual({ status: "error", message: "User is not authenticated", fieldErrors: {}, values: {} });
    expect(run).not.toHaveBeenCalled();
  });

  it("shows a refused field next to it", async () => {
    const schema = z.object({ confirm: formField.refine((value) => value === "on", "Tick the box") });
    expect((await memberAction(schema, vi.fn())(idle, form({}))).fieldErrors).toEqual({ confirm: "Tick the box" });
  });

  it("places a domain error by its field, never by its wording", async () => {
    const failing = (error: Error, options = {}) =>
      memberAction(z.object({}), async () => Promise.reject(error), options)(idle, form({}));
    const reworded = new IdentityError("InvalidParameterException", "Reworded: that number will not do", {
      field: "phone_number",
    });
    expect((await failing(reworded, { field: "phone", fields: { phone_number: "phone" } })).fieldErrors).toEqual({
      phone: reworded.message,
    });
    const password = new IdentityError("NotAuthorizedException", "Wrong", { field: "currentPassword" });
    expect((await failing(password, { field: "email" })).fieldErrors).toEqual({ currentPassword: "Wrong" });
    // A field this form does not show: next to the form's one field, else for the whole form.
    const other = new IdentityError("InvalidParameterException", "Bad preference", { field: "preferred" });
    expect(await failing(other)).toMatchObject({ message: "Bad preference", fieldErrors: {} });
    expect((await failing(new InvitationError(409, "Full"), { field: "contact" })).fieldErrors).toEqual({
      contact: "Full",
    });
  });

  it("reads a number field as a number, an empty one as null, and refuses anything else next to it by name", async () => {
    const run = vi.fn(async () => ({ ...idle, status: "ok" as const, message: "Saved." }));
    const action = memberAction(z.object({ value: numberField("value"), target: numberField("target") }), run);
    await action(idle, form({ value: "2.5", target: " " }));
    expect(run).toHaveBeenCalledWith(expect.anything(), { value: 2.5, target: null });
    const refused = await action(idle, form({ value: "lots" }));
    expect(refused).toMatchObject({ status: "error", fieldErrors: { value: "value must be a number" } });
    expect(run).toHaveBeenCalledTimes(1);
  });
});
