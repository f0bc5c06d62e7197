/**
 * The tester kinds as declared units: the `navtest` section's schema is composed from the kinds'
 * options and the section's own keys, every limit a schema states is the one the resolver
 * enforces (on a pipeline file and on a section built by code alike), the thresholds read the
 * AQtion proposal's values, the match radius is the feedback stage's, and every declared kind
 * has a tester that loads.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePipelineText, resolvePipeline } from '../../src/pipeline/load-pipeline.js';
import { PipelineConfigErrors } from '../../src/pipeline/config-error.js';
import type { PipelineSpec } from '../../src/pipeline/pipeline-spec.js';
import { BUILTIN_STAGES } from '../../src/pipeline/builtin-stages.js';
import { pipelineFileSchema } from '../../src/pipeline/pipeline-schema.js';
import { NAVTEST_PASS_THRESHOLDS } from '../../src/navtest/offline-report.js';
import { NAVTEST_SECTION_OPTIONS, navtestSchema } from '../../src/pipeline/navtest-section.js';
import type { TesterKind } from '../../src/testers/tester-kind.js';
import { TESTER_KINDS as DECLARED, testerKindNamed } from '../../src/testers/tester-kinds.js';
import { resolveNavtestConfig } from '../../src/iterate/navtest-config.js';
import { buildNodeTypeTable } from '../../src/nav/node-types.js';
import type { JsonSchema } from '../../src/stage/stage.js';

const KINDS: readonly TesterKind[] = DECLARED;
const dir = mkdtempSync(join(tmpdir(), 'navgen-tester-kinds-'));
const file = join(dir, 'wizs.yaml');
const head = `map: wizs\nbsp: maps/wizs.bsp\ndemos: []\noutput: { nav: out/wizs.nav }\n`;

/** The smallest section each kind accepts. */
const MINIMAL: Record<string, Record<string, unknown>> = {
  command: { command: ['q2proded', '+map', '{map}'] },
  builtin: { tester: 'builtin' },
  engine: { tester: 'engine', engine: 'aq2' },
};

/** The messages a resolve gives, [] when it accepts. */
function problemsOf(run: () => unknown): string[] {
  try {
    run();
    return [];
  } catch (e) {
    if (e instanceof PipelineConfigErrors) return e.errors.map((x) => x.message);
    throw e;
  }
}

async function problemsLoading(section: Record<string, unknown>): Promise<string[]> {
  const src = parsePipelineText(`${head}navtest: ${JSON.stringify(section)}\n`, file);
  try {
    resolveNavtestConfig(await resolvePipeline(src), src.locate);
    return [];
  } catch (e) {
    if (e instanceof PipelineConfigErrors) return e.errors.map((x) => x.message);
    throw e;
  }
}

/** A number option's edge cases from its schema: values it must take and values it must refuse. */
function edges(s: JsonSchema): { take: number[]; refuse: number[] } {
  const integer = s.type === 'integer';
  const step = integer ? 1 : 0.001;
  const take: number[] = [];
  const refuse: number[] = [];
  if (typeof s.minimum === 'number') {
    take.push(s.minimum);
    refuse.push(s.minimum - step);
  }
  if (typeof s.maximum === 'number') {
    take.push(s.maximum);
    refuse.push(s.maximum + step);
  }
  if (typeof s.exclusiveMinimum === 'number') {
    refuse.push(s.exclusiveMinimum);
    take.push(s.exclusiveMinimum + step);
  }
  if (integer) refuse.push((take[0] ?? 1) + 0.5);
  return { take, refuse };
}

/** Every number option with a limit: its key path below `navtest`, its schema, a kind that reads it. */
function limitedOptions(): { path: string[]; schema: JsonSchema; kind: string }[] {
  const out: { path: string[]; schema: JsonSchema; kind: string }[] = [];
  const visit = (path: string[], s: JsonSchema, kind: string) => {
    if (s.type === 'object' && s.properties) {
      for (const [k, sub] of Object.entries(s.properties as Record<string, JsonSchema>))
        visit([...path, k], sub, kind);
    } else if (s.type === 'number' || s.type === 'integer') out.push({ path, schema: s, kind });
  };
  for (const k of KINDS)
    for (const [key, row] of Object.entries(k.meta.options)) visit([key], row.schema, k.meta.name);
  for (const [key, row] of Object.entries(NAVTEST_SECTION_OPTIONS))
    visit([key], row.schema, 'command');
  return out;
}

function withValue(kind: string, path: string[], value: number): Record<string, unknown> {
  const section: Record<string, unknown> = { ...MINIMAL[kind] };
  if (path.length === 1) section[path[0]] = value;
  else section[path[0]] = { [path[1]]: value };
  return section;
}

