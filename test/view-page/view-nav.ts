/**
 * Navs for the page's tests, as the view model carries them: `viewNav` from listed nodes and
 * links, `randomViewNav` a seeded random one (the same nav on every run, so a failure repeats).
 */
import type { ViewNav } from '../../src/sinks/view/view-model.js';

export interface NodeSpec {
  readonly at: readonly [number, number, number];
  /** The band the node stands in; -1 outside every band. */
  readonly band?: number;
  readonly type?: number;
}

/** A nav of `nodes`, linked as listed (`[from, to]` or `[from, to, linkType]`). */
export function viewNav(
  nodes: readonly NodeSpec[],
  links: readonly (readonly [number, number, number?])[] = [],
): ViewNav {
  return {
    xyz: nodes.flatMap((n) => [...n.at]),
    type: nodes.map((n) => n.type ?? 0),
    band: nodes.map((n) => n.band ?? 0),
    from: links.map(([a]) => a),
    to: links.map(([, b]) => b),
    linkType: links.map(([, , t]) => t ?? 0),
    cost: links.map(() => 1),
    maxNodes: 8192,
    maxLinksPerNode: 64,
  };
}

/** Mulberry32: a small seeded generator of floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `nodes` nodes over a `size` × `size` square, rounded to 0.1 unit as the model rounds them, in
 * bands 0 to `bands - 1` (one in twenty in no band). The nodes are a random walk with a jump now
 * and then, so a link to one of the next few nodes is short, as in a real nav; one link in ten
 * crosses the map, and four in ten have their reverse too.
 */
export function randomViewNav(
  seed: number,
  nodes: number,
  links: number,
  size = 4096,
  bands = 3,
): ViewNav {
  const random = seededRandom(seed);
  const round = (v: number) => Math.round(v * 10) / 10;
  const inside = (v: number) => Math.max(-size / 2, Math.min(size / 2, v));
  const specs: NodeSpec[] = [];
  let x = 0;
  let y = 0;
  for (let i = 0; i < nodes; i++) {
    if (random() < 0.02) [x, y] = [(random() - 0.5) * size, (random() - 0.5) * size];
    x = inside(x + (random() - 0.5) * 96);
    y = inside(y + (random() - 0.5) * 96);
    specs.push({
      at: [round(x), round(y), round(random() * 256)],
      band: random() < 0.05 ? -1 : Math.floor(random() * bands),
    });
  }
  const pairs: [number, number, number][] = [];
  while (pairs.length < links) {
    const a = Math.floor(random() * nodes);
    const b =
      random() < 0.9 ? (a + 1 + Math.floor(random() * 6)) % nodes : Math.floor(random() * nodes);
    const type = Math.floor(random() * 4);
    pairs.push([a, b, type]);
    if (random() < 0.4 && pairs.length < links) pairs.push([b, a, type]);
  }
  return viewNav(specs, pairs);
}
