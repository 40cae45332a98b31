import fc from "fast-check";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../db/testing";
import { circleMemberships, circles, shares } from "../../db/schema/circles";
import { leaveCircle, removeFromOwnedCircle, setCircleRole, type CircleRole } from "..";
import { failure, makeCircle as makeCircleIn } from "../testing";
import { accessTo, revokeShare, shareItem, type ItemKinds } from ".";

const database = useTestDatabase([shares, circleMemberships, circles]);

// Every person owns one habit, "habit-<person>"; the registry says so.
const kinds: ItemKinds = {
  habit: { ownerOf: async (itemId) => (itemId.startsWith("habit-") ? itemId.slice("habit-".length) : null) },
};
const habit = (owner: string) => ({ itemType: "habit" as const, itemId: `habit-${owner}`, ownerId: owner });

const makeCircle = (owner: string, people: Record<string, Exclude<CircleRole, "owner">>) =>
  makeCircleIn(database.db, owner, people);

const see = (viewer: string, owner: string) => accessTo(database.db, viewer, habit(owner));

describe("the sharing rule", () => {
  it("the owner sees their item; a circle's owner and guardians do not see an adult's private item", async () => {
    await makeCircle("olga", { gus: "guardian", ada: "member", kit: "child" });
    expect(await see("ada", "ada")).toBe("owner");
    expect(await see("olga", "ada")).toBeNull();
    expect(await see("gus", "ada")).toBeNull();
    expect(await see("kit", "ada")).toBeNull();
  });

  it("a share to one member reaches that member only, with its permission; revoking counts on the next read", async () => {
    await makeCircle("olga", { gus: "guardian", ada: "member" });
    const share = await shareItem(
      "ada",
      { ...habit("ada"), memberId: "gus", permission: "view" },
      { db: database.db, kinds },
    );
    expect(share).toMatchObject({
      itemType: "habit",
      itemId: "habit-ada",
      memberId: "gus",
      circleId: null,
      permission: "view",
    });
    expect(await see("gus", "ada")).toBe("view");
    expect(await see("olga", "ada")).toBeNull();
    // Sharing again with the same person changes the permission of the same share.
    const again = await shareItem(
      "ada",
      { ...habit("ada"), memberId: "gus", permission: "edit" },
      { db: database.db, kinds },
    );
    expect(again.id).toBe(share.id);
    expect(await see("gus", "ada")).toBe("edit");
    await revokeShare("ada", share.id, { db: database.db });
    expect(await see("gus", "ada")).toBeNull();
  });

  it("a share to a circle reaches everyone in it while they are in it", async () => {
    const family = await makeCircle("olga", { ada: "member", kit: "child" });
    await makeCircle("omar", { ada: "member", zed: "member" });
    await shareItem("ada", { ...habit("ada"), circleId: family, permission: "view" }, { db: database.db, kinds });
    expect(await see("olga", "ada")).toBe("view");
    expect(await see("kit", "ada")).toBe("view");
    expect(await see("zed", "ada")).toBeNull();
    // A child's account does not leave its circle itself (lib/circles child-limits.ts): the owner takes them out.
    await removeFromOwnedCircle("olga", "kit", { db: database.db });
    expect(await see("kit", "ada")).toBeNull();
  });

  it("refuses a share outside the owner's circles with 400 naming the field, and writes nothing", async () => {
    const family = await makeCircle("olga", { ada: "member", kit: "child" });
    const other = await makeCircle("omar", { zed: "member" });
    const options = { db: database.db, kinds };
    expect(await failure(shareItem("ada", { ...habit("ada"), memberId: "zed", permission: "view" }, options))).toEqual({
      status: 400,
      message: "you can share only with people in your circles",
      field: "memberId",
    });
    expect(
      await failure(shareItem("ada", { ...habit("ada"), circleId: other, permission: "view" }, options)),
    ).toMatchObject({
      status: 400,
      field: "circleId",
    });
    // A child's items: only inside the child's circles.
    expect(
      await failure(shareItem("kit", { ...habit("kit"), memberId: "omar", permission: "view" }, options)),
    ).toMatchObject({
      status: 400,
      field: "memberId",
    });
    expect(await shareItem("kit", { ...habit("kit"), circleId: family, permission: "view" }, options)).toMatchObject({
      circleId: family,
    });
    // Unknown permission, both targets, neither target, an oversized id: 400 naming the field.
    expect(
      await failure(shareItem("ada", { ...habit("ada"), memberId: "olga", permission: "admin" }, options)),
    ).toMatchObject({
      status: 400,
      field: "permission",
      message: "permission must be VIEW or EDIT",
    });
    expect(
      await failure(
        shareItem("ada", { ...habit("ada"), memberId: "olga", circleId: family, permission: "view" }, options),
      ),
    ).toMatchObject({
      status: 400,
      field: "memberId",
    });
    expect(await failure(shareItem("ada", { ...habit("ada"), permission: "view" }, options))).toMatchObject({
      status: 400,
    });
    expect(
      await failure(shareItem("ada", { ...habit("ada"), circleId: "not-a-uuid", permission: "view" }, options)),
    ).toMatchObject({
      status: 400,
      field: "circleId",
    });
    expect(await database.db.select().from(shares).where(eq(shares.ownerId, "ada"))).toEqual([]);
  });

  it("an item that does not exist or is not the caller's answers 404 alike; so does someone else's share", async () => {
    await makeCircle("olga", { ada: "member" });
    const options = { db: database.db, kinds };
    const notFound = { status: 404, message: "Item not found", field: undefined };
    expect(
      await failure(shareItem("ada", { ...habit("olga"), memberId: "olga", permission: "view" }, options)),
    ).toEqual(notFound);
    expect(
      await failure(
        shareItem("ada", { itemType: "habit", itemId: "nothing", memberId: "olga", permission: "view" }, options),
      ),
    ).toEqual(notFound);
    // A kind nobody registered (events come later) has no items.
    expect(
      await failure(
        shareItem("ada", { itemType: "event", itemId: "habit-ada", memberId: "olga", permission: "view" }, options),
      ),
    ).toEqual(notFound);
    const share = await shareItem("ada", { ...habit("ada"), memberId: "olga", permission: "view" }, options);
    expect(await failure(revokeShare("olga", share.id, { db: database.db }))).toMatchObject({
      status: 404,
      message: "Share not found",
    });
    expect(
      await failure(revokeShare("olga", "00000000-0000-4000-8000-000000000000", { db: database.db })),
    ).toMatchObject({
      status: 404,
      message: "Share not found",
    });
    expect(await see("olga", "ada")).toBe("view");
  });

  it("leaving a circle ends that circle's shares and the shares made through it, in one go", async () => {
    const family = await makeCircle("olga", { ada: "member", bea: "member" });
    const other = await makeCircle("omar", { bea: "member", cy: "member" });
    const options = { db: database.db, kinds };
    await shareItem("bea", { ...habit("bea"), circleId: family, permission: "view" }, options);
    await shareItem("bea", { ...habit("bea"), memberId: "ada", permission: "edit" }, options);
    await shareItem("ada", { ...habit("ada"), memberId: "bea", permission: "view" }, options);
    await shareItem("bea", { ...habit("bea"), circleId: other, permission: "view" }, options);
    await shareItem("olga", { ...habit("olga"), circleId: family, permission: "view" }, options);
    await leaveCircle("bea", family, { db: database.db });
    const left = await database.db.select().from(shares);
    // Bea's share with the other circle stays; Olga's with the family stays (Bea no longer sees it).
    expect(left.map((row) => `${row.ownerId}->${row.memberId ?? row.circleId}`).sort()).toEqual(
      [`bea->${other}`, `olga->${family}`].sort(),
    );
    expect(await see("ada", "bea")).toBeNull();
    expect(await see("bea", "ada")).toBeNull();
    expect(await see("bea", "olga")).toBeNull();
    expect(await see("cy", "bea")).toBe("view");
  });

  it("roles never change what anyone sees", async () => {
    // ada is a child: her carers (olga, and gus once a guardian) still see only what she shares.
    const family = await makeCircle("olga", { gus: "member", ada: "child" });
    await shareItem("ada", { ...habit("ada"), memberId: "gus", permission: "view" }, { db: database.db, kinds });
    await setCircleRole("olga", { circleId: family, memberId: "gus", role: "guardian" }, { db: database.db });
    expect(await see("gus", "ada")).toBe("view");
    expect(await see("olga", "ada")).toBeNull();
    expect(await see("ada", "gus")).toBeNull();
  });
});

