import { describe, expect, it } from "vitest";
import type { BillingService } from "@/lib/billing/service";
import { createTestServer, ops } from "./test-helpers";

const members = { alice: { memberId: "member-alice", email: "alice@example.com", name: "Alice" } };
// A service whose every call fails unexpectedly, with a secret in the message.
const leaking = async () =>
  new Proxy({} as BillingService, {
    get: (_target, property) =>
      property === "then"
        ? undefined
        : async () => {
            throw new Error("connection to db-secret-host:5432 refused");
          },
  });

const post = (yoga: ReturnType<typeof createTestServer>["yoga"], body: string, headers: Record<string, string>) =>
  yoga.fetch("http://localhost/graphql", { method: "POST", headers, body });

describe("hardening", () => {
  it("masks unexpected errors, also outside production", async () => {
    for (const production of [false, true]) {
      const { gql } = createTestServer({ members, billing: leaking, production });
      const { status, text, body } = await gql(ops.getMySubscriptions, {}, "alice");
      expect(status).toBe(200);
      expect(body.errors?.[0]?.message).toBe("Unexpected error.");
      expect(text).not.toContain("secret");
      expect(text).not.toContain("stack");
    }
  });

  it("refuses mutations over GET", async () => {
    const { yoga } = createTestServer({ members, billing: leaking });
    const query = encodeURIComponent('mutation { addNewPaymentMethod(token: "pm_card_visa") { statusCode } }');
    const response = await yoga.fetch(`http://localhost/graphql?query=${query}`, {
      method: "GET",
      headers: { "x-graphql-csrf": "1", "x-test-member": "alice" },
    });
    expect(response.status).toBe(405);
  });

  it("prevents CSRF: simple cross-site requests are refused, JSON or a custom header pass", async () => {
    const { yoga } = createTestServer({ members, billing: leaking });
    const form = await post(yoga, "query=" + encodeURIComponent("{ getPlans { statusCode } }"), {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(form.status).toBe(403);
    const text = await post(yoga, JSON.stringify({ query: "{ getPlans { statusCode } }" }), {
      "content-type": "text/plain",
    });
    expect(text.status).toBe(403);
    const plainGet = await yoga.fetch(`http://localhost/graphql?query=${encodeURIComponent("{ __typename }")}`, {
      method: "GET",
    });
    expect(plainGet.status).toBe(403);
    const withHeader = await yoga.fetch(`http://localhost/graphql?query=${encodeURIComponent("{ __typename }")}`, {
      method: "GET",
      headers: { "x-graphql-csrf": "1" },
    });
    expect(withHeader.status).toBe(200);
    const json = await post(yoga, JSON.stringify({ query: "{ __typename }" }), { "content-type": "application/json" });
    expect(await json.json()).toEqual({ data: { __typename: "Query" } });
  });

  it("grants no cross-origin access (no CORS headers for another site)", async () => {
    const { yoga } = createTestServer({ members, billing: leaking });
    const preflight = await yoga.fetch("http://localhost/graphql", {
      method: "OPTIONS",
      headers: {
        origin: "https://evil.example.com",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();
    const post = await yoga.fetch("http://localhost/graphql", {
      method: "POST",
      headers: { origin: "https://evil.example.com", "content-type": "application/json" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(post.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("turns introspection and GraphiQL off in production only", async () => {
    const introspect = JSON.stringify({ query: "{ __schema { queryType { name } } }" });
    const dev = createTestServer({ members, billing: leaking, production: false });
    expect((await (await post(dev.yoga, introspect, { "content-type": "application/json" })).json()).data).toEqual({
      __schema: { queryType: { name: "Query" } },
    });
    const prod = createTestServer({ members, billing: leaking, production: true });
    const refused = await (await post(prod.yoga, introspect, { "content-type": "application/json" })).json();
    expect(refused.data).toBeUndefined();
    expect(refused.errors[0].message).toMatch(/introspection/i);
    const graphiql = await prod.yoga.fetch("http://localhost/graphql", {
      method: "GET",
      headers: { accept: "text/html", "x-graphql-csrf": "1" },
    });
    expect(await graphiql.text()).not.toContain("GraphiQL");
    const devGraphiql = await dev.yoga.fetch("http://localhost/graphql", {
      method: "GET",
      headers: { accept: "text/html", "x-graphql-csrf": "1" },
    });
    expect(await devGraphiql.text()).toContain("GraphiQL");
  });

  it("limits depth, aliases and tokens", async () => {
    const { gql } = createTestServer({ members, billing: leaking, production: true });
    const deep = `{ ${"__schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } }"} }`;
    expect((await gql(deep)).body.errors?.map((e) => e.message).join(" ")).toMatch(/depth/i);
    const aliases = `{ ${Array.from({ length: 30 }, (_, i) => `a${i}: getPlans { statusCode }`).join(" ")} }`;
    expect((await gql(aliases)).body.errors?.[0]?.message).toMatch(/alias/i);
    const tokens = `{ getPlans { ${Array.from({ length: 1200 }, () => "statusCode").join(" ")} } }`;
    expect((await gql(tokens)).body.errors?.[0]?.message).toMatch(/token/i);
    expect((await gql(aliases)).body.data).toBeUndefined();
  });
});
