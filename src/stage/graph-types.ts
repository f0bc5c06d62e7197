/**
 * The generator's working graph, between clustering and the `.nav` sink: nodes and directed
 * links with the evidence behind them. Node and link types are names from the node-type table
 * (`MOVE`, `WATER`, `STAND_DROP`, …); numbers are only assigned when the `.nav` is written, so
 * a pipeline can renumber them.
 *
 * Post-merge operators (cluster, classify, fill, spawn-points, feedback, connect, …) are
 * `OperatorFunction<GraphEvent, GraphEvent>`: `cluster` turns the merged votes into a graph,
 * the others rewrite the graph.
 */
import type { StageSummary } from './nav-events.js';
import type { ReadonlyVec3 } from '../geometry/vec3.js';
import type { VotePool } from './vote-pool.js';

export interface DraftNode {
  /** [Units: world units; Form: (x, y, z)] */
  readonly origin: ReadonlyVec3;
  /** Node-type name. */
  readonly type: string;
  /** Sum of vote weights. */
  readonly weight: number;
  /** Distinct demos that voted. */
  readonly demos: number;
  readonly votes: number;
  /** Weighted shares of the votes with each feature (airborne: reached through free flight). [Limit: 0..1] */
  readonly underwater: number;
  readonly crouched: number;
  readonly ladder: number;
  readonly airborne: number;
  /** Weighted mean vertical speed. [Units: u/s] */
  readonly vz: number;
  /** Weighted mean horizontal step from the previous waypoint. [Units: world units] */
  readonly dxy: number;
  /** Where the node came from: demo votes, a spawn entity, or the map alone (`fill`). */
  readonly source: 'votes' | 'spawn' | 'map';
}

export interface DraftLink {
  readonly from: number;
  readonly to: number;
  /** Link target-type name: how to move to the target. */
  readonly type: string;
  readonly weight: number;
  readonly demos: number;
  readonly votes: number;
  /** Weighted share of traversals with free flight. [Limit: 0..1] */
  readonly airborne: number;
  /** Weighted mean height the traversals rose above their start (jumps). [Units: world units] */
  readonly rise: number;
  /** Set on links the map alone gave (`fill`), also between two demo nodes. */
  readonly fromMap?: boolean;
  /**
   * Set on a link an admin's edit added (`nav/edits/`): the index of its add-link edit in the
   * edits file. Its `weight` is then above any evidence, so the nav's link limits keep it.
   */
  readonly fromEdit?: number;
}

/** A node the map alone gave (a spawn entity or `fill`): no vote behind it. */
export function nodeWithoutVotes(
  origin: ReadonlyVec3,
  type: string,
  source: 'spawn' | 'map',
): DraftNode {
  return {
    origin,
    type,
    weight: 0,
    demos: 0,
    votes: 0,
    underwater: 0,
    crouched: 0,
    ladder: 0,
    airborne: 0,
    vz: 0,
    dxy: 0,
    source,
  };
}

/** The evidence fields of a link no demo traversed. */
export const NO_LINK_EVIDENCE = Object.freeze({
  weight: 0,
  demos: 0,
  votes: 0,
  airborne: 0,
  rise: 0,
});

export interface DraftGraph {
  readonly nodes: readonly DraftNode[];
  readonly links: readonly DraftLink[];
}

/** What a graph stage's work returns: the graph it made and the numbers of its summary. */
export type GraphStageResult = { graph: DraftGraph; stats: Record<string, unknown> };

export interface VotesEvent {
  readonly kind: 'votes';
  readonly pool: VotePool;
}

export interface GraphReady {
  readonly kind: 'graph';
  readonly graph: DraftGraph;
  /**
   * The merged votes the graph was clustered from, for stages that need evidence clustering
   * sums away (ladder climbs); set by `cluster`, passed on by `classify`.
   */
  readonly votes?: VotePool;
}

export type GraphEvent = VotesEvent | GraphReady | StageSummary;

/** Euclidean distance between two node origins. [Units: world units] */
export function distance(a: readonly number[], b: readonly number[]): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}