// The property: over random circles, roles, shares, revocations and departures, accessTo always
// answers what the rule as written says, computed here from a model that knows nothing of the code.
const PEOPLE = ["p0", "p1", "p2", "p3", "p4", "p5"];
const ROLES = ["guardian", "member", "child"] as const;
const person = fc.constantFrom(...PEOPLE);
const operation = fc.oneof(
  fc.record({
    kind: fc.constant("share" as const),
    owner: person,
    toCircle: fc.boolean(),
    member: person,
    circle: fc.nat(2),
    permission: fc.constantFrom("view" as const, "edit" as const),
  }),
  fc.record({ kind: fc.constant("revoke" as const), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant("leave" as const), member: person, circle: fc.nat(2) }),
);
const world = fc.record({
  // Circle c is owned by p<c>; everyone else is out of it or in it with a role.
  circles: fc.tuple(
    ...[0, 1, 2].map(() =>
      fc.array(fc.option(fc.constantFrom(...ROLES), { nil: undefined }), { minLength: 6, maxLength: 6 }),
    ),
  ),
  operations: fc.array(operation, { maxLength: 12 }),
});

type ModelShare = { id: string; owner: string; member?: string; circle?: number; permission: "view" | "edit" };

describe("the sharing rule, as a property", () => {
  it("visibility is exactly: the owner, or an active share naming the viewer or a circle both are in", async () => {
    await fc.assert(
      fc.asyncProperty(world, async ({ circles: layout, operations }) => {
        const db = database.db;
        await db.delete(shares);
        await db.delete(circleMemberships);
        await db.delete(circles);
        const members: Set<string>[] = [];
        const circleIds: string[] = [];
        for (const [index, roles] of layout.entries()) {
          const people: Record<string, Exclude<CircleRole, "owner">> = {};
          roles.forEach((role, at) => {
            if (role && at !== index) people[PEOPLE[at]!] = role;
          });
          circleIds.push(await makeCircle(PEOPLE[index]!, people));
          members.push(new Set([PEOPLE[index]!, ...Object.keys(people)]));
        }
        const together = (a: string, b: string) => members.some((set) => set.has(a) && set.has(b));
        let model: ModelShare[] = [];
        for (const op of operations) {
          if (op.kind === "share") {
            const target = op.toCircle ? { circleId: circleIds[op.circle] } : { memberId: op.member };
            const allowed = op.toCircle
              ? members[op.circle]!.has(op.owner)
              : op.member !== op.owner && together(op.owner, op.member);
            const result = await shareItem(
              op.owner,
              { ...habit(op.owner), ...target, permission: op.permission },
              { db, kinds },
            ).then(
              (share) => share,
              (error: { status: number }) => error.status,
            );
            expect(typeof result === "number" ? result : 201).toBe(allowed ? 201 : 400);
            if (typeof result !== "number") {
              model = model.filter((share) => share.id !== result.id);
              model.push({
                id: result.id,
                owner: op.owner,
                permission: op.permission,
                ...(op.toCircle ? { circle: op.circle } : { member: op.member }),
              });
            }
          } else if (op.kind === "revoke") {
            const share = model[op.pick % Math.max(1, model.length)];
            if (!share) continue;
            await revokeShare(share.owner, share.id, { db });
            model = model.filter((other) => other !== share);
          } else {
            const owner = PEOPLE[op.circle]!;
            if (op.member === owner || !members[op.circle]!.has(op.member)) continue;
            // The owner takes them out (a child's account may not leave itself; the effect is the same).
            await removeFromOwnedCircle(owner, op.member, { db });
            members[op.circle]!.delete(op.member);
            // The rule as written: the leaver's shares with that circle end, and the one-member shares
            // between people who no longer share any circle.
            model = model.filter(
              (share) =>
                !(share.circle === op.circle && share.owner === op.member) &&
                !(share.member !== undefined && !together(share.owner, share.member)),
            );
          }
        }
        for (const viewer of PEOPLE) {
          for (const owner of PEOPLE) {
            const reaching = model.filter(
              (share) =>
                share.owner === owner &&
                (share.member === viewer ||
                  (share.circle !== undefined &&
                    members[share.circle]!.has(viewer) &&
                    members[share.circle]!.has(owner))),
            );
            const expected =
              viewer === owner
                ? "owner"
                : reaching.some((s) => s.permission === "edit")
                  ? "edit"
                  : reaching.length
                    ? "view"
                    : null;
            expect(await see(viewer, owner), `${viewer} sees ${owner}'s habit`).toBe(expected);
          }
        }
        const rows = await db.select().from(shares);
        expect(rows.map((row) => row.id).sort()).toEqual(model.map((share) => share.id).sort());
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
