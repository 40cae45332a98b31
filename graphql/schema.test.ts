import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLNamedType,
} from "graphql";
import { buildClientSchema, getIntrospectionQuery, type GraphQLEnumType, type GraphQLSchema } from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { createGraphQLServer } from "./server";
import { CONTRACT_FILE, MEMBERS_CONTRACT_2_FILE, MEMBERS_CONTRACT_FILE, schemaFiles, typeDefs } from "./type-defs";

const here = import.meta.dirname;
const contractText = readFileSync(path.join(here, "contract/schema.graphql"), "utf8");
const contract = buildSchema(contractText);
// The members' features (circles, sharing, habits, calendar) extend the contract under the same rules.
const membersContractText = readFileSync(path.join(here, "contract/members-features.graphql"), "utf8");
const membersContract = buildSchema(`${contractText}\n${membersContractText}`);
// Happr Cam, My Vision Board and Happr Lounge: the second extension, with its own schema line (root Live).
const membersContract2Text = readFileSync(path.join(here, "contract/members-features-2.graphql"), "utf8");
const membersContract2 = buildSchema(`${contractText}\n${membersContractText}\n${membersContract2Text}`);

const kindOf = (type: GraphQLNamedType) =>
  isObjectType(type)
    ? "object"
    : isInputObjectType(type)
      ? "input"
      : isEnumType(type)
        ? "enum"
        : isInterfaceType(type)
          ? "interface"
          : isUnionType(type)
            ? "union"
            : isScalarType(type)
              ? "scalar"
              : "?";

/** Every way the served schema could break a client of the contract, as readable lines. */
function differences(contract: GraphQLSchema, schema: GraphQLSchema): string[] {
  const problems: string[] = [];
  for (const type of Object.values(contract.getTypeMap())) {
    if (type.name.startsWith("__")) continue;
    const served = schema.getType(type.name);
    if (!served) {
      problems.push(`missing type ${type.name}`);
      continue;
    }
    if (kindOf(served) !== kindOf(type)) problems.push(`${type.name} is a ${kindOf(served)}, not a ${kindOf(type)}`);
    if (isObjectType(type) && isObjectType(served)) {
      const servedFields = served.getFields();
      for (const field of Object.values(type.getFields())) {
        const mine = servedFields[field.name];
        if (!mine) {
          problems.push(`missing field ${type.name}.${field.name}`);
          continue;
        }
        if (String(mine.type) !== String(field.type))
          problems.push(`${type.name}.${field.name} is ${mine.type}, contract says ${field.type}`);
        for (const arg of field.args) {
          const servedArg = mine.args.find((candidate) => candidate.name === arg.name);
          if (!servedArg) problems.push(`missing argument ${type.name}.${field.name}(${arg.name})`);
          else if (String(servedArg.type) !== String(arg.type))
            problems.push(`${type.name}.${field.name}(${arg.name}) is ${servedArg.type}, contract says ${arg.type}`);
        }
        for (const extra of mine.args) {
          if (!field.args.some((arg) => arg.name === extra.name) && isNonNullType(extra.type)) {
            problems.push(`${type.name}.${field.name}(${extra.name}) is a new required argument`);
          }
        }
      }
    }
    if (isInputObjectType(type) && isInputObjectType(served)) {
      const servedFields = served.getFields();
      for (const field of Object.values(type.getFields())) {
        const mine = servedFields[field.name];
        if (!mine) problems.push(`missing input field ${type.name}.${field.name}`);
        else if (String(mine.type) !== String(field.type))
          problems.push(`${type.name}.${field.name} is ${mine.type}, contract says ${field.type}`);
      }
      for (const extra of Object.values(servedFields)) {
        if (!type.getFields()[extra.name] && isNonNullType(extra.type))
          problems.push(`${type.name}.${extra.name} is a new required input field`);
      }
    }
  }
  return problems;
}

// The schema as the endpoint serves it (introspection is on outside production).
let served: GraphQLSchema;
beforeAll(async () => {
  const yoga = createGraphQLServer({
    resolveCaller: async () => ({ kind: "guest" }),
    billing: () => Promise.reject(new Error("unused")),
    siteUrl: "http://localhost:3000",
    limitProviderCall: () => Promise.reject(new Error("unused")),
    production: false,
  });
  const response = await yoga.fetch("http://localhost/graphql", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: getIntrospectionQuery() }),
  });
  served = buildClientSchema((await response.json()).data);
});

