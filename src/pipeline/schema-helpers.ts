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
