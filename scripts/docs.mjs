// `npm run docs`: regenerates the stage table of docs/pipelines.md and docs/pipeline.schema.json from the code.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const load = (p) => import(pathToFileURL(join(root, 'dist', p)).href);
const { BUILTIN_STAGES } = await load('pipeline/builtin-stages.js');
const { stageTable, withStageTable } = await load('pipeline/stage-table.js');
const { pipelineFileSchema } = await load('pipeline/pipeline-schema.js');
const pipelines = join(root, 'docs', 'pipelines.md');
writeFileSync(
  pipelines,
  withStageTable(readFileSync(pipelines, 'utf8'), stageTable(BUILTIN_STAGES)),
);
writeFileSync(
  join(root, 'docs', 'pipeline.schema.json'),
  JSON.stringify(pipelineFileSchema(BUILTIN_STAGES), null, 2) + '\n',
);
console.log('docs/pipelines.md stage table and docs/pipeline.schema.json updated');
