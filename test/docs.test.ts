/** The README's stage table is generated from the stages' meta: it must match the code. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { BUILTIN_STAGES } from '../src/pipeline/builtin-stages.js';
import { stageTable, withStageTable } from '../src/pipeline/stage-table.js';
import { pipelineFileSchema } from '../src/pipeline/pipeline-schema.js';
import { REPO_ROOT } from './helpers/fixtures.js';

it('README stage table is up to date (run npm run docs)', () => {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  expect(withStageTable(readme, stageTable(BUILTIN_STAGES))).toBe(readme);
});

it('docs/pipeline.schema.json is up to date (run npm run docs)', () => {
  const saved = JSON.parse(readFileSync(join(REPO_ROOT, 'docs', 'pipeline.schema.json'), 'utf8'));
  expect(saved).toEqual(JSON.parse(JSON.stringify(pipelineFileSchema(BUILTIN_STAGES))));
});
