/**
 * The stages navgen ships, by name, and the default pipeline (the AQtion proposal's stages 2–6 in
 * order). Plugins add theirs under `plugin/name`.
 */
import { classifyStage } from '../operators/classify.js';
import { clusterStage } from '../operators/cluster.js';
import { connectStage } from '../operators/connect.js';
import { shortLinksStage } from '../operators/short-links.js';
import { feedbackStage } from '../operators/feedback.js';
import { fillStage } from '../operators/fill.js';
import { spawnPointsStage } from '../operators/spawn-points.js';
import { moversStage } from '../operators/movers.js';
import { firstHopsStage } from '../operators/first-hops.js';
import { wedgeLinksStage } from '../operators/wedge-links.js';
import type { SharedSettings, StageDefinition } from '../stage/stage.js';
import { sharedSettings, type ListedStage } from '../stage/shared-settings.js';
import { DEMO_PHASE_STAGES } from './demo-stages.js';

export const BUILTIN_STAGES: ReadonlyMap<string, StageDefinition<never>> = new Map(
  (
    [
      ...DEMO_PHASE_STAGES,
      clusterStage,
      classifyStage,
      fillStage,
      spawnPointsStage,
      moversStage,
      feedbackStage,
      shortLinksStage,
      connectStage,
      firstHopsStage,
      wedgeLinksStage,
    ] as unknown as StageDefinition<never>[]
  ).map((s) => [s.meta.name, s]),
);

/**
 * The shared settings of a pipeline's stages (`stage/shared-settings.ts`): each from the listed
 * stage that owns it, else from the owning built-in stage's default. The build puts them on the
 * stage context and the nav sinks' input; whatever else reads a pipeline's setting of another
 * stage (iterate's match radius) reads it here.
 */
export function pipelineSharedSettings(stages: readonly ListedStage[]): SharedSettings {
  return sharedSettings(stages, BUILTIN_STAGES.values());
}

/** The stages of a pipeline file that lists none. */
export const DEFAULT_STAGES: readonly string[] = [
  'map-filter',
  'gate',
  'death-weight',
  'downsample',
  'speed-filter',
  'vote',
  'cluster',
  'classify',
  'fill',
  'spawn-points',
  'movers',
  'feedback',
  'short-links',
  'connect',
  'first-hops',
  'wedge-links',
];

/** Event kinds the demo source produces (what the first demo stage can need). */
export const SOURCE_KINDS: readonly string[] = [
  'segment',
  'frame',
  'player-name',
  'warning',
  'end',
];
/** What the per-demo part must end with for its votes to be collected. */
export const DEMO_RESULT_KINDS: readonly string[] = ['node-vote'];
/** What the graph phase starts with. */
export const MERGE_KINDS: readonly string[] = ['votes'];
