/**
 * Reads a V8 heap snapshot (the `.heapsnapshot` JSON Chrome DevTools saves) far enough to name what
 * holds the memory: the objects above a size, grouped by what they are and by the objects that keep
 * them alive. Large-object space holds exactly the objects too big for a regular page (over
 * 128 kB on 64-bit V8), so `largestObjects(snapshot, 128 * 1024)` names that space's contents.
 *
 * The format: `nodes` and `edges` are flat integer arrays of `snapshot.meta.node_fields` and
 * `edge_fields` per entry; a node's edges follow its predecessors' in order (`edge_count` each); an
 * edge's `to_node` is the index of the target's first field in `nodes`.
 */
export type HeapSnapshot = {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
};

export type ObjectGroup = { what: string; heldBy: string; count: number; bytes: number };

/**
 * Objects of at least `minBytes` (their own size), grouped by what they are and by the chain of first
 * strong holders (`depth` levels: the nearest first), the largest group first.
 */
export function largestObjects(heap: HeapSnapshot, minBytes: number, depth = 1): ObjectGroup[] {
  const { meta } = heap.snapshot;
  const nodeWidth = meta.node_fields.length;
  const edgeWidth = meta.edge_fields.length;
  const field = (fields: string[], name: string) => {
    const index = fields.indexOf(name);
    if (index < 0) throw new Error(`Heap snapshot without the ${name} field`);
    return index;
  };
  const [nodeType, nodeName, selfSize, edgeCount] = ["type", "name", "self_size", "edge_count"].map((name) =>
    field(meta.node_fields, name),
  ) as [number, number, number, number];
  const [edgeType, edgeName, toNode] = ["type", "name_or_index", "to_node"].map((name) =>
    field(meta.edge_fields, name),
  ) as [number, number, number];
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];

  const describe = (node: number) => {
    const type = nodeTypes[heap.nodes[node + nodeType]!]!;
    const name = heap.strings[heap.nodes[node + nodeName]!]!.replace(/\s+/g, " ");
    // A string's name is its text: a glimpse is enough to recognise it.
    return type === "string" || type === "concatenated string" || type === "sliced string"
      ? `${type} "${name.slice(0, 60)}${name.length > 60 ? "…" : ""}"`
      : `${type} ${name.slice(0, 80)}`;
  };

  const large = new Set<number>();
  for (let node = 0; node < heap.nodes.length; node += nodeWidth) {
    if (heap.nodes[node + selfSize]! >= minBytes) large.add(node);
  }
  // Every object's first strong reference: whose property (or element) it is, and that holder's own.
  const retainerNode = new Int32Array(heap.nodes.length / nodeWidth).fill(-1);
  const retainerEdge = new Int32Array(heap.nodes.length / nodeWidth);
  let edge = 0;
  for (let node = 0; node < heap.nodes.length; node += nodeWidth) {
    const end = edge + heap.nodes[node + edgeCount]! * edgeWidth;
    for (; edge < end; edge += edgeWidth) {
      const target = heap.edges[edge + toNode]! / nodeWidth;
      if (retainerNode[target] !== -1 || edgeTypes[heap.edges[edge + edgeType]!] === "weak") continue;
      retainerNode[target] = node;
      retainerEdge[target] = edge;
    }
  }
  const heldBy = (node: number) => {
    const chain: string[] = [];
    for (let at = node / nodeWidth; chain.length < depth && retainerNode[at] !== -1;) {
      const holder = retainerNode[at]!;
      const via = retainerEdge[at]!;
      const type = edgeTypes[heap.edges[via + edgeType]!]!;
      const nameOrIndex = heap.edges[via + edgeName]!;
      chain.push(
        `${describe(holder)}${type === "element" || type === "hidden" ? `[${nameOrIndex}]` : `.${heap.strings[nameOrIndex]}`}`,
      );
      at = holder / nodeWidth;
    }
    return chain.length > 0 ? chain.join(" <- ") : "(nothing strong)";
  };

  const groups = new Map<string, ObjectGroup>();
  for (const node of large) {
    const what = describe(node);
    const holder = heldBy(node);
    const key = `${what}\u0000${holder}`;
    const group = groups.get(key) ?? { what, heldBy: holder, count: 0, bytes: 0 };
    group.count += 1;
    group.bytes += heap.nodes[node + selfSize]!;
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.bytes - a.bytes);
}
