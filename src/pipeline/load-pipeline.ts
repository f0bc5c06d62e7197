/**
 * Reading a pipeline file: parse (YAML or JSON), validate the structure against the pipeline
 * schema, load plugins, validate every stage's options against that stage's schema, merge
 * defaults, check that the stages can run in the given order, and resolve paths — all before
 * a single demo is opened. Every problem names the file, line, column and key.
 *
 * Config flow (docs/style.md, "Configuration"): parse → merge defaults → validate → convert once → build.
 */
import { readTextWithin } from '../files/read-within.js';
import { dirname, join, resolve } from 'node:path';
import fg from 'fast-glob';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { LineCounter, parseDocument, isMap, isSeq, type Document } from 'yaml';
import { buildNodeTypeTable, NodeTypeTableError } from '../nav/node-types.js';
import {
  BUILTIN_STAGES,
  DEFAULT_STAGES,
  DEMO_RESULT_KINDS,
  MERGE_KINDS,
  SOURCE_KINDS,
} from './builtin-stages.js';
import { PipelineConfigError, PipelineConfigErrors, suggest } from './config-error.js';
import { pipelineStructureSchema } from './pipeline-schema.js';
import { absolute } from '../files/absolute-path.js';
import { defaultWorkers, type PipelineSpec, type StageUse } from './pipeline-spec.js';
import { loadPlugin, PluginError, type LoadedPlugin } from './plugins.js';
import type { JsonSchema, StageDefinition } from '../stage/stage.js';
import { userCacheDir } from './user-cache.js';
import { mapFromGame, PipelineGameError, type PipelineGame } from './pipeline-game.js';
import {
  byNavOutput,
  DEFAULT_NAV_SINK,
  NAV_SINKS,
  orList,
  type NavOutputName,
} from '../sinks/nav-sinks.js';

/** The `bsp:` value of a pipeline built from the demos alone, on purpose. */
export const NO_MAP = 'none';

/** What a command's flags put in place of the file's keys (`--game-dir`, `--mod`). */
export interface PipelineOverride {
  readonly gameDir?: string;
  readonly mod?: string;
}

/** Finds the line and column of a key path in the source text, when there is one. */
export type Locate = (
  path: readonly (string | number)[],
) => { line: number; column: number } | null;

/** The raw content of a pipeline file after parsing (not yet validated). */
export interface PipelineSource {
  readonly file: string;
  readonly baseDir: string;
  readonly data: unknown;
  readonly locate: Locate;
}

const ajv = new Ajv2020({ allErrors: true, strict: false });
const structureValidators = new WeakMap<
  ReadonlyMap<string, StageDefinition<never>>,
  ValidateFunction
>();
const optionValidators = new WeakMap<object, ValidateFunction>();

export function parsePipelineText(text: string, file: string): PipelineSource {
  const lineCounter = new LineCounter();
  const doc: Document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    throw new PipelineConfigErrors(
      doc.errors.map((e) => {
        const pos = lineCounter.linePos(e.pos[0]);
        return new PipelineConfigError(file, '', e.message.split('\n')[0], pos.line, pos.col);
      }),
    );
  }
  const locate: Locate = (path) => {
    // The deepest node that exists on the path (a missing key is reported at its parent).
    for (let n = path.length; n >= 0; n--) {
      const node = doc.getIn(path.slice(0, n), true) as
        { range?: [number, number, number] } | undefined;
      const keyNode = n > 0 ? findKeyNode(doc, path.slice(0, n)) : null;
      const range = keyNode?.range ?? node?.range;
      if (range) {
        const pos = lineCounter.linePos(range[0]);
        return { line: pos.line, column: pos.col };
      }
    }
    return null;
  };
  // Aliases resolve only here: one without its anchor, or more than the YAML library allows
  // (an alias bomb), throws the library's ReferenceError; said as the file's error instead.
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    throw new PipelineConfigErrors([
      new PipelineConfigError(
        file,
        '',
        `YAML aliases: ${(e as Error).message.split('\n')[0]}`,
        null,
        null,
        {
          cause: e,
        },
      ),
    ]);
  }
  return { file, baseDir: dirname(resolve(file)), data, locate };
}

/** Aliases a pipeline file may expand (the YAML library's default): more is an alias bomb. */
const MAX_ALIAS_COUNT = 100;

