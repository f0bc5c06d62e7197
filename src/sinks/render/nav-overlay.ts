/**
 * What a second graph adds to a picture: a reference graph (the engine's own nav, an LTK
 * waypoint file, or the nav this build replaces) set against the drawn nav, so that what was
 * gained and lost shows.
 *
 * Nodes are always matched with `diffNavs` (A = the reference, B = the drawn nav, nodes within
 * the match radius are the same node, default 48 units): `diff` holds the exact figures. What is
 * *drawn* as gained and lost depends on the mode:
 * - `previous` (a build against the nav it replaces, same generator, same spacing): exactly the
 *   diff. Gained nodes are the drawn nav's unmatched nodes, lost nodes the reference's; gained
 *   links are the drawn nav's links that the reference lacks, between matched nodes
 *   (`diff.addedLinks`) or touching a gained node; lost links the other way round. Links are
 *   directed, so a two-way link added counts twice.
 * - `compare` (another graph of the map, often spaced differently: a human waypoint file has a
 *   node every few hundred units): coverage, see `graph-coverage.ts`. A node is gained (lost) when
 *   no node or link of the other graph lies within the radius; a link is gained (lost) when some
 *   stretch of it is not covered by the other graph. Links count once per pair of nodes
 *   (`from < to` when both directions exist).
 * In both modes retyped nodes are matched nodes whose types differ (LTK types are carried over
 * by name, see `ltk-as-nav.ts`). Retyped links are counted in `diff`, never drawn.
 */
import { diffNavs, navDiffDefaults, type NavDiff } from '../../nav/diff.js';
import type { NavFile } from '../../nav/types.js';
import { GraphCoverage } from './graph-coverage.js';

/** A link by node indices. */
export type LinkEnds = readonly [from: number, to: number];

export type NavOverlayMode = 'compare' | 'previous';

export interface NavOverlay {
  /** What the reference is, for the legend (e.g. `beer.autogen.nav`). */
  readonly label: string;
  readonly mode: NavOverlayMode;
  readonly reference: NavFile;
  /** A = reference, B = the drawn nav: the exact node matching and its figures. */
  readonly diff: NavDiff;
  /** Per reference node: 1 when matched to a node of the drawn nav. [Length: reference nodes] */
  readonly referenceMatched: Uint8Array;
  /** Reference nodes drawn as lost, ascending. */
  readonly lostNodes: readonly number[];
  /** Drawn-nav nodes drawn as gained, ascending. */
  readonly gainedNodes: readonly number[];
  /** Links of the drawn nav drawn as gained, in its indices, sorted. */
  readonly gainedLinks: readonly LinkEnds[];
  /** Links of the reference drawn as lost, in its indices, sorted. */
  readonly lostLinks: readonly LinkEnds[];
}

export interface NavOverlayOptions {
  label: string;
  mode: NavOverlayMode;
  /** Nodes this close are the same node; also the coverage radius. [Units: world units; Limit: > 0] */
  matchRadius: number;
}

export const navOverlayDefaults: Readonly<Omit<NavOverlayOptions, 'label'>> = Object.freeze({
  mode: 'compare',
  matchRadius: navDiffDefaults.matchRadius,
});

function sortedUnique(links: LinkEnds[]): LinkEnds[] {
  links.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return links.filter((l, i) => i === 0 || l[0] !== links[i - 1][0] || l[1] !== links[i - 1][1]);
}

/** Directed links of `nav` touching a node of `nodes`. */
function linksTouching(nav: NavFile, nodes: readonly number[]): LinkEnds[] {
  const set = new Set(nodes);
  const out: LinkEnds[] = [];
  nav.nodes.forEach((node, from) => {
    for (const l of node.links) {
      if (l.target !== from && (set.has(from) || set.has(l.target))) out.push([from, l.target]);
    }
  });
  return out;
}

/** Node indices of `nav` that `other` does not cover. */
function uncoveredNodes(nav: NavFile, other: GraphCoverage): number[] {
  const out: number[] = [];
  nav.nodes.forEach((n, i) => {
    if (!other.coversPoint(n.origin)) out.push(i);
  });
  return out;
}

/** Links of `nav` (one per pair of nodes) that `other` does not cover all along. */
function uncoveredLinks(nav: NavFile, other: GraphCoverage): LinkEnds[] {
  const out: LinkEnds[] = [];
  nav.nodes.forEach((node, from) => {
    for (const l of node.links) {
      const to = l.target;
      if (to === from) continue;
      const reverse = nav.nodes[to].links.some((r) => r.target === from);
      if (reverse && to < from) continue;
      if (!other.coversSegment(node.origin, nav.nodes[to].origin)) out.push([from, to]);
    }
  });
  return out;
}

/** Sets `reference` against `nav` (see the module comment). */
export function navOverlay(
  nav: NavFile,
  reference: NavFile,
  options: Partial<NavOverlayOptions> & { label: string },
): NavOverlay {
  const o = { ...navOverlayDefaults, ...options };
  const diff = diffNavs(reference, nav, { matchRadius: o.matchRadius });
  const referenceMatched = new Uint8Array(reference.nodes.length).fill(1);
  for (const n of diff.removedNodes) referenceMatched[n.index] = 0;

  if (o.mode === 'previous') {
    const gainedNodes = diff.addedNodes.map((n) => n.index);
    const lostNodes = diff.removedNodes.map((n) => n.index);
    return {
      label: o.label,
      mode: o.mode,
      reference,
      diff,
      referenceMatched,
      lostNodes,
      gainedNodes,
      gainedLinks: sortedUnique([
        ...diff.addedLinks.map((l): LinkEnds => [l.fromB, l.toB]),
        ...linksTouching(nav, gainedNodes),
      ]),
      lostLinks: sortedUnique([
        ...diff.removedLinks.map((l): LinkEnds => [l.fromA, l.toA]),
        ...linksTouching(reference, lostNodes),
      ]),
    };
  }

  const byReference = new GraphCoverage(reference, o.matchRadius);
  const byNav = new GraphCoverage(nav, o.matchRadius);
  return {
    label: o.label,
    mode: o.mode,
    reference,
    diff,
    referenceMatched,
    lostNodes: uncoveredNodes(reference, byNav),
    gainedNodes: uncoveredNodes(nav, byReference),
    gainedLinks: uncoveredLinks(nav, byReference),
    lostLinks: uncoveredLinks(reference, byNav),
  };
}