describe("the served schema", () => {
  it("contains the public contract exactly (types, fields, arguments, nullability)", () => {
    expect(differences(contract, served)).toEqual([]);
  });

  it("contains the members' features contract exactly (circles, sharing, habits, calendar)", () => {
    expect(differences(membersContract, served)).toEqual([]);
    const operations = ["getMyCircles", "setCircleRole", "shareItem", "revokeShare"];
    expect(Object.keys(served.getQueryType()!.getFields())).toContain("getMyCircles");
    expect(Object.keys(served.getMutationType()!.getFields())).toEqual(expect.arrayContaining(operations.slice(1)));
  });

  it("contains the second members' features contract exactly (Cam, Vision Board, Lounge; the root Live)", () => {
    expect(differences(membersContract2, served)).toEqual([]);
    // The roots as the contract names them: billing's Subscription stays an ordinary type.
    expect(served.getSubscriptionType()?.name).toBe("Live");
    expect(served.getType("Subscription")).toBeDefined();
    expect(Object.keys(served.getMutationType()!.getFields())).toEqual(
      expect.arrayContaining(["createImageUpload", "createMoment", "updateMoment", "deleteMoment", "reactToMoment"]),
    );
    // SharedItemType gains MOMENT and GOAL (graphql/extensions/cam.graphql).
    const values = (served.getType("SharedItemType") as GraphQLEnumType).getValues();
    expect(values.map((value) => value.name).sort()).toEqual(["EVENT", "GOAL", "HABIT", "MOMENT"]);
  });

  it("the comparison catches a renamed argument, a nullability change and a missing type", () => {
    const broken = buildSchema(
      contractText
        .replace("getPlans: PlansResult!", "getPlans: PlansResult")
        .replace(
          "createSubscriptionCheckoutSession(priceId: String!",
          "createSubscriptionCheckoutSession(price: String!",
        )
        .replace(/type Card \{[^}]*\}/, "")
        .replace("card: Card", "card: String"),
    );
    expect(differences(contract, broken)).toEqual([
      "Query.getPlans is PlansResult, contract says PlansResult!",
      "missing argument Mutation.createSubscriptionCheckoutSession(priceId)",
      "Mutation.createSubscriptionCheckoutSession(price) is a new required argument",
      "missing type Card",
      "PaymentMethod.card is String, contract says Card",
    ]);
  });

  it("serves the contracts copied unchanged, then graphql/extensions/*.graphql", () => {
    expect(CONTRACT_FILE).toBe(path.join(here, "contract/schema.graphql"));
    expect(MEMBERS_CONTRACT_FILE).toBe(path.join(here, "contract/members-features.graphql"));
    expect(MEMBERS_CONTRACT_2_FILE).toBe(path.join(here, "contract/members-features-2.graphql"));
    expect(schemaFiles.slice(3).every((file) => path.dirname(file) === path.join(here, "extensions"))).toBe(true);
    expect(typeDefs[0]).toBe(contractText);
    expect(typeDefs[1]).toBe(membersContractText);
    expect(typeDefs[2]).toBe(membersContract2Text);
    const shared = path.resolve(here, "../../shared/contracts/schema.graphql");
    if (existsSync(shared)) expect(contractText).toBe(readFileSync(shared, "utf8"));
    const sharedMembers = path.resolve(here, "../../shared/contracts/members-features.graphql");
    if (existsSync(sharedMembers)) expect(membersContractText).toBe(readFileSync(sharedMembers, "utf8"));
    const sharedMembers2 = path.resolve(here, "../../shared/contracts/members-features-2.graphql");
    if (existsSync(sharedMembers2)) expect(membersContract2Text).toBe(readFileSync(sharedMembers2, "utf8"));
  });

  it("serves the extensions' operations beside the contract's (Safe Circle, resumeSubscription)", () => {
    expect(Object.keys(served.getQueryType()!.getFields())).toContain("getMyCircle");
    expect(Object.keys(served.getMutationType()!.getFields())).toEqual(
      expect.arrayContaining([
        "resumeSubscription",
        "inviteToCircle",
        "resendCircleInvitation",
        "revokeCircleInvitation",
        "removeCircleMember",
        "leaveCircle",
        "setCircleMemberDetails",
      ]),
    );
  });
});