/** The key node of the last path element (so errors point at `maxSpeed:`, not its value). */
function findKeyNode(
  doc: Document,
  path: readonly (string | number)[],
): { range?: [number, number, number] } | null {
  const parent = doc.getIn(path.slice(0, -1), true);
  const last = path[path.length - 1];
  if (isMap(parent)) {
    const pair = parent.items.find((p) => (p.key as { value?: unknown })?.value === last);
    return (pair?.key as { range?: [number, number, number] }) ?? null;
  }
  if (isSeq(parent) && typeof last === 'number')
    return (parent.items[last] as { range?: [number, number, number] }) ?? null;
  return null;
}

export async function readPipelineSource(path: string): Promise<PipelineSource> {
  let text: string;
  try {
    text = await readTextWithin(path);
  } catch (e) {
    throw new PipelineConfigError(
      path,
      '',
      `cannot read the pipeline file: ${(e as Error).message}`,
    );
  }
  return parsePipelineText(text, path);
}

function pathString(path: readonly (string | number)[]): string {
  return path.reduce<string>(
    (s, k) => (typeof k === 'number' ? `${s}[${k}]` : s ? `${s}.${k}` : k),
    '',
  );
}

function ajvPath(instancePath: string): (string | number)[] {
  if (!instancePath) return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((k) => (/^\d+$/.test(k) ? Number(k) : k));
}

/** Ajv errors as pipeline errors: one per problem, with a suggestion for unknown keys. */
function ajvErrors(
  errors: readonly ErrorObject[],
  src: PipelineSource,
  prefix: (string | number)[],
  label: (path: (string | number)[]) => { label: string; subject: string },
  schemaOf: (path: (string | number)[]) => JsonSchema | null,
): PipelineConfigError[] {
  const out: PipelineConfigError[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    // oneOf/anyOf summaries repeat what their branches said.
    if (e.keyword === 'oneOf' || e.keyword === 'anyOf' || e.keyword === 'if') continue;
    let path = [...prefix, ...ajvPath(e.instancePath)];
    let reason = e.message ?? 'is invalid';
    if (e.keyword === 'additionalProperties') {
      const key = (e.params as { additionalProperty: string }).additionalProperty;
      const props = Object.keys(
        ((schemaOf(ajvPath(e.instancePath)) ?? {}) as { properties?: object }).properties ?? {},
      );
      const hint = suggest(key, props);
      path = [...path, key];
      reason = `unknown key "${key}"${hint ? `; did you mean "${hint}"?` : props.length ? `; expected one of ${props.join(', ')}` : ''}`;
    } else if (e.keyword === 'required') {
      const key = (e.params as { missingProperty: string }).missingProperty;
      reason = `"${key}" is required`;
    } else if (e.keyword === 'type') {
      reason = `must be ${(e.params as { type: string }).type}`;
    } else if (e.keyword === 'enum') {
      reason = `must be one of ${((e.params as { allowedValues: unknown[] }).allowedValues ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
    } else if (e.keyword === 'const') {
      reason = `must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}`;
    }
    const key = `${pathString(path)}|${reason}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const pos = src.locate(path);
    const { label: where, subject } = label(path);
    // "maxSpeed must be > 0", but "unknown key "x"" (the key is in the sentence already).
    const sentence =
      subject && e.keyword !== 'additionalProperties' ? `${subject} ${reason}` : reason;
    out.push(
      new PipelineConfigError(src.file, where, sentence, pos?.line ?? null, pos?.column ?? null),
    );
  }
  return out;
}

/** Schema of the options object at a path inside a stage schema (for unknown-key hints). */
function subSchema(schema: JsonSchema, path: readonly (string | number)[]): JsonSchema | null {
  let s: JsonSchema | undefined = schema;
  for (const k of path) {
    if (!s) return null;
    if (typeof k === 'number') s = (s as { items?: JsonSchema }).items;
    else s = ((s as { properties?: Record<string, JsonSchema> }).properties ?? {})[k];
  }
  return s ?? null;
}

