/**
 * What a mutation produces: the damaged file and what the harness needs to judge the reader's
 * behaviour on it. Mutators are plain functions of a fixture and a {@link MutationContext}, so
 * that a case is fully determined by (seed, case index).
 */
import type { CaseRandom } from './case-random.js';

export interface MutationContext {
  readonly rnd: CaseRandom;
  /**
   * How many times this (mutation, fixture) pair came up before this case: mutators that sweep
   * positions (block boundaries) use it to visit every position once over enough cases.
   */
  readonly round: number;
  readonly seed: number;
}

export interface DemoMutation {
  /** The damaged file's bytes. */
  readonly bytes: Uint8Array;
  /** `.mvd2` or `.mvd2.gz`. */
  readonly extension: string;
  /** What was done, with offsets (part of the reproducer). */
  readonly description: string;
  /**
   * First byte of the MVD2 stream that differs from the undamaged stream (the cut, for a cut);
   * null when the gzip layer was damaged and the harness must find it by inflating.
   * [Units: bytes]
   */
  readonly damageAt: number | null;
  /**
   * Nothing but a cut: the reader must deliver exactly the frames of the complete blocks, then
   * a TRUNCATED warning (or fail with EMPTY when no block is left), and no other error.
   */
  readonly cutOnly: boolean;
}

export interface NavMutation {
  readonly bytes: Uint8Array;
  readonly description: string;
}

export type DemoMutator<F> = (fixture: F, ctx: MutationContext) => DemoMutation;
export type NavMutator<F> = (fixture: F, ctx: MutationContext) => NavMutation;
