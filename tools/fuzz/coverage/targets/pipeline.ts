/**
 * Pipeline files from text (`parsePipelineText`, then `resolvePipeline`: the schema, node
 * types, every stage's options, the stage order, paths), seeded with `pipelines/*.yaml`.
 *
 * Two parts are left out on purpose: `plugins:` (loading a plugin runs the module the file
 * names, by design; plugins have their own tests) is dropped before resolving, and a `game:`
 * folder is replaced by one that does not exist in the work folder, so that a mutated file
 * never searches (or copies maps out of) a real game folder.
 */
import { dirname, join } from 'node:path';
import { PipelineConfigError, PipelineConfigErrors } from '../../../../src/pipeline/config-error.js';
import { parsePipelineText, resolvePipeline } from '../../../../src/pipeline/load-pipeline.js';
import type { FuzzTarget } from '../target.js';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const target: FuzzTarget = {
  name: 'pipeline',
  reader: 'pipeline YAML: parsePipelineText + resolvePipeline (src/pipeline/load-pipeline.ts)',
  seeds: { fixtures: [], repo: ['pipelines/*.yaml'] },
  instrument: [
    'src/pipeline/load-pipeline.ts',
    'src/pipeline/config-error.ts',
    'src/pipeline/pipeline-schema.ts',
    'src/pipeline/pipeline-spec.ts',
    'src/nav/node-types.ts',
  ],
  fileName: 'fuzz.yaml',
  maxBytes: 16 << 10,
  typed: [PipelineConfigError, PipelineConfigErrors],
  dictionary: [
    'map: ', 'bsp: ', 'game: ', 'mod: ', 'demos: ', 'output:', 'nav: ', 'q2rNav: ', 'stages:',
    '  - ', 'cluster', 'vote', 'classify', 'fill', 'connect', 'gate', 'speed-filter', 'nodeTypes:',
    'workers: ', 'auto', 'cache: ', 'false', 'navtest:', 'feedback: ', 'edits: ', 'damaged: ',
    '&a ', '*a', '<<: ', '!!str ', '{', '}', '[', ']', ': ', '\n', '"', "'", '#', '---\n', '...\n',
  ],
  async run(bytes, ctx) {
    const src = parsePipelineText(new TextDecoder().decode(bytes), ctx.file);
    const override: { gameDir?: string } = {};
    if (isRecord(src.data)) {
      delete src.data.plugins;
      if ('game' in src.data) override.gameDir = join(dirname(ctx.file), 'no-game-folder');
    }
    await resolvePipeline(src, false, override);
  },
  checkError(e, _bytes, ctx) {
    const errors = e instanceof PipelineConfigErrors ? e.errors : [e as PipelineConfigError];
    const problems: string[] = [];
    if (errors.length === 0) problems.push('PipelineConfigErrors holds no error');
    for (const err of errors) {
      if (!err.message.startsWith(ctx.file)) problems.push(`"${err.message}" does not start with the file`);
      if (err.line !== null && (!Number.isSafeInteger(err.line) || err.line < 1))
        problems.push(`line ${err.line} is not a line`);
    }
    return problems;
  },
};
