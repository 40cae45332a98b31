import { describe, expect, it, vi } from "vitest";
import { IdentityError } from "../identity/errors";
import { messages } from "../messages";
import { failureState } from "./forms";

vi.mock("../identity", async () => await import("../identity/errors"));

const invalid = (message: string, field?: string) => new IdentityError("InvalidParameterException", message, { field });

describe("failureState", () => {
  it("puts a message next to the field the error names, whatever its wording", () => {
    expect(failureState(invalid(messages.usernameEmpty, "email"), {}).fieldErrors).toEqual({
      email: messages.usernameEmpty,
    });
    expect(failureState(invalid("Reworded: give us a first name", "givenName"), {}).fieldErrors).toEqual({
      givenName: "Reworded: give us a first name",
    });
    expect(failureState(invalid(messages.passwordEmpty, "password"), {}).fieldErrors).toEqual({
      password: messages.passwordEmpty,
    });
    expect(failureState(invalid(messages.codeEmpty, "code"), {}).fieldErrors).toEqual({ code: messages.codeEmpty });
    expect(
      failureState(invalid(messages.challengeResponseEmpty, "answer"), {}, { passwordField: "answer" }).fieldErrors,
    ).toEqual({ answer: messages.challengeResponseEmpty });
  });

  it("puts a wrong or expired code next to the code field, or the challenge's answer", () => {
    expect(failureState(new IdentityError("CodeMismatchException", messages.codeMismatch), {}).fieldErrors).toEqual({
      code: messages.codeMismatch,
    });
    expect(
      failureState(new IdentityError("ExpiredCodeException", messages.codeExpired), {}, { passwordField: "answer" })
        .fieldErrors,
    ).toEqual({ answer: messages.codeExpired });
  });

  it("reports a field the form does not have, and a wrong password, for the whole form", () => {
    expect(failureState(invalid(messages.sessionExpired, "session"), {}).message).toBe(messages.sessionExpired);
    const state = failureState(new IdentityError("NotAuthorizedException", messages.wrongCredentials), {
      email: "a@b.c",
    });
    expect(state).toEqual({
      status: "error",
      message: messages.wrongCredentials,
      fieldErrors: {},
      values: { email: "a@b.c" },
    });
  });

  it("reports a password policy failure on the password field", () => {
    const state = failureState(
      new IdentityError("InvalidPasswordException", "Password must have symbol characters"),
      {},
    );
    expect(state.fieldErrors).toEqual({ password: "Password must have symbol characters" });
  });

  it("hides unexpected failures behind Network Error", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(failureState(new Error("boom"), {}).message).toBe(messages.networkError);
    spy.mockRestore();
  });
});
