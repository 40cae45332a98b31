import { describe, expect, it } from "vitest";
import { largestObjects, type HeapSnapshot } from "./heap-snapshot";

// V8's own layout: seven fields per node, three per edge; to_node is a node's offset in `nodes`.
const meta = {
  node_fields: ["type", "name", "id", "self_size", "edge_count", "trace_node_id", "detachedness"],
  node_types: [["hidden", "array", "string", "object", "code", "closure", "regexp", "number", "native"]],
  edge_fields: ["type", "name_or_index", "to_node"],
  edge_types: [["context", "element", "property", "internal", "hidden", "shortcut", "weak"]],
} as HeapSnapshot["snapshot"]["meta"];
const node = (type: number, name: number, size: number, edges: number) => [type, name, 1, size, edges, 0, 0];
const at = (index: number) => index * 7;

describe("largestObjects", () => {
  const strings = [
    "(root)",
    "ModuleCache",
    "entries",
    "(object elements)",
    "a".repeat(300_000),
    "bundle",
    "small",
    "cache",
  ];
  const heap: HeapSnapshot = {
    snapshot: { meta },
    nodes: [
      ...node(0, 0, 0, 2), // (root): a weak edge to the array, then .cache
      ...node(3, 1, 64, 2), // ModuleCache: .entries (the array) and .bundle (the big string)
      ...node(1, 3, 400_000, 0), // its array
      ...node(2, 4, 300_000, 0), // a 300 kB string
      ...node(2, 6, 40, 0), // small: below the size, never listed
    ],
    edges: [6, 2, at(2), 2, 7, at(1), 2, 2, at(2), 2, 5, at(3)],
    strings,
  };

  it("groups the objects above the size by what they are and the first strong holder, largest first", () => {
    expect(largestObjects(heap, 128 * 1024)).toEqual([
      { what: "array (object elements)", heldBy: "object ModuleCache.entries", count: 1, bytes: 400_000 },
      { what: `string "${"a".repeat(60)}…"`, heldBy: "object ModuleCache.bundle", count: 1, bytes: 300_000 },
    ]);
  });

  it("follows the holders up the given number of levels, nearest first", () => {
    expect(largestObjects(heap, 350_000, 3)).toEqual([
      {
        what: "array (object elements)",
        heldBy: "object ModuleCache.entries <- hidden (root).cache",
        count: 1,
        bytes: 400_000,
      },
    ]);
  });
});
