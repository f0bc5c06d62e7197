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
 * the docs (docs/pipelines.md, `navgen schema`) show. A stage that declares its options as such
 * a table states each default, limit and meaning once (`fromOptionTable`).
 */
export interface OptionRow<T> {
  readonly default: T;
  readonly schema: JsonSchema;
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
export type OptionsOf<T extends Readonly<Record<string, OptionRow<unknown>>>> = {
  readonly [K in keyof T]: T[K]['default'];
};

/** A stage's frozen defaults and its options schema (rows in table order), from its table. */
export function fromOptionTable<T extends Readonly<Record<string, OptionRow<unknown>>>>(
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
