/**
 * The events that flow through a navgen pipeline.
 *
 * Every operator is an `OperatorFunction<NavEvent, NavEvent>`: it acts on the kinds it knows
 * and forwards every other kind untouched, in order. That is what lets user plugins sit
 * anywhere in a pipeline; which kinds a stage needs and makes is declared in its `meta`
 * (see `src/stage/stage.ts`) and checked before anything runs.
 *
 * Per demo (in a worker):
 * ```
 * DemoEvent ──map-filter──▶ DemoEvent ──gate──▶ Sample + RunEnd ──death-weight──▶ (re-weighted)
 *   ──downsample──▶ Waypoint + RunEnd ──speed-filter──▶ (links cut) + StrafeTrace ──vote──▶ NodeVote + LinkVote
 * ```
 * Stages also emit a {@link StageSummary} when their input completes (counts for the report).
 *
 * All of these are plain data.
 */
import type { DemoEvent, Frame } from '../sources/demo/events.js';
import type { ReadonlyVec3 } from '../geometry/vec3.js';

export type { DemoEvent, Frame };

/** Why a run (a stretch of uninterrupted live movement of one player) ended. */
export type RunEndReason =
  /** pm_type became DEAD. */
  | 'death'
  /** Spectator, gib, freeze, or a slot that left the game. */
  | 'not-playing'
  /** EV_PLAYER_TELEPORT on the player's entity: no walking link may cross it. */
  | 'teleport'
  /** A position jump no player can make in one frame. */
  | 'impossible-step'
  /** The segment (map) or the demo ended. */
  | 'end';

/** One accepted player position: a PM_NORMAL frame of a real player (never the MVD dummy). */
export interface Sample {
  readonly kind: 'sample';
  readonly segment: number;
  readonly slot: number;
  /** Run number, unique within (segment, slot). */
  readonly run: number;
  /** Frame index within the segment. */
  readonly frame: number;
  /** [Units: s] */
  readonly time: number;
  /** [Units: world units; Form: (x, y, z)] */
  readonly origin: ReadonlyVec3;
  /** Vote weight; 1 unless a later stage lowers it. [Limit: 0..1] */
  readonly weight: number;
  /** Vertical speed from the previous frame of the run (0 at its start). [Units: u/s] */
  readonly vz: number;
  /** Vertical acceleration from the two previous frames (0 when unknown). [Units: u/s²] */
  readonly az: number;
  /** Horizontal speed from the previous frame. [Units: u/s] */
  readonly hspeed: number;
  /** viewoffset z below the crouch threshold. */
  readonly crouched: boolean;
  /** rdflags has RDF_UNDERWATER. */
  readonly underwater: boolean;
  /** Entity event of this frame (EV_*), 0 if none. */
  readonly event: number;
  readonly health: number;
}

/** The end of a run. Carries what the terminating frame said, for death classification. */
export interface RunEnd {
  readonly kind: 'run-end';
  readonly segment: number;
  readonly slot: number;
  readonly run: number;
  /** Frame that ended the run (the first frame not in it). */
  readonly frame: number;
  readonly reason: RunEndReason;
  /** Event on the player's entity in the terminating frame. */
  readonly event: number;
  /** Cause given by death-weight for deaths; null until classified or for other reasons. */
  readonly cause: DeathCause | null;
}

export type DeathCause = 'fall' | 'drown' | 'combat';

/**
 * A downsampled sample: one per `spacing` units of path in a run, with what happened along
 * the stretch since the previous waypoint (its "span").
 */
export interface Waypoint {
  readonly kind: 'waypoint';
  readonly segment: number;
  readonly slot: number;
  readonly run: number;
  readonly frame: number;
  /** [Units: s] */
  readonly time: number;
  /** [Units: world units; Form: (x, y, z)] */
  readonly origin: ReadonlyVec3;
  /** Mean weight of the frames of the span. [Limit: 0..1] */
  readonly weight: number;
  /** Vertical speed at the waypoint. [Units: u/s] */
  readonly vz: number;
  /** Horizontal distance from the previous waypoint (0 for a run's first). [Units: world units] */
  readonly dxy: number;
  /** Height change from the previous waypoint. [Units: world units] */
  readonly dz: number;
  /** Time since the previous waypoint. [Units: s] */
  readonly dt: number;
  readonly crouched: boolean;
  readonly underwater: boolean;
  /** EV_LADDER_STEP seen in the span, or the span looked like climbing (steady vertical motion, no gravity). */
  readonly ladder: boolean;
  /** Part of the span was in free flight (vertical acceleration ≈ -gravity): a jump or a drop. */
  readonly airborne: boolean;
  /** Highest point of the span above the previous waypoint (how far a jump rose). [Units: world units] */
  readonly rise: number;
  /** The waypoint's own frame is in free flight (its height is not a standing height). */
  readonly flying: boolean;
  /** False when no link may be made from the previous waypoint (set by speed-filter). */
  readonly linkFromPrevious: boolean;
  /**
   * Positions of the frames of the span, oldest first, ending with this waypoint.
   * [Units: world units, s; Form: (x, y, z, t) × frames]
   */
  readonly path: readonly number[];
}

/** A high-speed traversal taken out of the link votes (kept for strafe-jump training). */
export interface StrafeTrace {
  readonly kind: 'strafe-trace';
  readonly segment: number;
  readonly slot: number;
  readonly run: number;
  /** [Units: world units; Form: (x, y, z)] */
  readonly from: ReadonlyVec3;
  readonly to: ReadonlyVec3;
  /** Horizontal speed of the pair. [Units: u/s] */
  readonly speed: number;
  /** [Units: s] */
  readonly dt: number;
  /** Frames between and including the two waypoints. [Form: (x, y, z, t) × frames] */
  readonly path: readonly number[];
}

/** Bit flags of a node vote's features. */
export const VOTE_UNDERWATER = 1;
export const VOTE_CROUCHED = 2;
export const VOTE_LADDER = 4;
/** The vote's position was reached through free flight (a jump or drop landed there). */
export const VOTE_AIRBORNE = 8;

/** A vote for a node at a position. */
export interface NodeVote {
  readonly kind: 'node-vote';
  /** 0-based index of this vote within its demo (link votes refer to it). */
  readonly index: number;
  /** [Units: world units; Form: (x, y, z)] */
  readonly origin: ReadonlyVec3;
  readonly weight: number;
  /** [Units: u/s] */
  readonly vz: number;
  /** [Units: world units] */
  readonly dxy: number;
  /** VOTE_* bits. */
  readonly flags: number;
}

/** A directed vote for a link between two node votes of the same demo. */
export interface LinkVote {
  readonly kind: 'link-vote';
  readonly from: number;
  readonly to: number;
  readonly weight: number;
  /** The traversal had free flight (a drop or a jump). */
  readonly airborne: boolean;
  /** How far above its start the traversal rose (a jump's height). [Units: world units] */
  readonly rise: number;
}

/** Counts a stage reports when its input completes. Plain JSON data. */
export interface StageSummary {
  readonly kind: 'summary';
  readonly stage: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/** Everything that can flow through a per-demo pipeline. */
export type NavEvent =
  DemoEvent | Sample | RunEnd | Waypoint | StrafeTrace | NodeVote | LinkVote | StageSummary;

export type NavEventKind = NavEvent['kind'];
