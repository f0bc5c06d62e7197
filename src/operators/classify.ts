/**
 * classify: gives nodes and links their types from the evidence of their votes.
 *
 * Nodes, by the AQtion proposal's rules in its order (first match wins), with the ladder-step
 * event and the kinematics of the votes as extra evidence:
 * - WATER: more than `waterRatio` of the votes under water;
 * - CROUCH: more than `crouchRatio` crouched;
 * - LADDER: mean vertical speed above `ladderSpeed` either way, small horizontal steps (mean <
 *   `ladderMaxStep`), and more than `ladderRatio` of the votes with ladder evidence
 *   (EV_LADDER_STEP, or steady vertical motion without gravity) — the evidence tells a climb
 *   from a fall, which has the same speeds. One type for both ways: the engine's running bot
 *   (`BOTLIB_Wander`) climbs only between two LADDER nodes, up or down by their heights, and has
 *   no climbing for LADDER_UP / LADDER_DOWN;
 * - JUMP: more than `jumpRatio` of the traversal weight arriving at the node comes by JUMP
 *   links. (The proposal's "mean vertical speed above 80" described a vote taken in mid-
 *   air; votes are only taken on the ground, so a jump shows as how the node is reached — the
 *   engine's bots jump when the link they follow says JUMP.)
 * - MOVE otherwise.
 *
 * Links, from the traversal's height change `dz` (target minus source) and flight:
 * - a drop (`dz` below -`dropMin` with free flight in more than half of the traversals) gets
 *   STAND_DROP up to the engine's 210 units, CROUCH_DROP up to 224, UNSAFE_DROP up to 256;
 *   drops deeper than `safeDrop` (180: the deepest fall without damage) are removed — a bot
 *   that takes a 250-unit drop loses half its health and dies of the next one —, and drops are one-way: the reverse link is
 *   removed unless it is a ladder or water link;
 * - a jump (free flight in more than half of the traversals, landing more than `jumpStep` higher
 *   than it started — more than a stair step, so the jump was needed) gets JUMP: the bot
 *   presses jump to make it; hops on flat ground (bots hop a lot in fights) stay walks;
 * - otherwise the target node's type (how the engine's own navs type their links);
 * - a walk seen only one way between nodes within `mirrorMaxDz` in height gets the way back too
 *   (walking is symmetric; drops, jumps and ladders are not).
 *
 * With the map (the pipeline's BSP, `confirm` on), the map then has the last word on node types
 * and positions (`map-analysis/confirm-types.ts`): water level, crouch-only room, ladder pairs
 * where demos climbed at a ladder brush, every node moved to where its box stands on ground.
 * Links follow their nodes; what the map contradicted is in the summary's `map` entry.
 *
 * The work is `classifyGraph` (`map-analysis/classify-graph.ts`); this file holds the options
 * table, the operator and the stage. Emits the re-typed graph and a `classify` summary.
 *
 * @example
 * stages:
 *   - classify: { waterRatio: 0.6, crouchRatio: 0.6 }
 * @see cluster, spawnPoints
 */
import type { OperatorFunction } from 'rxjs';
import { graphInOrder } from './internal/graph-in-order.js';
import { defineStage } from '../stage/stage.js';
import {
  boolOption,
  fromOptionTable,
  numOption,
  withDefaults,
  type OptionsOf,
} from '../stage/schema-helpers.js';
import type { GraphEvent } from '../stage/graph-types.js';
import type { BspWorld } from '../sources/bsp/world.js';
import { loadMap } from '../map-analysis/map-source.js';
import { classifyGraph } from '../map-analysis/classify-graph.js';

/**
 * classify's options, each stated once: the default, the limits and the one line the docs show
 * (docs/pipelines.md and the pipeline schema are generated from this table).
 */
