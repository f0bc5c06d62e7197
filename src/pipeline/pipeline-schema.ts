/**
 * The JSON Schema of pipeline files. `navgen schema` prints it so editors can complete and check
 * `pipelines/*.yaml` (e.g. with `# yaml-language-server: $schema=…`).
 *
 * {@link pipelineFileSchema} checks the structure; each stage's options are checked afterwards
 * against that stage's own schema (also included here for editors), which gives messages that
 * name the stage instead of a wall of `oneOf` failures.
 */
import type { JsonSchema, StageDefinition } from '../stage/stage.js';
import { NODE_TYPE_NAMES } from '../nav/node-types.js';
import { NAV_SINKS } from '../sinks/nav-sinks.js';
import { DEFAULT_TESTER, engineTesterDefaults, TESTER_KIND_META } from './tester-kind-meta.js';

/** Tester kinds that run no `command`. */
const NO_COMMAND_KINDS = TESTER_KIND_META.filter((k) => !k.runsCommand).map((k) => k.name);

const path = (description: string): JsonSchema => ({ type: 'string', minLength: 1, description });

/**
 * The `navtest` section: how `navgen iterate` tests a draft (see `src/iterate/navtest-config.ts`
 * for defaults and placeholders). Paths are relative to the pipeline file.
 *
 * @example
 * navtest:
 *   command: [/games/aq2/q2proded, +set, game, action, +map, '{map}', +set, bot_navtest, '1']
 *   installDir: /games/aq2/action/bots/nav
 *   timeout: 600
 */
export const navtestSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  oneOf: [
    {
      required: ['command'],
      not: { required: ['tester'], properties: { tester: { enum: NO_COMMAND_KINDS } } },
    },
    { required: ['tester'], properties: { tester: { enum: NO_COMMAND_KINDS } } },
  ],
  description:
    'How `navgen iterate` tests a draft nav: a command that runs the bots on it and writes a <map>.navtest.json report. Paths are relative to this file.',
  properties: {
    tester: {
      enum: TESTER_KIND_META.map((k) => k.name),
      description: TESTER_KIND_META.map(
        (k) => `${k.name}${k.name === DEFAULT_TESTER ? ' (default)' : ''}: ${k.summary}`,
      ).join('; '),
    },
    engine: path(
      'tester: engine — an AQtion server install: q2proded and action/ (or game/action/) with the game library.',
    ),
    bots: {
      type: 'integer',
      minimum: 1,
      maximum: 15,
      description: `tester: engine — bots per server (default ${engineTesterDefaults.bots}).`,
    },
    seconds: {
      type: 'number',
      minimum: 10,
      description: `tester: engine — real time each run plays (default ${engineTesterDefaults.seconds}).`,
    },
    runs: {
      type: 'integer',
      minimum: 1,
      maximum: 16,
      description: `tester: engine — runs per draft, all at once (default ${engineTesterDefaults.runs}).`,
    },
    user: {
      type: 'string',
      minLength: 1,
      description:
        'tester: engine — when navgen runs as root: the unprivileged account the server runs as.',
    },
    noCombat: {
      type: 'boolean',
      description:
        "tester: engine — bots do not fight (cheats 1 and the MVD recorder's client notarget; default true).",
    },
    command: {
      description:
        'The test program and its arguments (no shell). Placeholders: {map}, {nav} (the installed draft), {report}, {draft} (the draft in the iterations folder), {iteration}; {{ and }} are literal braces.',
      oneOf: [
        {
          type: 'string',
          minLength: 1,
          description:
            'One line, split into words like a shell would (quotes, backslashes); no pipes or variables.',
        },
        {
          type: 'array',
          minItems: 1,
          items: { type: 'string' },
          description: 'Program, then arguments (preferred).',
        },
      ],
    },
    cwd: path("Working folder of the command (default: the pipeline file's folder)."),
    installDir: path(
      "Where the draft is copied as <map>.nav before each test, e.g. the game's bots/nav folder (default: the iterations folder). Restored afterwards.",
    ),
    report: path(
      'Where the test writes its report; may use {map} (default: <installDir>/<map>.navtest.json).',
    ),
    timeout: {
      type: 'number',
      exclusiveMinimum: 0,
      description: 'Seconds one test may take before its process group is killed (default 900).',
    },
    maxIterations: {
      type: 'integer',
      minimum: 1,
      maximum: 100,
      description: 'Most build → test rounds (default 10).',
    },
    workDir: path(
      'Iterations folder: drafts, reports, summaries, feedback (default: <output.nav folder>/<map>.iterations).',
    ),
    env: {
      type: 'object',
      description: 'Extra environment variables for the command; values may use the placeholders.',
      additionalProperties: { type: ['string', 'number', 'boolean'] },
    },
    thresholds: {
      type: 'object',
      additionalProperties: false,
      description:
        'Extra pass conditions checked by navgen on top of the report\'s own "passed" (seed defaults in brackets).',
      properties: {
        minCoverage: {
          type: 'number',
          minimum: 0,
          maximum: 1,
          description: 'Least coverage_ratio [0.85].',
        },
        maxDeathRate: {
          type: 'number',
          minimum: 0,
          description: 'Most environmental deaths per bot per minute [0.5].',
        },
        maxStuckRate: {
          type: 'number',
          minimum: 0,
          description: 'Most stuck events per bot per minute [1.0].',
        },
        maxUnreachable: {
          type: 'number',
          minimum: 0,
          maximum: 1,
          description: 'Largest share of nodes never visited (unreachable_nodes / nodes) [0.05].',
        },
      },
    },
  },
};

