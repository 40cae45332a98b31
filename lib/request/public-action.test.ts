import { describe, expect, it, vi } from "vitest";
import { redirect } from "next/navigation";

vi.mock("server-only", () => ({}));
const { publicAction } = await import("./public-action");

type State = { status: string; message: string; values: Record<string, string> };
const idle: State = { status: "idle", message: "", values: {} };
const form = (fields: Record<string, string | File>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("publicAction", () => {
  it("hands run the kept fields as text (a missing one or a file reads as empty) and the form itself", async () => {
    const run = vi.fn(async (values: Record<"email" | "name", string>, data: FormData) => ({
      status: "sent",
      message: `Hello ${values.name}, ${data.get("password") === "secret" ? "with" : "without"} a password`,
      values,
    }));
    const action = publicAction(["email", "name"], run, () => idle);
    expect(await action(idle, form({ email: new File(["x"], "a.txt"), name: "Ada", password: "secret" }))).toEqual({
      status: "sent",
      message: "Hello Ada, with a password",
      values: { email: "", name: "Ada" },
    });
  });

  it("turns a failure into the form's own answer, keeping what was typed but never the password", async () => {
    const failed = vi.fn((error: unknown, values: Record<"email", string>) => ({
      status: "error",
      message: error instanceof Error ? error.message : "?",
      values,
    }));
    const action = publicAction(["email"], async () => Promise.reject(new Error("Refused")), failed);
    expect(await action(idle, form({ email: "ada@example.com", password: "secret" }))).toEqual({
      status: "error",
      message: "Refused",
      values: { email: "ada@example.com" },
    });
  });

  it("lets a redirect through instead of calling it a failure", async () => {
    const failed = vi.fn(() => idle);
    const action = publicAction(["email"], async () => redirect("/auth/confirm"), failed);
    await expect(action(idle, form({ email: "ada@example.com" }))).rejects.toMatchObject({
      digest: expect.stringContaining("NEXT_REDIRECT"),
    });
    expect(failed).not.toHaveBeenCalled();
  });
});
