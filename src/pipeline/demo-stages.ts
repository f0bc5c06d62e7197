/**
 * The built-in stages of the per-demo phase, apart from the graph stages: what a build worker
 * thread registers. A worker runs only these (and plugins' stages), so it does not load the
 * graph stages and the map analysis behind them (see test/cli/lazy-commands.test.ts).
 */
import { deathWeightStage } from '../operators/death-weight.js';
import { downsampleStage } from '../operators/downsample.js';
import { gateStage } from '../operators/gate.js';
import { mapFilterStage } from '../operators/map-filter.js';
import { speedFilterStage } from '../operators/speed-filter.js';
import { voteStage } from '../operators/vote.js';
import type { StageDefinition } from '../stage/stage.js';

export const DEMO_PHASE_STAGES: readonly StageDefinition<never>[] = [
  mapFilterStage,
  gateStage,
  deathWeightStage,
  downsampleStage,
  speedFilterStage,
  voteStage,
] as unknown as StageDefinition<never>[];
