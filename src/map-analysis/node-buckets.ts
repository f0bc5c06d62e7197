/**
 * The graph's nodes hashed by grid cell, to find the ones near a point on its floor without
 * scanning them all: `fill` asks this for every floor sample (is a node already here, which
 * nodes to link to), tens of thousands of times on a large map.
 */

/** Node indices by `"cx,cy"` cell; cells `cell` units wide. */
export interface NodeBuckets {
  readonly cell: number;
  readonly cells: ReadonlyMap<string, readonly number[]>;
  readonly origins: readonly (readonly number[])[];
}

/** Height within which a node and a point are on the same floor. [Units: world units] */
export const SAME_FLOOR = 32;

export function bucketNodes(
  nodes: readonly { readonly origin: readonly number[] }[],
  cell: number,
): NodeBuckets {
  const cells = new Map<string, number[]>();
  nodes.forEach((n, k) => {
    const key = `${Math.floor(n.origin[0] / cell)},${Math.floor(n.origin[1] / cell)}`;
    const list = cells.get(key);
    if (list) list.push(k);
    else cells.set(key, [k]);
  });
  return { cell, cells, origins: nodes.map((n) => n.origin) };
}

/**
 * The nodes within `radius` (3-D) of `p` and on its floor (`SAME_FLOOR`), nearest first (ties:
 * the lower index), each with its distance.
 */
export function nodesNear(
  b: NodeBuckets,
  p: readonly number[],
  radius: number,
): { n: number; d: number }[] {
  const out: { n: number; d: number }[] = [];
  const r = Math.ceil(radius / b.cell);
  const cx = Math.floor(p[0] / b.cell);
  const cy = Math.floor(p[1] / b.cell);
  for (let dx = -r; dx <= r; dx++)
    for (let dy = -r; dy <= r; dy++) {
      for (const n of b.cells.get(`${cx + dx},${cy + dy}`) ?? []) {
        const o = b.origins[n];
        if (Math.abs(o[2] - p[2]) > SAME_FLOOR) continue;
        const d = Math.hypot(o[0] - p[0], o[1] - p[1], o[2] - p[2]);
        if (d <= radius) out.push({ n, d });
      }
    }
  return out.sort((a, b) => a.d - b.d || a.n - b.n);
}
