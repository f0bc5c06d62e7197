/**
 * Makes an admin's edits (`nav-edit.ts`) on a graph: one implementation for the build's draft
 * graph (`pipeline/draft-edits.ts`, before the build's own nav test) and for a `.nav` file
 * ({@link applyEditsToNav}, `navgen view`), over the little both share: nodes with an origin and
 * a type name, directed links with a type name.
 *
 * Each edit finds its nodes by place: the nearest node to its point within
 * {@link EDIT_MATCH_RADIUS} (3-D distance; on a tie, the lower index, so the result is the same
 * on every run). Edits apply in their file's order, each to the graph the ones before it left,
 * and each says whether it fitted and, if not, why: a rebuild with new demos may have lost the
 * node an edit names, and the admin must hear of it.
 */
import { EDIT_MATCH_RADIUS, type EditPoint, type NavEdit } from './nav-edit.js';
import { describeEdit, formatPoint } from './describe-edit.js';
import { linkCostKindOf, navLinkCost } from '../link-cost.js';
import { nodeTypeLabel, type NodeTypeName, type NodeTypeTable } from '../node-types.js';
import type { NavFile, NavLink, NavNode, Vec3 } from '../types.js';

/** What an edit reads of a node. */
export interface EditableNode {
  /** [Units: world units; Form: (x, y, z)] */
  readonly origin: readonly number[];
  /** Node-type name. */
  readonly type: string;
}

/** What an edit reads of a link. */
export interface EditableLink {
  readonly from: number;
  readonly to: number;
  /** Link target-type name. */
  readonly type: string;
}

export interface EditableGraph<N extends EditableNode, L extends EditableLink> {
  readonly nodes: readonly N[];
  readonly links: readonly L[];
}

/** What became of one edit. */
export interface EditOutcome {
  /** The edit's index in its list (`edits[index]` of the edits file). */
  readonly index: number;
  readonly edit: NavEdit;
  readonly applied: boolean;
  /** Why it did not fit (`no node within 24 units of (10, 20, 30)`); absent when applied. */
  readonly reason?: string;
  /**
   * Where the nodes it found stand after it (a moved node at its new place), in the edit's
   * order of points (`at`, or `from` then `to`); absent for an edit that found none.
   */
  readonly nodes?: readonly (readonly number[])[];
}

/** How a graph makes what an edit changes; plain objects, spread, carry every other field. */
export interface EditMakers<N extends EditableNode, L extends EditableLink> {
  /** The link an add-link edit makes; `edit` is the edit's index. */
  link(from: number, to: number, type: string, edit: number): L;
  /** `node` with another type. */
  retyped(node: N, type: string): N;
  /** `node` at another place. */
  moved(node: N, origin: EditPoint): N;
}

/** The index of the node nearest to `p` within `radius`, or -1; ties: the lower index. */
export function nearestNode(
  nodes: readonly { readonly origin: readonly number[] }[],
  p: readonly number[],
  radius: number = EDIT_MATCH_RADIUS,
): number {
  let best = -1;
  let bestDistance = Infinity;
  nodes.forEach((n, i) => {
    const d = Math.hypot(n.origin[0] - p[0], n.origin[1] - p[1], n.origin[2] - p[2]);
    if (d <= radius && d < bestDistance) {
      best = i;
      bestDistance = d;
    }
  });
  return best;
}

/**
 * `edits` made on `graph`, in order; the graph given is not changed. Deleting a node deletes its
 * links and numbers the nodes after it one lower (links renumbered with them); links keep their
 * order, an added one goes last.
 */
export function applyEdits<N extends EditableNode, L extends EditableLink>(
  graph: EditableGraph<N, L>,
  edits: readonly NavEdit[],
  make: EditMakers<N, L>,
): { graph: { nodes: N[]; links: L[] }; outcomes: EditOutcome[] } {
  let nodes = graph.nodes.slice();
  let links = graph.links.slice();
  const outcomes = edits.map((edit, index): EditOutcome => {
    const notFit = (reason: string, found: number[] = []): EditOutcome => ({
      index,
      edit,
      applied: false,
      reason,
      ...(found.length ? { nodes: found.map((i) => nodes[i].origin) } : {}),
    });
    const done = (found: number[]): EditOutcome => ({
      index,
      edit,
      applied: true,
      nodes: found.map((i) => nodes[i].origin),
    });
    const find = (p: EditPoint) => nearestNode(nodes, p);
    const missing = (p: EditPoint) =>
      `no node within ${EDIT_MATCH_RADIUS} units of ${formatPoint(p)}`;
    switch (edit.op) {
      case 'delete-node': {
        const k = find(edit.at);
        if (k < 0) return notFit(missing(edit.at));
        const gone: EditOutcome = { index, edit, applied: true, nodes: [nodes[k].origin] };
        nodes = nodes.filter((_, i) => i !== k);
        links = links
          .filter((l) => l.from !== k && l.to !== k)
          .map((l) =>
            l.from > k || l.to > k
              ? { ...l, from: l.from > k ? l.from - 1 : l.from, to: l.to > k ? l.to - 1 : l.to }
              : l,
          );
        return gone;
      }
      case 'delete-link':
      case 'add-link': {
        const a = find(edit.from);
        if (a < 0) return notFit(missing(edit.from));
        const b = find(edit.to);
        if (b < 0) return notFit(missing(edit.to), [a]);
        if (a === b)
          return notFit(`from and to find the same node ${formatPoint(nodes[a].origin)}`, [a]);
        const type = edit.type;
        const matches = (l: L) =>
          l.from === a && l.to === b && (type === undefined || l.type === type);
        if (edit.op === 'add-link') {
          if (links.some(matches)) return notFit('the link already exists', [a, b]);
          links.push(make.link(a, b, edit.type, index));
          return done([a, b]);
        }
        const kept = links.filter((l) => !matches(l));
        if (kept.length === links.length)
          return notFit(type === undefined ? 'no such link' : `no such link of type ${type}`, [
            a,
            b,
          ]);
        links = kept;
        return done([a, b]);
      }
      case 'set-type': {
        const k = find(edit.at);
        if (k < 0) return notFit(missing(edit.at));
        if (nodes[k].type === edit.type) return notFit(`the node is already ${edit.type}`, [k]);
        nodes[k] = make.retyped(nodes[k], edit.type);
        return done([k]);
      }
      case 'move-node': {
        const k = find(edit.at);
        if (k < 0) return notFit(missing(edit.at));
        nodes[k] = make.moved(nodes[k], edit.to);
        return done([k]);
      }
    }
  });
  return { graph: { nodes, links }, outcomes };
}

