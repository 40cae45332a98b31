import { describe, expect, it } from "vitest";
import { BoundedMap } from "./bounded-map";

describe("BoundedMap", () => {
  it("remembers an answer, asks for it once, and starts empty again when full", () => {
    const map = new BoundedMap<number>(2);
    let made = 0;
    const make = () => ++made;
    expect(map.remember("a", make)).toBe(1);
    expect(map.remember("a", make)).toBe(1);
    map.set("b", 20);
    // Full: the third key empties it first.
    map.set("c", 30);
    expect([map.get("a"), map.get("b"), map.get("c")]).toEqual([undefined, undefined, 30]);
    map.delete("c");
    expect(map.get("c")).toBeUndefined();
  });
});
