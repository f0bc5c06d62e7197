/**
 * Shared settings travel by contract: the option a pipeline gives the stage that owns a setting
 * (cluster's radius, feedback's matchRadius, fill's brinkClearance and maxDrop) is what every
 * stage and sink that reads it gets, through the build's stage context; a pipeline that sets
 * none gives the owners' defaults. The recipes of `connect` and `first-hops` are replaced by
 * stubs that keep what they were given (and the map by nothing): their own tests check what
 * they do with it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { from, lastValueFrom, toArray } from 'rxjs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPipelineFile } from '../../src/pipeline/load-pipeline.js';
import { stageContext, workerSetup } from '../../src/pipeline/build.js';
import { resolveNavtestConfig } from '../../src/iterate/navtest-config.js';
import { graphStages, type PipelineSpec } from '../../src/pipeline/pipeline-spec.js';
import { BUILTIN_STAGES, pipelineSharedSettings } from '../../src/pipeline/builtin-stages.js';
import { sharedSettings } from '../../src/stage/shared-settings.js';
import type { GraphEvent, DraftGraph } from '../../src/stage/graph-types.js';
import type { GraphOperator, StageContext } from '../../src/stage/stage.js';
import { connectGraphSteps } from '../../src/map-analysis/connect-graph.js';
import { firstHopsGraphSteps } from '../../src/map-analysis/first-hops-graph.js';
import { clusterDefaults } from '../../src/operators/cluster.js';
import { feedbackDefaults } from '../../src/operators/feedback.js';
import { fillDefaults } from '../../src/operators/fill.js';
import { nav3Sink } from '../../src/sinks/nav3/sink.js';
import { readNav3File } from '../../src/nav/formats/nav3/read.js';
import { defaultNodeTypes } from '../../src/nav/node-types.js';
import { smallNav } from '../helpers/small-nav.js';

vi.mock('../../src/map-analysis/connect-graph.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  // eslint-disable-next-line require-yield
  connectGraphSteps: vi.fn(function* (g: DraftGraph) {
    return { graph: g, stats: {} };
  }),
}));
vi.mock('../../src/map-analysis/first-hops-graph.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  // eslint-disable-next-line require-yield
  firstHopsGraphSteps: vi.fn(function* (g: DraftGraph) {
    return { graph: g, stats: {} };
  }),
}));
vi.mock('../../src/map-analysis/map-source.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  loadMap: vi.fn(async () => ({ world: {}, entities: [] })),
  loadCollision: vi.fn(async () => ({})),
}));
vi.mock('../../src/map-analysis/walkable-floor.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  walkableFloor: vi.fn(async () => ({ floor: {}, cached: true })),
}));

const SET = { clusterRadius: 40, matchRadius: 64, brinkClearance: 24, maxDrop: 150 };

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'navgen-shared-'));
  writeFileSync(join(dir, 'map.bsp'), '');
});

async function pipeline(name: string, stages: string): Promise<PipelineSpec> {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(
    file,
    `map: wizs\nbsp: map.bsp\ndemos: []\noutput: { nav: ${name}.nav }\ncache: false\nstages:\n${stages}`,
  );
  return loadPipelineFile(file);
}

/** The pipeline's stage `name`, made in the build's context, on an empty graph. */
async function runStage(spec: PipelineSpec, name: string): Promise<void> {
  const ctx: StageContext = stageContext(spec, () => undefined);
  const s = graphStages(spec).find((s) => s.name === name)!;
  const graph: DraftGraph = { nodes: [], links: [] };
  await lastValueFrom(
    from<GraphEvent[]>([{ kind: 'graph', graph }]).pipe(
      s.definition.create(s.options as never, ctx) as GraphOperator,
      toArray(),
    ),
  );
}

const DEMO_STAGES = ['map-filter', 'gate', 'death-weight', 'downsample', 'speed-filter', 'vote']
  .map((s) => `  - ${s}\n`)
  .join('');

const listed =
  DEMO_STAGES +
  [
    `  - cluster: { radius: ${SET.clusterRadius} }`,
    '  - classify',
    `  - fill: { brinkClearance: ${SET.brinkClearance}, maxDrop: ${SET.maxDrop} }`,
    `  - feedback: { matchRadius: ${SET.matchRadius} }`,
    '  - connect',
    '  - first-hops',
    '',
  ].join('\n');