/** `edits[2] delete-link (10, 20, 30) → (40, 50, 60): no node within 24 units of (40, 50, 60)`. */
export function outcomeLine(o: EditOutcome): string {
  return `edits[${o.index}] ${describeEdit(o.edit)}${o.reason ? `: ${o.reason}` : ''}`;
}

/** A nav node while edits are made: its type as a name, and whether an edit moved or retyped it. */
interface NavEditNode extends EditableNode {
  readonly node: NavNode;
  readonly typeNumber: number;
  readonly index: number;
  readonly changed: boolean;
}

/** A nav link while edits are made: its stored fields, its cost null when it must be computed. */
interface NavEditLink extends EditableLink {
  readonly typeNumber: number;
  readonly cost: number | null;
}

/**
 * `edits` made on a `.nav` (`navgen view`): type names through `nodeTypes`; every other field of
 * a node no edit touched is kept (area, inuse, its links' costs), node numbers close up after a
 * delete (`nodenum` is the new index), links stay in stored order and an added one goes at the
 * end of its node's list. A link that was added, or whose node was moved or retyped, gets the
 * cost the nav sink gives it (`nav/link-cost.ts`: `navLinkCost` of `linkCostKindOf`, the ladder
 * entry and jump costs); a moved node's origin is stored as float32. Pure: `nav` is not changed.
 */
export function applyEditsToNav(
  nav: NavFile,
  edits: readonly NavEdit[],
  nodeTypes: NodeTypeTable,
): { nav: NavFile; outcomes: EditOutcome[] } {
  const name = (n: number) => nodeTypeLabel(nodeTypes, n);
  const number = (type: string) => {
    const n = nodeTypes[type as NodeTypeName];
    if (n === undefined) throw new RangeError(`unknown node type name ${type}`);
    return n;
  };
  const nodes: NavEditNode[] = nav.nodes.map((node, index) => ({
    origin: node.origin,
    type: name(node.type),
    node,
    typeNumber: node.type,
    index,
    changed: false,
  }));
  const links: NavEditLink[] = nav.nodes.flatMap((node, from) =>
    node.links.map((l) => ({
      from,
      to: l.target,
      type: name(l.targetType),
      typeNumber: l.targetType,
      cost: l.cost,
    })),
  );
  const { graph, outcomes } = applyEdits<NavEditNode, NavEditLink>({ nodes, links }, edits, {
    link: (from, to, type) => ({ from, to, type, typeNumber: number(type), cost: null }),
    retyped: (n, type) => ({ ...n, type, typeNumber: number(type), changed: true }),
    moved: (n, origin) => ({ ...n, origin: origin.map(Math.fround) as Vec3, changed: true }),
  });
  const out: NavNode[] = graph.nodes.map((n, i) => ({
    ...n.node,
    origin: [n.origin[0], n.origin[1], n.origin[2]] as Vec3,
    type: n.typeNumber,
    nodenum: n.index === i ? n.node.nodenum : i,
    links: [],
  }));
  for (const l of graph.links) {
    const a = graph.nodes[l.from];
    const b = graph.nodes[l.to];
    const cost =
      l.cost !== null && !a.changed && !b.changed
        ? l.cost
        : navLinkCost(
            out[l.from].origin,
            out[l.to].origin,
            linkCostKindOf(
              { ladder: nodeTypes.LADDER, jump: nodeTypes.JUMP },
              a.typeNumber,
              b.typeNumber,
              l.typeNumber,
            ),
          );
    const link: NavLink = { target: l.to, targetType: l.typeNumber, cost };
    out[l.from].links.push(link);
  }
  return { nav: { ...nav, nodes: out }, outcomes };
}
