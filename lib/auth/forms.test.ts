import { describe, expect, it, vi } from "vitest";
import { IdentityError, messages } from "../identity/errors";
import { failureState, fieldForMessage } from "./forms";

vi.mock("../identity", async () => await import("../identity/errors"));

describe("fieldForMessage", () => {
  it("puts the product's messages next to their fields", () => {
    expect(fieldForMessage(messages.usernameEmpty)).toBe("email");
    expect(fieldForMessage(messages.emailEmpty)).toBe("email");
    expect(fieldForMessage(messages.passwordEmpty)).toBe("password");
    expect(fieldForMessage(messages.passwordEmpty, "answer")).toBe("answer");
    expect(fieldForMessage(messages.codeEmpty)).toBe("code");
    expect(fieldForMessage(messages.challengeResponseEmpty)).toBe("answer");
    expect(fieldForMessage("First name cannot be empty")).toBe("givenName");
    expect(fieldForMessage("Last name cannot be empty")).toBe("familyName");
    expect(fieldForMessage(messages.wrongCredentials)).toBeUndefined();
  });
});

describe("failureState", () => {
  it("reports a wrong password for the whole form", () => {
    const state = failureState(new IdentityError("NotAuthorizedException", messages.wrongCredentials), { email: "a@b.c" });
    expect(state).toEqual({ status: "error", message: messages.wrongCredentials, fieldErrors: {}, values: { email: "a@b.c" } });
  });

  it("reports a password policy failure on the password field", () => {
    const state = failureState(new IdentityError("InvalidPasswordException", "Password must have symbol characters"), {});
    expect(state.fieldErrors).toEqual({ password: "Password must have symbol characters" });
  });

  it("hides unexpected failures behind Network Error", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(failureState(new Error("boom"), {}).message).toBe(messages.networkError);
    spy.mockRestore();
  });
});
