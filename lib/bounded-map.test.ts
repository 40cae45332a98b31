import { describe, expect, it } from "vitest";
import { BoundedMap } from "./bounded-map";

describe("BoundedMap", () => {
  it("remembers an answer, asks for it once, and drops the least recently used when full", () => {
    const map = new BoundedMap<number>(2);
    let made = 0;
    const make = () => ++made;
    expect(map.remember("a", make)).toBe(1);
    expect(map.remember("a", make)).toBe(1);
    map.set("b", 20);
    // "a" asked for again: "b" is the least recently used, and the third key pushes out only it.
    expect(map.get("a")).toBe(1);
    map.set("c", 30);
    expect([map.get("a"), map.get("b"), map.get("c")]).toEqual([1, undefined, 30]);
    map.delete("c");
    expect(map.get("c")).toBeUndefined();
  });

  it("bounded by size, a few large entries push out the rest rather than grow past it", () => {
    const map = new BoundedMap<number[]>(100, (list) => list.length);
    for (let index = 0; index < 10; index++) map.set(`small-${index}`, [index]);
    map.set(
      "large",
      Array.from({ length: 95 }, () => 0),
    );
    const held = Array.from({ length: 10 }, (_, index) => map.get(`small-${index}`)).filter(Boolean);
    expect(held.length).toBeLessThanOrEqual(5);
    expect(map.get("large")).toHaveLength(95);
    // One larger than the whole bound is not kept at all.
    map.set(
      "huge",
      Array.from({ length: 101 }, () => 0),
    );
    expect(map.get("huge")).toBeUndefined();
  });
});