interface RawPipeline {
  map: string;
  bsp?: string;
  game?: string;
  mod?: string;
  demos: string | string[];
  output?: { [K in NavOutputName]?: string } & {
    strafeTraces?: string;
    report?: string;
    html?: string | false;
  };
  feedback?: string | { file: string; nav?: string };
  edits?: string;
  cache?: string | false;
  workers?: number | 'auto';
  plugins?: string[];
  nodeTypes?: Record<string, number>;
  damaged?: 'quarantine' | 'keep-prefix';
  stages?: (string | Record<string, unknown>)[];
  navtest?: Record<string, unknown>;
}

/** A problem at a key path of the file, as the error that names its line and column. */
type Fail = (path: (string | number)[], reason: string, label?: string) => PipelineConfigError;

/**
 * Validates a parsed pipeline and resolves it. `literalDemos`: the demo entries are file names,
 * not glob patterns (the flag form), and are escaped.
 */
export async function resolvePipeline(
  src: PipelineSource,
  literalDemos = false,
  override: PipelineOverride = {},
): Promise<PipelineSpec> {
  const raw = checkStructure(src);
  const fail: Fail = (path, reason, label = pathString(path)) => {
    const pos = src.locate(path);
    return new PipelineConfigError(src.file, label, reason, pos?.line ?? null, pos?.column ?? null);
  };

  // Node types: an unknown name or a clash is a config error.
  try {
    buildNodeTypeTable(raw.nodeTypes ?? {});
  } catch (e) {
    if (e instanceof NodeTypeTableError) throw fail(['nodeTypes'], e.message);
    throw e;
  }

  // Plugins, loaded before stages are resolved: their stages are valid names.
  const plugins = await loadPlugins(raw, src.baseDir, fail);
  const registry = new Map(BUILTIN_STAGES);
  for (const p of plugins) for (const [name, def] of p.stages) registry.set(name, def);
  const stages = resolveStages(raw, src, registry, fail);

  // By default the user's cache folder (user-cache.ts), not beside the file.
  const cache =
    raw.cache === false
      ? null
      : raw.cache === undefined
        ? userCacheDir()
        : absolute(src.baseDir, raw.cache);
  const { bsp, game } = await resolveMap(raw, src.baseDir, override, cache, fail);
  const demos = typeof raw.demos === 'string' ? [raw.demos] : raw.demos;
  const pattern = (d: string): string => {
    const abs = absolute(src.baseDir, d);
    return literalDemos ? fg.escapePath(abs.replace(/\\/g, '/')) : abs.replace(/\\/g, '/');
  };
  return {
    file: literalDemos ? null : resolve(src.file),
    baseDir: src.baseDir,
    map: raw.map,
    bsp,
    game,
    demos: demos.map(pattern),
    output: resolveOutput(raw, src.baseDir, game, fail),
    feedback: resolveFeedback(raw, src.baseDir),
    edits: raw.edits === undefined ? null : absolute(src.baseDir, raw.edits),
    cache,
    workers: raw.workers === undefined || raw.workers === 'auto' ? defaultWorkers() : raw.workers,
    plugins: plugins.map((p) => p.specifier),
    nodeTypes: raw.nodeTypes ?? {},
    damaged: raw.damaged ?? 'quarantine',
    stages,
    navtest: raw.navtest ?? null,
  };
}

/** The file's structure against the pipeline schema (stage options come later, per stage). */
function checkStructure(src: PipelineSource): RawPipeline {
  let validate = structureValidators.get(BUILTIN_STAGES);
  if (!validate) {
    validate = ajv.compile(pipelineStructureSchema(BUILTIN_STAGES));
    structureValidators.set(BUILTIN_STAGES, validate);
  }
  if (!validate(src.data)) {
    const structure = pipelineStructureSchema(BUILTIN_STAGES);
    throw new PipelineConfigErrors(
      ajvErrors(
        validate.errors ?? [],
        src,
        [],
        (p) => ({ label: pathString(p), subject: '' }),
        (p) => subSchema(structure, p),
      ),
    );
  }
  return src.data as RawPipeline;
}

async function loadPlugins(raw: RawPipeline, baseDir: string, fail: Fail): Promise<LoadedPlugin[]> {
  const plugins: LoadedPlugin[] = [];
  for (const [i, spec] of (raw.plugins ?? []).entries()) {
    const specifier = spec.startsWith('.') || spec.startsWith('/') ? absolute(baseDir, spec) : spec;
    try {
      plugins.push(await loadPlugin(specifier));
    } catch (e) {
      if (e instanceof PluginError) throw fail(['plugins', i], e.message);
      throw e;
    }
  }
  return plugins;
}