const CLASSIFY_OPTIONS = {
  waterRatio: numOption(0.6, 'Share of underwater votes for WATER.', { minimum: 0, maximum: 1 }),
  crouchRatio: numOption(0.6, 'Share of crouched votes for CROUCH.', { minimum: 0, maximum: 1 }),
  ladderSpeed: numOption(150, 'Mean vertical speed of a ladder node. [u/s]', { minimum: 0 }),
  ladderMaxStep: numOption(64, 'Most mean horizontal step of a ladder node. [world units]', {
    minimum: 0,
  }),
  ladderRatio: numOption(0.5, 'Share of votes with ladder evidence.', { minimum: 0, maximum: 1 }),
  // The engine's STEPSIZE, 18: a smaller gain a walk makes up a stair.
  jumpStep: numOption(
    18,
    'Height gain of an airborne traversal that makes it a JUMP link. [world units]',
    { minimum: 0 },
  ),
  jumpRatio: numOption(0.5, 'Share of arriving weight by JUMP links that makes a JUMP node.', {
    minimum: 0,
    maximum: 1,
  }),
  dropMin: numOption(
    30,
    'Height loss from which a traversal with free flight is a drop. [world units]',
    { minimum: 0 },
  ),
  // The engine's fall heights (DC_Reachability): stand, crouch, unsafe.
  standDrop: numOption(210, 'Deepest stand drop (engine: 210). [world units]', { minimum: 0 }),
  crouchDrop: numOption(224, 'Deepest crouch drop (engine: 224). [world units]', { minimum: 0 }),
  unsafeDrop: numOption(
    256,
    'Deepest unsafe drop (engine: 256); deeper links are removed. [world units]',
    { minimum: 0 },
  ),
  // AQtion's `P_FallingDamage` charges 10 × ⌊(delta − 30) / 2⌋ health (delta = impact speed² /
  // 10000) from an impact at 548 u/s — a fall of 188 units at gravity 800 — so a 210-unit
  // stand drop already costs 10 and a 250-unit one 50; the default keeps the drops that cost
  // nothing.
  safeDrop: numOption(
    180,
    'Deepest drop kept (180: no fall damage in AQtion; a 210-unit fall costs 10 health, 250 costs 50); deeper links are removed. [world units]',
    { minimum: 0 },
  ),
  // Walking is symmetric: the way back gets half the evidence.
  mirrorMaxDz: numOption(
    18,
    'Walks seen one way within this height difference also get the way back; 0 = off. [world units]',
    { minimum: 0 },
  ),
  // `map-analysis/confirm-types.ts`.
  confirm: boolOption(
    true,
    'Check node types against the map and move nodes to where a player can stand (needs the BSP).',
  ),
  maxShift: numOption(48, 'Farthest a node is moved to a valid position. [world units]', {
    minimum: 0,
  }),
  ladderReach: numOption(
    16,
    'Farthest a climbed node may be from its ladder brush. [world units]',
    { minimum: 0 },
  ),
  ladderMinClimb: numOption(40, 'Smallest bottom-to-top climb of a ladder pair. [world units]', {
    minimum: 0,
  }),
};

const classifyTable = fromOptionTable(CLASSIFY_OPTIONS);

export type ClassifyOptions = OptionsOf<typeof CLASSIFY_OPTIONS>;

export const classifyDefaults: ClassifyOptions = classifyTable.defaults;

export function classify(
  options: Partial<ClassifyOptions> = {},
  loadWorld: () => Promise<BspWorld | null> = () => Promise.resolve(null),
): OperatorFunction<GraphEvent, GraphEvent> {
  const o = withDefaults('classify', CLASSIFY_OPTIONS, options);
  return graphInOrder(async (e, emit) => {
    const world = o.confirm ? await loadWorld() : null;
    const r = classifyGraph(e.graph, o, world, e.votes ?? null);
    emit({ kind: 'graph', graph: r.graph, votes: e.votes });
    emit({ kind: 'summary', stage: 'classify', data: r.stats });
  });
}

/** The `classify` stage of pipeline files. */
export const classifyStage = defineStage<ClassifyOptions>({
  meta: {
    name: 'classify',
    description:
      'Node types (water, crouch, ladder, jump, move), checked against the map and moved to where a player can stand (with the BSP), and link types (drops by depth).',
    phase: 'graph',
    needs: ['graph'],
    adds: [],
    removes: [],
    schema: classifyTable.schema,
    defaults: classifyDefaults,
  },
  create: (options, ctx) =>
    classify(options, () =>
      ctx.bsp ? loadMap(ctx.bsp).then((m) => m.world) : Promise.resolve(null),
    ),
});