describe('shared settings', () => {
  it('come from the options of the stages that own them, else from their defaults', async () => {
    const set = await pipeline('set', listed);
    expect(pipelineSharedSettings(set.stages)).toEqual(SET);
    expect(stageContext(set, () => undefined).shared).toEqual(SET);
    const unset = await pipeline('unset', `${DEMO_STAGES}  - cluster\n`);
    expect(pipelineSharedSettings(unset.stages)).toEqual({
      clusterRadius: clusterDefaults.radius,
      matchRadius: feedbackDefaults.matchRadius,
      brinkClearance: fillDefaults.brinkClearance,
      maxDrop: fillDefaults.maxDrop,
    });
  });

  it('reach the demo workers too, without changing what their cache entries are keyed by', async () => {
    const set = await workerSetup(await pipeline('worker-set', listed));
    const unset = await workerSetup(await pipeline('worker-unset', `${DEMO_STAGES}  - cluster\n`));
    expect(set.shared).toEqual(SET);
    // Same demo stages: the same cached votes, whatever the graph stages that own a setting say.
    expect(set.configHash).toBe(unset.configHash);
    // But operators of their own in a worker, made with their own settings.
    expect(set.key).not.toBe(unset.key);
  });

  it('navgen iterate matches failures with the same match radius', async () => {
    const spec = await pipeline('iterate', listed);
    expect(resolveNavtestConfig({ ...spec, navtest: { tester: 'builtin' } }).matchRadius).toBe(
      SET.matchRadius,
    );
  });

  it('every setting has an owner among the built-in stages', () => {
    expect(() => sharedSettings([], BUILTIN_STAGES.values())).not.toThrow();
    expect(() => sharedSettings([], [])).toThrow(/no stage shares the setting clusterRadius/);
  });

  it('first-hops gets fill\u2019s brink rule and feedback\u2019s match radius', async () => {
    vi.mocked(firstHopsGraphSteps).mockClear();
    await runStage(await pipeline('first-hops', listed), 'first-hops');
    expect(firstHopsGraphSteps).toHaveBeenCalledTimes(1);
    expect(vi.mocked(firstHopsGraphSteps).mock.calls[0][2]).toMatchObject({
      brinkClearance: SET.brinkClearance,
      maxDrop: SET.maxDrop,
      matchRadius: SET.matchRadius,
    });
  });

  it('connect gets feedback\u2019s match radius, unless it sets its own', async () => {
    vi.mocked(connectGraphSteps).mockClear();
    await runStage(await pipeline('connect', listed), 'connect');
    expect(vi.mocked(connectGraphSteps).mock.calls[0][3].matchRadius).toBe(SET.matchRadius);
    const own = await pipeline(
      'connect-own',
      listed.replace('  - connect\n', '  - connect: { matchRadius: 30 }\n'),
    );
    await runStage(own, 'connect');
    expect(vi.mocked(connectGraphSteps).mock.calls[1][3].matchRadius).toBe(30);
  });

  it('the NAV3 sink sizes its nodes by the pipeline\u2019s cluster radius', async () => {
    const nav = smallNav(
      [
        [0, 0, 24],
        [500, 0, 24],
      ],
      [[0, 1, defaultNodeTypes.MOVE]],
    );
    const radii = async (spec: PipelineSpec) => {
      const path = `${spec.output.nav}.nav3`;
      await nav3Sink.write(path, {
        map: 'wizs',
        bsp: null,
        nav,
        nodeTypes: defaultNodeTypes,
        shared: stageContext(spec, () => undefined).shared,
      });
      return (await readNav3File(path)).nav.nodes.map((n) => n.radius);
    };
    // Half the cluster radius (the nodes are far apart).
    expect(await radii(await pipeline('nav3', listed))).toEqual([20, 20]);
    expect(await radii(await pipeline('nav3-default', `${DEMO_STAGES}  - cluster\n`))).toEqual([
      clusterDefaults.radius / 2,
      clusterDefaults.radius / 2,
    ]);
  });
});
