/**
 * Tiny builders for the JSON Schemas of stage options, so each option's schema fits on one
 * line next to its meaning. Every schema produced here forbids unknown keys.
 */
import type { JsonSchema } from './stage.js';

interface NumberLimits {
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly integer?: boolean;
}

export function num(description: string, limits: NumberLimits = {}): JsonSchema {
  const { integer, ...rest } = limits;
  return { type: integer ? 'integer' : 'number', description, ...rest };
}

export function bool(description: string): JsonSchema {
  return { type: 'boolean', description };
}

export function str(description: string, extra: Record<string, unknown> = {}): JsonSchema {
  return { type: 'string', description, ...extra };
}

export function list(
  description: string,
  items: JsonSchema,
  extra: Record<string, unknown> = {},
): JsonSchema {
  return { type: 'array', description, items, ...extra };
}

/** An options object with exactly these properties (all optional: defaults fill them in). */
export function options(properties: Record<string, JsonSchema>): JsonSchema {
  return { type: 'object', additionalProperties: false, properties };
}

/**
 * One option of a stage's options table: its default and its schema, whose description is what
 * the docs (docs/pipelines.md, `navgen schema`) show and whose limits the pipeline loader and
 * the operator check (`withDefaults`). A stage that declares its options as such a table states
 * each default, limit and meaning once (`fromOptionTable`).
 */
export interface OptionRow<T> {
  readonly default: T;
  readonly schema: JsonSchema;
}

/** A stage's options table: one row per option, in the order the docs list them. */
export type OptionTable = Readonly<Record<string, OptionRow<unknown>>>;

/** A row of any type: the default and the schema as they are. */
export function option<T>(defaultValue: T, schema: JsonSchema): OptionRow<T> {
  return { default: defaultValue, schema };
}

export function numOption(
  defaultValue: number,
  description: string,
  limits: NumberLimits = {},
): OptionRow<number> {
  return { default: defaultValue, schema: num(description, limits) };
}

export function boolOption(defaultValue: boolean, description: string): OptionRow<boolean> {
  return { default: defaultValue, schema: bool(description) };
}

/** The options type of a table: each key with its default's type. */
export type OptionsOf<T extends OptionTable> = {
  readonly [K in keyof T]: T[K]['default'];
};

/** A stage's frozen defaults and its options schema (rows in table order), from its table. */
export function fromOptionTable<T extends OptionTable>(
  table: T,
): { readonly defaults: OptionsOf<T>; readonly schema: JsonSchema } {
  const defaults: Record<string, unknown> = {};
  const properties: Record<string, JsonSchema> = {};
  for (const [key, row] of Object.entries(table)) {
    defaults[key] = row.default;
    properties[key] = row.schema;
  }
  return { defaults: Object.freeze(defaults) as OptionsOf<T>, schema: options(properties) };
}

/**
 * An operator's options: `given` over the defaults, and every number within the limits of its
 * row (the loader checked a pipeline's options against the same rows; this is for code that
 * calls the operator itself). A row whose default is null takes null (its stage then reads the
 * value elsewhere). Throws a RangeError naming the stage and the option.
 */
export function withDefaults<T extends OptionTable>(
  stage: string,
  table: T,
  given: Partial<OptionsOf<T>>,
): OptionsOf<T> {
  const o: Record<string, unknown> = {};
  for (const [key, row] of Object.entries(table)) o[key] = row.default;
  Object.assign(o, given);
  for (const [key, row] of Object.entries(table)) {
    const s = row.schema as NumberLimits & { type?: string };
    if (s.type !== 'number' && s.type !== 'integer') continue;
    const v = o[key];
    if (v === null && row.default === null) continue;
    const broken = limitBroken(v, s);
    if (broken) throw new RangeError(`${stage}: ${key} must be ${broken}`);
  }
  return o as OptionsOf<T>;
}

/** What `v` fails of a number row's schema (`> 0`, `<= 256`, `an integer`…), or null. */
function limitBroken(v: unknown, s: NumberLimits & { type?: string }): string | null {
  if (typeof v !== 'number') return 'a number';
  if (s.exclusiveMinimum !== undefined && !(v > s.exclusiveMinimum))
    return `> ${s.exclusiveMinimum}`;
  if (s.minimum !== undefined && !(v >= s.minimum)) return `>= ${s.minimum}`;
  if (s.maximum !== undefined && !(v <= s.maximum)) return `<= ${s.maximum}`;
  if (s.type === 'integer' && !Number.isInteger(v)) return 'an integer';
  return null;
}