/** Stages: names, options against each stage's own schema, defaults merged, and order. */
function resolveStages(
  raw: RawPipeline,
  src: PipelineSource,
  registry: ReadonlyMap<string, StageDefinition<never>>,
  fail: Fail,
): StageUse[] {
  const errors: PipelineConfigError[] = [];
  const stages: StageUse[] = [];
  (raw.stages ?? DEFAULT_STAGES).forEach((entry, index) => {
    const name = typeof entry === 'string' ? entry : Object.keys(entry)[0];
    const given = typeof entry === 'string' ? {} : (entry[name] ?? {});
    const path: (string | number)[] = ['stages', index];
    const label = `stages[${index}] ${name}`;
    const def = registry.get(name);
    if (!def) {
      const plain = [...registry.keys()];
      const byOp = plain.find((n) => n.endsWith(`/${name}`));
      const hint = byOp ?? suggest(name, plain);
      errors.push(
        fail(path, `unknown stage "${name}"${hint ? `; did you mean "${hint}"?` : ''}`, label),
      );
      return;
    }
    if (typeof given !== 'object' || given === null || Array.isArray(given)) {
      errors.push(fail([...path, name], 'options must be a mapping (key: value)', label));
      return;
    }
    const schema = def.meta.schema ?? {
      type: 'object',
      additionalProperties: false,
      properties: {},
    };
    let check = optionValidators.get(schema);
    if (!check) {
      try {
        check = ajv.compile(schema);
      } catch (e) {
        errors.push(
          fail(path, `the stage's own schema is invalid: ${(e as Error).message}`, label),
        );
        return;
      }
      optionValidators.set(schema, check);
    }
    if (!check(given)) {
      errors.push(
        ...ajvErrors(
          check.errors ?? [],
          src,
          [...path, name],
          (p) => ({ label, subject: pathString(p.slice(3)) || 'options' }),
          (p) => subSchema(schema, p),
        ),
      );
      return;
    }
    stages.push({
      name,
      phase: def.meta.phase,
      options: { ...(def.meta.defaults as object), ...(given as object) },
      definition: def,
      index,
    });
  });
  if (errors.length > 0) throw new PipelineConfigErrors(errors);
  checkStageOrder(stages, (s, reason) =>
    fail(['stages', s.index], reason, `stages[${s.index}] ${s.name}`),
  );
  return stages;
}

/** The map: a file, the game's (`game:` or --game-dir), or none on purpose. */
async function resolveMap(
  raw: RawPipeline,
  baseDir: string,
  override: PipelineOverride,
  cache: string | null,
  fail: Fail,
): Promise<{ bsp: string | null; game: PipelineGame | null }> {
  const gameDir = override.gameDir ?? (raw.game ? absolute(baseDir, raw.game) : undefined);
  const mod = override.mod ?? raw.mod;
  if (mod !== undefined && gameDir === undefined)
    throw fail(['mod'], 'mod goes with game (the game folder whose mod it names)');
  if (raw.bsp === undefined && gameDir === undefined)
    throw fail(
      [],
      'the pipeline names no map: give bsp: MAP.bsp, or game: GAME-FOLDER to find maps/' +
        `${raw.map}.bsp in the game (loose or in its .pak/.pkz), or bsp: ${NO_MAP} to build from the demos alone (no spawn points, fill or map checks)`,
    );
  const bsp = raw.bsp === undefined || raw.bsp === NO_MAP ? null : absolute(baseDir, raw.bsp);
  if (gameDir === undefined) return { bsp, game: null };
  try {
    const found = await mapFromGame(gameDir, mod, raw.map, cache);
    // A bsp: in the file is the map; the game still says where the nav goes.
    return { bsp: bsp ?? (raw.bsp === NO_MAP ? null : found.bsp), game: found.game };
  } catch (e) {
    if (!(e instanceof PipelineGameError)) throw e;
    throw fail(
      override.gameDir !== undefined ? [] : ['game'],
      `${override.gameDir !== undefined ? '--game-dir: ' : ''}${e.message}`,
    );
  }
}

