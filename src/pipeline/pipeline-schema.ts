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
import { DEFAULT_NAV_SINK, NAV_SINKS, orList } from '../sinks/nav-sinks.js';
// The navtest section, composed from the tester kinds' options (navtest-section.ts).
import { navtestSchema } from './navtest-section.js';

const path = (description: string): JsonSchema => ({ type: 'string', minLength: 1, description });

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
        description: `Output files; written atomically. At least one nav format: ${orList(
          NAV_SINKS.map((s) => `${s.meta.name} (${s.meta.format})`),
        )}; with game, ${DEFAULT_NAV_SINK.meta.name} defaults to where the game reads it.`,
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
