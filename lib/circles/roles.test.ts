import { describe, expect, it } from "vitest";
import { roleChangeProblem, type CircleRole } from "./roles";

const change = (actor: CircleRole, target: CircleRole, next: CircleRole, self = false) => {
  const problem = roleChangeProblem({ actor, target, next, self });
  return problem ? { status: problem.status, message: problem.message } : null;
};

describe("who may change whose role", () => {
  it("the owner appoints and removes guardians, and moves people between member and child", () => {
    expect(change("owner", "member", "guardian")).toBeNull();
    expect(change("owner", "guardian", "member")).toBeNull();
    expect(change("owner", "child", "guardian")).toBeNull();
    expect(change("owner", "member", "child")).toBeNull();
  });

  it("a guardian moves people between member and child, never to or from guardian", () => {
    expect(change("guardian", "member", "child")).toBeNull();
    expect(change("guardian", "child", "member")).toBeNull();
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
    expect(change("owner", "member", "owner")).toMatchObject({ status: 409, message: expect.stringMatching(/^role:/) });
    expect(change("guardian", "guardian", "child", true)).toMatchObject({ status: 409 });
  });
});
