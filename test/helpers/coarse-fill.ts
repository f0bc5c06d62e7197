/**
 * A coarse `fill` for tests of the build's machinery (caches, locks, crash safety, damaged
 * demos, demo order and workers): the default stages, with fill on a 128-unit grid and without
 * its demo-link, gap-jump, way-back and water checks, and first-hops on a 128-unit grid too.
 * Every stage still runs and writes what it writes (the floor cache too) and the nav is still a
 * whole build's, but a wizs build takes about 3 s instead of 9 s: the map stages' link checks
 * were most of every build, and what those tests compare (byte-identical navs, cache entries,
 * outputs, exit codes) does not depend on how much of the map those stages cover. Their own
 * results are tested in test/map-analysis/ and on the example pipelines
 * (test/acceptance/map-checks.test.ts).
 */
import type { PipelineSpec } from '../../src/pipeline/pipeline-spec.js';
import { DEFAULT_STAGES } from '../../src/pipeline/builtin-stages.js';

/** The options of the map stages in these tests, by stage. */
export const COARSE_STAGES: Readonly<Record<string, Readonly<Record<string, number | boolean>>>> = {
  fill: { spacing: 128, checkDemoLinks: false, gapJumps: false, returns: false, water: false },
  'first-hops': { spacing: 128 },
};

/** A pipeline file's `stages:` lines: the default stages, the map stages coarse. */
export function coarseFillStages(): string[] {
  return [
    'stages:',
    ...DEFAULT_STAGES.map((s) => {
      const o = COARSE_STAGES[s];
      if (!o) return `  - ${s}`;
      const text = Object.entries(o)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ');
      return `  - ${s}: { ${text} }`;
    }),
  ];
}

/** `spec` with its map stages coarse (stages it does not have are not added). */
export function withCoarseFill(spec: PipelineSpec): PipelineSpec {
  return {
    ...spec,
    stages: spec.stages.map((s) =>
      COARSE_STAGES[s.name] ? { ...s, options: { ...s.options, ...COARSE_STAGES[s.name] } } : s,
    ),
  };
}