describe('tester kinds', () => {
  let spec: PipelineSpec;
  beforeAll(async () => {
    spec = await resolvePipeline(parsePipelineText(`${head}navtest: { tester: builtin }\n`, file));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("the navtest schema is the kinds' options and the section's own keys, each once", () => {
    const props = navtestSchema.properties as Record<string, JsonSchema>;
    const declared = [
      'tester',
      ...KINDS.flatMap((k) => Object.keys(k.meta.options)),
      ...Object.keys(NAVTEST_SECTION_OPTIONS),
    ];
    expect(Object.keys(props)).toEqual(declared);
    for (const k of KINDS)
      for (const [key, row] of Object.entries(k.meta.options)) {
        const { description, ...rest } = props[key];
        const { description: own, ...ownRest } = row.schema;
        expect(rest, key).toEqual(ownRest);
        expect(description).toContain(`tester: ${k.meta.name} — ${String(own)}`);
        if (typeof row.default === 'number') expect(description).toContain(`${row.default}`);
      }
    expect((props.tester.enum as string[]).sort()).toEqual(KINDS.map((k) => k.meta.name).sort());
    const file = pipelineFileSchema(BUILTIN_STAGES) as { properties: { navtest: unknown } };
    expect(file.properties.navtest).toBe(navtestSchema);
  });

  it('every limit the schema states is what the resolver enforces, on a file and on code', async () => {
    const cases = limitedOptions();
    expect(cases.map((c) => c.path.join('.'))).toEqual(
      expect.arrayContaining(['bots', 'seconds', 'runs', 'timeout', 'maxIterations']),
    );
    for (const { path, schema, kind } of cases) {
      const { take, refuse } = edges(schema);
      expect(take.length + refuse.length, path.join('.')).toBeGreaterThan(0);
      const label = `navtest.${path.join('.')}`;
      for (const v of take) {
        const section = withValue(kind, path, v);
        const byCode = problemsOf(() => resolveNavtestConfig({ ...spec, navtest: section }));
        expect(byCode, `${label} = ${v}`).toEqual([]);
        expect(await problemsLoading(section), `${label} = ${v} in a file`).toEqual([]);
      }
      for (const v of refuse) {
        const section = withValue(kind, path, v);
        const byCode = problemsOf(() => resolveNavtestConfig({ ...spec, navtest: section }));
        expect(byCode, `${label} = ${v}`).toEqual([expect.stringContaining(`${label}: must be`)]);
        const byFile = await problemsLoading(section);
        expect(byFile, `${label} = ${v} in a file`).toEqual([
          expect.stringContaining(`${label}: must be`),
        ]);
      }
    }
  });

  it('an option at its limit reaches the kind’s config', () => {
    const c = resolveNavtestConfig({
      ...spec,
      navtest: { ...MINIMAL.engine, bots: 15, seconds: 10, runs: 16 },
    });
    expect(c.testerConfig).toMatchObject({ bots: 15, seconds: 10, runs: 16 });
  });

  it('a section built by code is checked as a file is: unknown keys with a suggestion, types', async () => {
    const section = { command: 'q2proded', timout: 5, env: 3, thresholds: { minCoverag: 1 } };
    const fromKey = (m: string) => m.slice(m.indexOf('navtest.'));
    const byCode = problemsOf(() => resolveNavtestConfig({ ...spec, navtest: section }));
    expect(byCode.map(fromKey)).toEqual([
      'navtest.timout: unknown key "timout"; did you mean "timeout"?',
      'navtest.env: must be object',
      'navtest.thresholds.minCoverag: unknown key "minCoverag"; did you mean "minCoverage"?',
    ]);
    expect((await problemsLoading(section)).map(fromKey).sort()).toEqual(
      byCode.map(fromKey).sort(),
    );
  });

  it("the thresholds' descriptions give the AQtion proposal's values, for each of them", () => {
    const t = (navtestSchema.properties as Record<string, JsonSchema>).thresholds;
    const props = t.properties as Record<string, JsonSchema>;
    expect(Object.keys(props).sort()).toEqual(Object.keys(NAVTEST_PASS_THRESHOLDS).sort());
    for (const [k, v] of Object.entries(NAVTEST_PASS_THRESHOLDS)) {
      const shown = /\[([\d.]+)\]/.exec(String(props[k].description));
      expect(Number(shown?.[1]), k).toBe(v);
    }
  });

  it("the match radius is the feedback stage's: its option, else its default", () => {
    const feedback = BUILTIN_STAGES.get('feedback')!;
    const stages = spec.stages.map((s) => (s.name === 'feedback' ? { ...s, options: {} } : s));
    const c = resolveNavtestConfig({ ...spec, stages });
    expect(c.matchRadius).toBe((feedback.meta.defaults as { matchRadius: number }).matchRadius);
  });

  it('every kind creates its tester from the config its own resolve made', async () => {
    for (const k of KINDS) {
      expect(testerKindNamed(k.meta.name)).toBe(k);
      const src = parsePipelineText(
        `${head}navtest: ${JSON.stringify(MINIMAL[k.meta.name])}\n`,
        file,
      );
      const pipeline = await resolvePipeline(src);
      const config = resolveNavtestConfig(pipeline, src.locate);
      const tester = k.create(config.testerConfig, {
        map: pipeline.map,
        bsp: config.bsp,
        workDir: config.workDir,
        nodeTypes: buildNodeTypeTable(pipeline.nodeTypes),
        workers: 1,
        say: () => undefined,
      });
      expect(tester.name, k.meta.name).not.toBe('');
      expect(typeof tester.test, k.meta.name).toBe('function');
    }
    expect(testerKindNamed('nope')).toBeUndefined();
  });
});
