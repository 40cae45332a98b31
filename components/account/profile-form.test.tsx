import { describe, expect, it } from "vitest";
import { messageFor } from "./profile-form";

describe("the profile form's helpers", () => {
  it("says the field's label where the message names the field", () => {
    expect(messageFor("dob", "dob must not be in the future")).toBe("Date of birth must not be in the future");
    expect(messageFor("firstName", "firstName must not contain control characters")).toBe(
      "First name must not contain control characters",
    );
    // A sentence of its own is shown as it is.
    expect(messageFor("phone", "Enter a valid phone number (for example +14155552671)")).toBe(
      "Enter a valid phone number (for example +14155552671)",
    );
  });
});
