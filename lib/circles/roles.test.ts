import { describe, expect, it } from "vitest";
import { roleChangeProblem, type CircleRole } from "./roles";

// By default the target's account is a child's exactly when their role is `child` (the usual case).
const change = (
  actor: CircleRole,
  target: CircleRole,
  next: CircleRole,
  self = false,
  childAccount = target === "child",
) => {
  const problem = roleChangeProblem({ actor, target, next, self, childAccount });
  return problem ? { status: problem.status, field: problem.field, message: problem.message } : null;
};

describe("who may change whose role", () => {
  it("the owner appoints and removes guardians", () => {
    expect(change("owner", "member", "guardian")).toBeNull();
    expect(change("owner", "guardian", "member")).toBeNull();
  });

  it("attack: nobody makes an adult a child, nor a child's account an adult's (409 naming the role)", () => {
    for (const actor of ["owner", "guardian"] as const) {
      expect(change(actor, "member", "child")).toMatchObject({
        status: 409,
        field: "role",
        message: expect.stringMatching(/^only an account .*an adult cannot be made a child/),
      });
      expect(change(actor, "child", "member")).toMatchObject({
        status: 409,
        field: "role",
        message: expect.stringMatching(/^a child's account keeps the role child/),
      });
    }
    expect(change("owner", "child", "guardian")).toMatchObject({ status: 409 });
    // Someone given the role child before this rule (no child's account) is moved back freely; a child's
    // account that was given some other role (before the rule) may get its role child back.
    expect(change("guardian", "child", "member", false, false)).toBeNull();
    expect(change("owner", "member", "child", false, true)).toBeNull();
  });

  it("a guardian never appoints or removes guardians", () => {
    expect(change("guardian", "member", "guardian")).toMatchObject({
      status: 403,
      message: expect.stringMatching(/owner appoints/),
    });
    expect(change("guardian", "guardian", "member")).toMatchObject({ status: 403 });
  });

  it("members and children change nobody's role", () => {
    for (const actor of ["member", "child"] as const)
      for (const next of ["member", "child", "guardian"] as const)
        expect(change(actor, "member", next)).toMatchObject({ status: 403 });
  });

  it("a circle never loses its owner, and nobody becomes a second one (409)", () => {
    expect(change("owner", "owner", "guardian", true)).toMatchObject({
      status: 409,
      message: expect.stringMatching(/always has its owner/),
    });
    expect(change("guardian", "owner", "member")).toMatchObject({ status: 409 });
    expect(change("owner", "member", "owner")).toMatchObject({
      status: 409,
      field: "role",
      message: expect.stringMatching(/^a circle has one owner/),
    });
    expect(change("guardian", "guardian", "child", true)).toMatchObject({ status: 409 });
  });
});
