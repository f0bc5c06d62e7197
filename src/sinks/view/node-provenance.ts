/**
 * Where each node of a built nav came from, for the viewer's panel ("why is this node here?"):
 * demo votes, a spawn entity or the map alone (`fill`), and which demos have votes within the
 * cluster radius of it. The build writes it into its JSON report (`provenance`), by node
 * position, so that `navgen view --report` finds each node again in the nav even after edits
 * renumbered it.
 */
import type { DemoVotes } from '../../stage/demo-votes.js';
import type { NavFile } from '../../nav/types.js';
import { NODE_FROM_MAP, NODE_FROM_SPAWN } from '../nav/graph-to-nav.js';
import type { ViewProvenance } from './view-model.js';

/** The report's `provenance` section. */
export interface ReportProvenance {
  /** The demo files that contributed, in the build's merge order. */
  readonly demos: readonly string[];
  /** The radius of "voted near it": the build's cluster radius. [Units: world units] */
  readonly radius: number;
  /**
   * Per node of the nav written, one line: its origin as stored, where it came from (`votes`,
   * `spawn` or `map`) and the indexes into `demos` of the demos with a vote within `radius`
   * (`-` for none), e.g. `-512 1024 88.25 votes 0,2`. One string per node keeps the report's
   * JSON one line per node.
   */
  readonly nodes: readonly string[];
}

/** The provenance of `nav`, whose node `i` came from `nodeSource[i]` (graph-to-nav.ts codes). */
export function nodeProvenance(
  nav: NavFile,
  nodeSource: Uint8Array,
  demos: readonly { readonly file: string; readonly votes: DemoVotes | null }[],
  radius: number,
): ReportProvenance {
  // Nodes hashed into cells of the radius: a vote looks in its cell and the eight around.
  const cell = (v: number) => Math.floor(v / radius);
  const key = (i: number, j: number) => `${i},${j}`;
  const grid = new Map<string, number[]>();
  nav.nodes.forEach((n, k) => {
    const id = key(cell(n.origin[0]), cell(n.origin[1]));
    const list = grid.get(id);
    if (list) list.push(k);
    else grid.set(id, [k]);
  });
  const voters: number[][] = nav.nodes.map(() => []);
  const r2 = radius * radius;
  demos.forEach((d, di) => {
    const p = d.votes?.positions;
    if (!p) return;
    const seen = new Uint8Array(nav.nodes.length);
    for (let v = 0; v < p.length; v += 3) {
      const ci = cell(p[v]);
      const cj = cell(p[v + 1]);
      for (let i = ci - 1; i <= ci + 1; i++)
        for (let j = cj - 1; j <= cj + 1; j++)
          for (const k of grid.get(key(i, j)) ?? []) {
            if (seen[k]) continue;
            const o = nav.nodes[k].origin;
            if ((o[0] - p[v]) ** 2 + (o[1] - p[v + 1]) ** 2 + (o[2] - p[v + 2]) ** 2 <= r2) {
              seen[k] = 1;
              voters[k].push(di);
            }
          }
    }
  });
  return {
    demos: demos.map((d) => d.file),
    radius,
    nodes: nav.nodes.map((n, k) => {
      const c = nodeSource[k];
      const source = c === NODE_FROM_MAP ? 'map' : c === NODE_FROM_SPAWN ? 'spawn' : 'votes';
      return `${n.origin.join(' ')} ${source} ${voters[k].length > 0 ? voters[k].join(',') : '-'}`;
    }),
  };
}

/** One node line of {@link ReportProvenance.nodes}, or null when it is not one. */
function nodeLine(line: unknown): { at: string; source: string; voters: number[] } | null {
  if (typeof line !== 'string') return null;
  const f = line.split(' ');
  if (f.length !== 5 || !f.slice(0, 3).every((v) => Number.isFinite(Number(v)))) return null;
  const voters = f[4] === '-' ? [] : f[4].split(',').map(Number);
  if (!voters.every((v) => Number.isInteger(v) && v >= 0)) return null;
  return { at: positionKey(Number(f[0]), Number(f[1]), Number(f[2])), source: f[3], voters };
}

/** Nodes are the same node when they round to the same unit. */
const positionKey = (x: number, y: number, z: number) =>
  `${Math.round(x)},${Math.round(y)},${Math.round(z)}`;

/**
 * The viewer's provenance of `nav` from a build report (parsed JSON): each node found in the
 * report's list at its position; a node the report does not hold (added or moved by an edit) is
 * `edit`. Throws, naming the file, when the report has no provenance or none of the nodes.
 */
export function provenanceFromReport(file: string, report: unknown, nav: NavFile): ViewProvenance {
  const p = (report as { provenance?: Partial<ReportProvenance> } | null)?.provenance;
  const lines = Array.isArray(p?.nodes) ? p.nodes.map(nodeLine) : null;
  if (!p || !Array.isArray(p.demos) || !lines || lines.some((l) => l === null))
    throw new Error(
      `${file}: no node provenance in it (build reports of this navgen have a "provenance" section)`,
    );
  const at = new Map<string, { source: string; voters: number[] }>();
  for (const l of lines) at.set(l!.at, l!);
  const source: string[] = [];
  const voters: number[][] = [];
  let found = 0;
  for (const n of nav.nodes) {
    const hit = at.get(positionKey(n.origin[0], n.origin[1], n.origin[2]));
    source.push(hit ? hit.source : 'edit');
    voters.push(hit ? hit.voters : []);
    if (hit) found++;
  }
  if (found === 0 && nav.nodes.length > 0)
    throw new Error(`${file}: none of the nav's nodes is in it: it is the report of another nav`);
  return { report: file.split(/[\\/]/).pop() ?? file, demos: p.demos.map(String), source, voters };
}