export function pipelineFileSchema(
  stages: ReadonlyMap<string, StageDefinition<never>>,
): JsonSchema {
  const stageEntry: JsonSchema[] = [];
  for (const [name, s] of stages) {
    const options = s.meta.schema ?? {
      type: 'object',
      additionalProperties: false,
      properties: {},
    };
    stageEntry.push({
      type: 'object',
      description: s.meta.description,
      properties: { [name]: { ...options, description: s.meta.description } },
      required: [name],
      additionalProperties: false,
    });
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://navgen.local/pipeline.schema.json',
    title: 'navgen pipeline',
    description:
      'One map: where its demos are, where the outputs go, and the ordered stages. Paths are relative to this file.',
    type: 'object',
    additionalProperties: false,
    required: ['map', 'demos'],
    properties: {
      map: {
        type: 'string',
        minLength: 1,
        pattern: '^[^/\\\\]+$',
        description: 'Map name, as in maps/<map>.bsp.',
      },
      bsp: path(
        'The map file (BSP v38): spawn points, fill, the map checks and pictures; none to build from the demos alone, on purpose. Needed unless game is given.',
      ),
      game: path(
        'The game folder (its root, or the mod folder): the map is maps/<map>.bsp there, loose or in its .pak/.pkz archives, and the nav goes to <mod>/bots/nav/<map>.nav unless output names one (reports then go beside this file).',
      ),
      mod: {
        type: 'string',
        minLength: 1,
        pattern: '^[^/\\\\]+$',
        description: 'The mod folder when game is the game root (default action).',
      },
      demos: {
        description:
          'Demo files or fast-glob patterns (.mvd2, .dm2, gzipped or not); an empty list builds from the map alone (needs bsp).',
        oneOf: [path('One pattern.'), { type: 'array', items: path('A pattern.') }],
      },
      output: {
        type: 'object',
        additionalProperties: false,
        description:
          'Output files; written atomically. At least one nav format: nav (AQtion) or q2rNav (Quake II re-release); with game, nav defaults to the game\u2019s bots/nav/<map>.nav.',
        properties: {
          ...Object.fromEntries(NAV_SINKS.map((s) => [s.meta.name, path(s.meta.description)])),
          strafeTraces: path('Archive of high-speed traversals (.strafe_traces).'),
          report: path('JSON build report.'),
          html: {
            description:
              'HTML build report with pictures (default: <map>.report.html beside the .nav); false for none.',
            oneOf: [path('HTML report file.'), { const: false }],
          },
        },
      },
      feedback: {
        description:
          'Nav test failures to remove: a navgen feedback file, or a navtest report with the nav it tested.',
        oneOf: [
          path('A navgen feedback file or a navtest report (then give `nav` too).'),
          {
            type: 'object',
            additionalProperties: false,
            required: ['file'],
            properties: {
              file: path('navtest report or feedback file.'),
              nav: path('The .nav the report tested.'),
            },
          },
        ],
      },
      edits: path(
        "An edits file (navgen-edits JSON, written by navgen view): an admin's mends (deleted nodes and links, added links, node types, moved nodes), made again on every build of the map after the graph stages and before the build's own nav test; an edit whose nodes are gone is reported, not dropped in silence.",
      ),
      cache: {
        description:
          'Folder of the per-demo cache (default: the user cache folder, $XDG_CACHE_HOME/navgen or ~/.cache/navgen); false to disable.',
        oneOf: [path('Cache folder.'), { const: false }],
      },
      workers: {
        description: 'Worker threads for per-demo work (default: number of cores).',
        oneOf: [{ type: 'integer', minimum: 1, maximum: 256 }, { const: 'auto' }],
      },
      plugins: {
        type: 'array',
        items: path('An ES module path or package name exporting a navgen plugin.'),
      },
      nodeTypes: {
        type: 'object',
        description:
          'Node-type numbers to override, by name (for engine builds that renumber them).',
        additionalProperties: false,
        properties: Object.fromEntries(
          NODE_TYPE_NAMES.map((n) => [n, { type: 'integer', minimum: 0, maximum: 255 }]),
        ),
      },
      damaged: {
        enum: ['quarantine', 'keep-prefix'],
        description:
          'A demo that cannot be read to its end: leave it out (quarantine, default) or keep what was read before the damage.',
      },
      stages: {
        type: 'array',
        minItems: 1,
        description:
          'Ordered stages (default: the built-in pipeline). Each entry is a stage name or { name: options }.',
        items: {
          anyOf: [
            { type: 'string', minLength: 1 },
            ...stageEntry,
            {
              type: 'object',
              minProperties: 1,
              maxProperties: 1,
              propertyNames: { pattern: '^[a-z0-9][a-z0-9-]*/[a-z0-9][a-z0-9-]*$' },
              description: 'A plugin stage: plugin/name.',
            },
          ],
        },
      },
      navtest: navtestSchema,
    },
  };
}

/** The structural schema used for validation: stage entries are checked one by one later. */
export function pipelineStructureSchema(
  stages: ReadonlyMap<string, StageDefinition<never>>,
): JsonSchema {
  const full = pipelineFileSchema(stages) as { properties: Record<string, JsonSchema> };
  return {
    ...full,
    properties: {
      ...full.properties,
      stages: {
        type: 'array',
        minItems: 1,
        items: {
          oneOf: [
            { type: 'string', minLength: 1 },
            { type: 'object', minProperties: 1, maxProperties: 1 },
          ],
        },
      },
    },
  };
}
