/**
 * The pipeline's `navtest` section: how `navgen iterate` tests a draft. Its own keys (`tester`,
 * `maxIterations`, `workDir`, `thresholds`) are declared here; every other key is an option of
 * one tester kind (`testers/tester-kinds.ts`), and the section's schema is composed from them, so each
 * key, default and limit has one home. Paths are relative to the pipeline file.
 *
 * @example
 * navtest:
 *   command: [/games/aq2/q2proded, +set, game, action, +map, '{map}', +set, bot_navtest, '1']
 *   installDir: /games/aq2/action/bots/nav
 *   timeout: 600
 *   maxIterations: 10
 *   thresholds: { minCoverage: 0.85 }
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import { NAVTEST_PASS_THRESHOLDS } from '../navtest/offline-report.js';
import type { JsonSchema } from '../stage/stage.js';
import { num, numOption, type OptionRow } from '../stage/schema-helpers.js';
import { suggest } from '../suggest.js';
import {
  COMMAND_KEY,
  optionalRow,
  pathSchema,
  type TesterKind,
  type TesterOptionTable,
} from '../testers/tester-kind.js';
import { DEFAULT_TESTER, TESTER_KINDS } from '../testers/tester-kinds.js';

/** Pass conditions navgen checks on top of the report's own `passed`; null: not checked. */
export type NavtestThresholds = {
  readonly [K in keyof typeof NAVTEST_PASS_THRESHOLDS]: number | null;
};

/** Each threshold's meaning and limits; the value in brackets is the AQtion proposal's. */
const THRESHOLD_TEXT: {
  readonly [K in keyof NavtestThresholds]: readonly [
    string,
    { minimum?: number; maximum?: number },
  ];
} = {
  minCoverage: ['Least coverage_ratio', { minimum: 0, maximum: 1 }],
  maxDeathRate: ['Most environmental deaths per bot per minute', { minimum: 0 }],
  maxStuckRate: ['Most stuck events per bot per minute', { minimum: 0 }],
  maxUnreachable: [
    'Largest share of nodes never visited (unreachable_nodes / nodes)',
    { minimum: 0, maximum: 1 },
  ],
};

/** `1` as `1.0`: a threshold reads as a rate. */
const decimal = (v: number) => (Number.isInteger(v) ? v.toFixed(1) : String(v));

const THRESHOLD_OPTIONS: TesterOptionTable = Object.fromEntries(
  (Object.keys(THRESHOLD_TEXT) as (keyof NavtestThresholds)[]).map((k) => {
    const [text, limits] = THRESHOLD_TEXT[k];
    return [
      k,
      optionalRow<number>(num(`${text} [${decimal(NAVTEST_PASS_THRESHOLDS[k])}].`, limits)),
    ];
  }),
);

/** Every kind's name and sentence, the default marked, with the keys it reads and what it needs. */
function testerDescription(): string {
  return TESTER_KINDS.map((k: TesterKind) => {
    const keys = Object.keys(k.meta.options);
    return (
      `${k.meta.name}${k.meta.name === DEFAULT_TESTER ? ' (default)' : ''}: ${k.meta.summary}.` +
      (keys.length > 0 ? ` Keys: ${keys.join(', ')}.` : '') +
      (k.meta.needs.map ? " Needs the pipeline's bsp." : '')
    );
  }).join(' ');
}

/** The section's own keys (the kinds' options come between `tester` and these). */
export const NAVTEST_SECTION_OPTIONS = {
  // The AQtion proposal's batch runner stops after 10 rounds.
  maxIterations: numOption(10, 'Most build → test rounds.', {
    minimum: 1,
    maximum: 100,
    integer: true,
  }),
  workDir: optionalRow<string>(
    pathSchema(
      'Iterations folder: drafts, reports, summaries, feedback; may use {map} (default: <output.nav folder>/<map>.iterations).',
    ),
  ),
  thresholds: {
    default: {},
    schema: {
      type: 'object',
      additionalProperties: false,
      description:
        'Extra pass conditions checked by navgen on top of the report\'s own "passed" (the AQtion proposal\'s values in brackets).',
      properties: Object.fromEntries(
        Object.entries(THRESHOLD_OPTIONS).map(([k, row]) => [k, row.schema]),
      ),
    },
  } as OptionRow<Partial<Record<keyof NavtestThresholds, number>>>,
};

/** The `tester` key's row. */
const TESTER_ROW: OptionRow<string> = {
  default: DEFAULT_TESTER,
  schema: { enum: TESTER_KINDS.map((k) => k.meta.name), description: testerDescription() },
};

