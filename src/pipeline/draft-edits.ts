/**
 * A build makes the admin's edits (`nav/edits/`, the pipeline's `edits:` or `--edits`) on the
 * graph the graph stages made, before its own nav test (`own-test.ts`): the stages' cached
 * result stays what the demos and the map give, and the test still checks what is written.
 *
 * What became of each edit goes into the build's result: applied, or why it did not fit (its
 * node gone after new demos), and the added links, moved and retyped nodes that the own test
 * removed (the simulated bot failed them) or that the nav's limits left out. An edit is never
 * dropped without a word.
 */
import { relative } from 'node:path';
import { applyEdits, type EditOutcome } from '../nav/edits/apply-edits.js';
import { EditsFileError, readEditsFile } from '../nav/edits/edits-file.js';
import { formatPoint } from '../nav/edits/describe-edit.js';
import type { NavEdit } from '../nav/edits/nav-edit.js';
import type { NodeTypeName, NodeTypeTable } from '../nav/node-types.js';
import type { NavFile } from '../nav/types.js';
import {
  NO_LINK_EVIDENCE,
  type DraftGraph,
  type DraftLink,
  type DraftNode,
} from '../stage/graph-types.js';
import type { EditNote, EditsSummary } from '../sinks/build-result.js';
import type { PipelineSpec } from './pipeline-spec.js';

/**
 * The weight of a link an edit added: above any sum of vote weights and above the support of
 * spawn links (`sinks/nav/graph-to-nav.ts`, 1e12), so that the limit of 32 links per node
 * (`sinks/nav/limit-links.ts`) and the one link kept between two nodes keep it. Finite, as
 * the limit requires.
 */
export const EDIT_LINK_WEIGHT = 1e13;

/** The edits a build makes, read from its file. */
export interface BuildEdits {
  /** The file as the build names it: relative to the pipeline's folder (or the working folder). */
  readonly file: string;
  readonly edits: readonly NavEdit[];
}

/**
 * The spec's edits file, read and checked; null when it names none. A missing or broken file,
 * or one made on another map, is an {@link EditsFileError}.
 */
export async function readBuildEdits(spec: PipelineSpec): Promise<BuildEdits | null> {
  if (!spec.edits) return null;
  const file = relative(spec.baseDir, spec.edits) || spec.edits;
  const read = await readEditsFile(spec.edits).catch((e: unknown) => {
    // Named as the build names it (the path as given, relative to the pipeline's folder).
    if (e instanceof EditsFileError) throw new EditsFileError(file, e.path, e.reason, { cause: e });
    throw e;
  });
  if (read.map.toLowerCase() !== spec.map.toLowerCase())
    throw new EditsFileError(
      file,
      'map',
      `the edits were made on map ${read.map}; this build is of ${spec.map}`,
    );
  return { file, edits: read.edits };
}

/** `edits` made on the stages' graph (see `nav/edits/apply-edits.ts`). */
export function applyEditsToDraft(
  graph: DraftGraph,
  edits: readonly NavEdit[],
): { graph: DraftGraph; outcomes: EditOutcome[] } {
  return applyEdits<DraftNode, DraftLink>(graph, edits, {
    link: (from, to, type, edit) => ({
      from,
      to,
      type,
      ...NO_LINK_EVIDENCE,
      weight: EDIT_LINK_WEIGHT,
      fromEdit: edit,
    }),
    retyped: (node, type) => ({ ...node, type }),
    moved: (node, origin) => ({ ...node, origin: [origin[0], origin[1], origin[2]] }),
  });
}

const placeKey = (p: readonly number[]) => `${p[0]},${p[1]},${p[2]}`;

/**
 * What the build's own test took away of the edits: the added links it removed (the simulated
 * bot failed them, or a node of theirs went), and the moved or retyped nodes it removed.
 * `edited`: the graph after the edits, `tested`: after the test's repairs (which remove nodes
 * and links, never move one, so a node is found again by its exact origin).
 */
export function editsRemovedByTest(
  edited: DraftGraph,
  tested: DraftGraph,
  outcomes: readonly EditOutcome[],
): EditNote[] {
  const places = new Set(tested.nodes.map((n) => placeKey(n.origin)));
  const kept = new Set(tested.links.flatMap((l) => (l.fromEdit === undefined ? [] : [l.fromEdit])));
  const notes: EditNote[] = [];
  for (const o of outcomes) {
    if (!o.applied) continue;
    if (o.edit.op === 'add-link') {
      const link = edited.links.find((l) => l.fromEdit === o.index);
      if (!link || kept.has(o.index)) continue;
      const gone = [link.from, link.to]
        .map((i) => edited.nodes[i].origin)
        .filter((p) => !places.has(placeKey(p)));
      notes.push({
        index: o.index,
        edit: o.edit,
        reason:
          gone.length === 0
            ? 'the simulated bot failed it'
            : `the nav test removed its node at ${gone.map(formatPoint).join(' and ')}`,
      });
    } else if ((o.edit.op === 'move-node' || o.edit.op === 'set-type') && o.nodes?.[0]) {
      if (places.has(placeKey(o.nodes[0]))) continue;
      notes.push({ index: o.index, edit: o.edit, reason: 'the nav test removed the node' });
    }
  }
  return notes;
}

/**
 * The added links the nav does not hold although the graph does: left out by the engine's
 * limits (`sinks/nav/graph-to-nav.ts`: the 8095 nodes, a small limp trap closed, one link
 * between two nodes). `draftIndex`: the graph's node of each nav node.
 */
export function editLinksLeftOut(
  graph: DraftGraph,
  nav: NavFile,
  draftIndex: Int32Array,
  nodeTypes: NodeTypeTable,
  edits: readonly NavEdit[],
): EditNote[] {
  const navIndex = new Int32Array(graph.nodes.length).fill(-1);
  draftIndex.forEach((d, i) => (navIndex[d] = i));
  const notes: EditNote[] = [];
  for (const l of graph.links) {
    if (l.fromEdit === undefined) continue;
    const a = navIndex[l.from];
    const b = navIndex[l.to];
    const type = nodeTypes[l.type as NodeTypeName];
    if (a >= 0 && b >= 0 && nav.nodes[a].links.some((x) => x.target === b && x.targetType === type))
      continue;
    notes.push({
      index: l.fromEdit,
      edit: edits[l.fromEdit],
      reason:
        a < 0 || b < 0
          ? 'its node is beyond the nav\u2019s 8095 nodes'
          : 'the nav\u2019s limits left it out (a small limp trap closed, or another link between the same nodes kept)',
    });
  }
  return notes.sort((x, y) => x.index - y.index);
}

/** The build's account of its edits, for the result and the report. */
export function editsSummary(
  edits: BuildEdits,
  outcomes: readonly EditOutcome[],
  removedByNavTest: readonly EditNote[],
  leftOut: readonly EditNote[],
): EditsSummary {
  return {
    file: edits.file,
    total: edits.edits.length,
    applied: outcomes.filter((o) => o.applied).length,
    notFitting: outcomes
      .filter((o) => !o.applied)
      .map((o) => ({ index: o.index, edit: o.edit, reason: o.reason ?? 'did not fit' })),
    removedByNavTest: [...removedByNavTest],
    leftOut: [...leftOut],
  };
}
