/**
 * A coarse `fill` for tests of the build's machinery (caches, locks, crash safety, damaged
 * demos, demo order and workers): the default stages, with fill on a 128-unit grid and without
 * its demo-link, gap-jump, way-back and water checks. Every stage still runs and writes what it
 * writes (the floor cache too) and the nav is still a whole build's, but a wizs build takes
 * about 3 s instead of 9 s: fill's link checks were most of every build, and what those tests
 * compare (byte-identical navs, cache entries, outputs, exit codes) does not depend on how much
 * of the map fill covers. fill's own results are tested in test/map-analysis/ and on the example
 * pipelines (test/acceptance/map-checks.test.ts).
 */
import type { PipelineSpec } from '../../src/pipeline/pipeline-spec.js';
import { DEFAULT_STAGES } from '../../src/pipeline/builtin-stages.js';

/** fill's options in these tests. */
export const COARSE_FILL = {
  spacing: 128,
  checkDemoLinks: false,
  gapJumps: false,
  returns: false,
  water: false,
} as const;

/** A pipeline file's `stages:` lines: the default stages, fill coarse. */
export function coarseFillStages(): string[] {
  const fill = Object.entries(COARSE_FILL)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
  return [
    'stages:',
    ...DEFAULT_STAGES.map((s) => (s === 'fill' ? `  - fill: { ${fill} }` : `  - ${s}`)),
  ];
}

/** `spec` with its fill stage coarse (a spec without fill is returned as it is). */
export function withCoarseFill(spec: PipelineSpec): PipelineSpec {
  return {
    ...spec,
    stages: spec.stages.map((s) =>
      s.name === 'fill' ? { ...s, options: { ...s.options, ...COARSE_FILL } } : s,
    ),
  };
}