/** Where each output goes: at least one nav, and the reports never into the game. */
function resolveOutput(
  raw: RawPipeline,
  baseDir: string,
  game: PipelineGame | null,
  fail: Fail,
): PipelineSpec['output'] {
  // At least one nav format, so that a build always writes a nav; with a game and none named,
  // the default format where the game's bots read it (sinks/nav-sinks.ts).
  const output = { ...(raw.output ?? {}) };
  const named = NAV_SINKS.map((s) => output[s.meta.name]).filter((p) => p !== undefined);
  const byDefault = DEFAULT_NAV_SINK.meta.name;
  if (named.length === 0 && game) {
    output[byDefault] = game.navs[byDefault];
    named.push(game.navs[byDefault]);
  }
  const navOutput = named[0];
  if (navOutput === undefined) {
    const formats = NAV_SINKS.map((s) => `${s.meta.name} (${s.meta.format})`);
    throw fail(['output'], `name at least one nav to write: ${orList(formats)}`);
  }
  // Reports never go into the game: beside the pipeline file unless the file says where.
  const reportDir = game && output[byDefault] === game.navs[byDefault] ? baseDir : null;
  return {
    ...byNavOutput((sink) => {
      const path = output[sink.meta.name];
      return path ? absolute(baseDir, path) : null;
    }),
    strafeTraces: output.strafeTraces ? absolute(baseDir, output.strafeTraces) : null,
    report: output.report ? absolute(baseDir, output.report) : null,
    // The HTML report goes beside the JSON report (or the .nav without one) unless the file
    // says otherwise (false: none).
    html:
      output.html === false
        ? null
        : absolute(
            baseDir,
            output.html ??
              join(reportDir ?? dirname(output.report ?? navOutput), `${raw.map}.report.html`),
          ),
  };
}

function resolveFeedback(raw: RawPipeline, baseDir: string): PipelineSpec['feedback'] {
  if (raw.feedback === undefined) return null;
  if (typeof raw.feedback === 'string') return { file: absolute(baseDir, raw.feedback), nav: null };
  return {
    file: absolute(baseDir, raw.feedback.file),
    nav: raw.feedback.nav ? absolute(baseDir, raw.feedback.nav) : null,
  };
}

/**
 * Demo stages first, graph stages after; each stage's needs met by the source or an earlier
 * stage; the demo part must end with votes.
 */
function checkStageOrder(
  stages: readonly StageUse[],
  fail: (s: StageUse, reason: string) => PipelineConfigError,
): void {
  let kinds = new Set(SOURCE_KINDS);
  let phase: 'demo' | 'graph' = 'demo';
  let lastDemo: StageUse | null = null;
  for (const s of stages) {
    if (s.phase === 'demo' && phase === 'graph') {
      throw fail(
        s,
        'a per-demo stage cannot come after a graph stage (cluster and later run once on all demos)',
      );
    }
    if (s.phase === 'graph' && phase === 'demo') {
      const missing = DEMO_RESULT_KINDS.filter((k) => !kinds.has(k));
      if (missing.length)
        throw fail(
          s,
          `the per-demo stages before it produce no ${missing.join(', ')}; add vote before it`,
        );
      phase = 'graph';
      kinds = new Set(MERGE_KINDS);
    }
    const missing = s.definition.meta.needs.filter((k) => !kinds.has(k));
    if (missing.length) {
      const providers = [...BUILTIN_STAGES.values()]
        .filter((d) => missing.some((k) => d.meta.adds.includes(k)))
        .map((d) => d.meta.name);
      throw fail(
        s,
        `needs ${missing.join(', ')}, which no earlier stage produces${providers.length ? ` (add ${providers.join(' or ')} before it)` : ''}`,
      );
    }
    for (const k of s.definition.meta.removes) kinds.delete(k);
    for (const k of s.definition.meta.adds) kinds.add(k);
    if (s.phase === 'demo') lastDemo = s;
  }
  if (phase === 'demo') {
    const s = lastDemo ?? stages[stages.length - 1];
    if (s) throw fail(s, 'the pipeline has no graph stage; add cluster (and classify) after vote');
  }
}

export async function loadPipelineFile(
  path: string,
  override: PipelineOverride = {},
): Promise<PipelineSpec> {
  return resolvePipeline(await readPipelineSource(path), false, override);
}