/** Which row declares each key of the section, and for which kind (null: the section's own). */
const ROWS = new Map<string, { readonly row: OptionRow<unknown>; readonly kind: string | null }>([
  ['tester', { row: TESTER_ROW, kind: null }],
]);
for (const k of TESTER_KINDS as readonly TesterKind[]) {
  for (const [key, row] of Object.entries(k.meta.options)) {
    const owner = ROWS.get(key);
    if (owner)
      throw new Error(
        `navtest.${key} is declared by ${owner.kind ?? 'the section'} and ${k.meta.name}`,
      );
    ROWS.set(key, { row, kind: k.meta.name });
  }
}
for (const [key, row] of Object.entries(NAVTEST_SECTION_OPTIONS)) {
  if (ROWS.has(key)) throw new Error(`navtest.${key} is a key of the section and of a kind`);
  ROWS.set(key, { row, kind: null });
}

/** A scalar default, as the schema's descriptions show it. */
function withDefault(row: OptionRow<unknown>): JsonSchema {
  const d = row.default;
  if (typeof d !== 'number' && typeof d !== 'boolean') return row.schema;
  return { ...row.schema, description: `${String(row.schema.description)} Default: ${d}.` };
}

const NO_COMMAND_KINDS = TESTER_KINDS.filter((k) => !k.meta.needs.command).map((k) => k.meta.name);
// The schema below requires a command unless the section names a kind that runs none.
if (NO_COMMAND_KINDS.includes(DEFAULT_TESTER))
  throw new Error(
    `the default tester ${DEFAULT_TESTER} must run a command (navtestSchema's oneOf)`,
  );

/** The section's schema: its own keys and every kind's options (named after their kind). */
export const navtestSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  // A command, unless the section names a kind that runs none.
  oneOf: [
    {
      required: [COMMAND_KEY],
      not: { required: ['tester'], properties: { tester: { enum: NO_COMMAND_KINDS } } },
    },
    { required: ['tester'], properties: { tester: { enum: NO_COMMAND_KINDS } } },
  ],
  description:
    "How `navgen iterate` tests a draft nav: a command that runs the bots on it and writes a <map>.navtest.json report, or a tester of navgen's. Paths are relative to this file.",
  properties: Object.fromEntries(
    [...ROWS].map(([key, { row, kind }]) => {
      const s = withDefault(row);
      return [
        key,
        kind === null ? s : { ...s, description: `tester: ${kind} — ${String(s.description)}` },
      ];
    }),
  ),
};

const ajv = new Ajv2020({ allErrors: true, strict: false });
const validators = new WeakMap<JsonSchema, ValidateFunction>();

/**
 * What is wrong with the section's values by the schema (unknown keys, types, limits), as key
 * paths below `navtest` with a reason, in the loader's words. The loader finds the same in a
 * pipeline file; this is for sections built by code.
 */
export function navtestSectionProblems(
  section: Readonly<Record<string, unknown>>,
): { path: (string | number)[]; reason: string }[] {
  const out: { path: (string | number)[]; reason: string }[] = [];
  for (const [key, value] of Object.entries(section)) {
    if (value === undefined) continue;
    const owner = ROWS.get(key);
    if (!owner) {
      out.push({ path: [key], reason: unknownKey(key, [...ROWS.keys()]) });
      continue;
    }
    let check = validators.get(owner.row.schema);
    if (!check) {
      check = ajv.compile(owner.row.schema);
      validators.set(owner.row.schema, check);
    }
    if (check(value)) continue;
    for (const e of check.errors ?? []) {
      if (e.keyword === 'oneOf' || e.keyword === 'anyOf') continue;
      const path = [
        key,
        ...e.instancePath
          .split('/')
          .slice(1)
          .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
          .map((k) => (/^\d+$/.test(k) ? Number(k) : k)),
      ];
      if (e.keyword === 'additionalProperties') {
        const extra = (e.params as { additionalProperty: string }).additionalProperty;
        const props = Object.keys((owner.row.schema.properties as object | undefined) ?? {});
        out.push({ path: [...path, extra], reason: unknownKey(extra, props) });
      } else if (e.keyword === 'enum') {
        const allowed = (e.params as { allowedValues: unknown[] }).allowedValues;
        out.push({
          path,
          reason: `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`,
        });
      } else out.push({ path, reason: e.message ?? 'is invalid' });
    }
  }
  return out;
}

function unknownKey(key: string, known: readonly string[]): string {
  const hint = suggest(key, known);
  return `unknown key "${key}"${hint ? `; did you mean "${hint}"?` : `; expected one of ${known.join(', ')}`}`;
}

/** The thresholds a section gives, each null when not given (not checked). */
export function thresholdsFrom(
  given: Partial<Record<keyof NavtestThresholds, number>>,
): NavtestThresholds {
  return Object.fromEntries(
    (Object.keys(THRESHOLD_TEXT) as (keyof NavtestThresholds)[]).map((k) => [k, given[k] ?? null]),
  ) as NavtestThresholds;
}
