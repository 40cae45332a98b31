/**
 * The Studio schema matches the content the site reads: every document type and top-level field of
 * the bundled dataset is declared, and every validation builds with Studio's rule API.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseNdjson } from "@/lib/content/bundled-source";
import { readFileSync } from "node:fs";
import type { Rule } from "sanity";
import { schemaTypes, singletonTypes } from "./index";

/** The parts of a field definition this test walks (Sanity's types differ per field type). */
type FieldDefinition = {
  name: string;
  fields?: FieldDefinition[];
  of?: {
    fields?: FieldDefinition[];
    styles?: { value: string }[];
    lists?: { value: string }[];
    marks?: { annotations?: FieldDefinition[] };
  }[];
  validation?: unknown;
};
const fieldsOf = (type: (typeof schemaTypes)[number]) => type.fields as unknown as FieldDefinition[];

const dataset = parseNdjson(readFileSync(path.join(process.cwd(), "sanity", "dataset", "data.ndjson"), "utf8"));
const fixture = parseNdjson(
  readFileSync(path.join(process.cwd(), "lib", "content", "__fixtures__", "data.ndjson"), "utf8"),
);

/** A stand-in for Studio's Rule: every method records its call and chains. */
function recordingRule(calls: string[]): Rule {
  const rule: Rule = new Proxy({} as Rule, {
    get:
      (_target, name) =>
      (...args: unknown[]) => {
        calls.push(String(name));
        if (name === "custom") expect(typeof args[0]).toBe("function");
        return rule;
      },
  });
  return rule;
}

function* fields(list: FieldDefinition[] | undefined): Generator<FieldDefinition> {
  for (const field of list ?? []) {
    yield field;
    yield* fields(field.fields);
    for (const member of field.of ?? []) {
      yield* fields(member.fields);
      yield* fields(member.marks?.annotations);
    }
  }
}

describe("schema types", () => {
  it("have unique names and declare the singletons", () => {
    const names = schemaTypes.map((type) => type.name);
    expect(new Set(names).size).toBe(names.length);
    for (const singleton of singletonTypes) expect(names).toContain(singleton);
  });

  it.each([
    ["bundled dataset", dataset],
    ["fixture", fixture],
  ])("declare every document type and top-level field of the %s", (_name, documents) => {
    const byName = new Map<string, (typeof schemaTypes)[number]>(schemaTypes.map((type) => [type.name, type]));
    for (const doc of documents) {
      if (doc._type.startsWith("sanity.")) continue; // assets are Sanity's own types
      const type = byName.get(doc._type);
      expect(type, `schema type for ${doc._type}`).toBeDefined();
      const declared = new Set(fieldsOf(type!).map((field) => field.name));
      for (const key of Object.keys(doc)) {
        if (key.startsWith("_")) continue;
        expect(declared.has(key), `${doc._type}.${key} (in ${doc._id})`).toBe(true);
      }
    }
  });

  it("build every validation with Studio's rule API", () => {
    for (const type of schemaTypes) {
      for (const field of fields(fieldsOf(type))) {
        if (typeof field.validation !== "function") continue;
        const calls: string[] = [];
        (field.validation as (rule: Rule) => unknown)(recordingRule(calls));
        expect(calls.length, `${type.name}.${field.name}`).toBeGreaterThan(0);
      }
    }
  });

  it("require a category, an author and a main image with alt text on posts", () => {
    const post = schemaTypes.find((type) => type.name === "post")!;
    const names = fieldsOf(post).map((field) => field.name);
    expect(names).toEqual(
      expect.arrayContaining(["title", "slug", "excerpt", "publishedAt", "mainImage", "categories", "author", "body"]),
    );
    const mainImage = fieldsOf(post).find((field) => field.name === "mainImage")!;
    expect(mainImage.fields?.map((field) => field.name)).toContain("alt");
    const body = fieldsOf(post).find((field) => field.name === "body")!;
    expect(body.of?.[0]?.styles?.map((style) => style.value)).toEqual(["normal", "h2", "h3", "blockquote"]);
    expect(body.of?.[0]?.lists?.map((list) => list.value)).toEqual(["bullet"]);
  });
});
