/**
 * Options tables (`fromOptionTable`): each option's default, limits and description stated once;
 * the defaults and the schema come from it, and the defaults pass the schema. Checked on a small
 * table and on `fill`'s.
 */
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { boolOption, fromOptionTable, numOption } from '../../src/stage/schema-helpers.js';
import { fillDefaults, fillStage } from '../../src/operators/fill.js';

describe('options table', () => {
  const t = fromOptionTable({
    size: numOption(8, 'Size. [world units]', { minimum: 1, maximum: 16, integer: true }),
    on: boolOption(false, 'Switch.'),
  });

  it('gives frozen defaults and a closed schema, in table order', () => {
    expect(t.defaults).toEqual({ size: 8, on: false });
    expect(Object.isFrozen(t.defaults)).toBe(true);
    expect(t.schema).toEqual({
      type: 'object',
      additionalProperties: false,
      properties: {
        size: { type: 'integer', description: 'Size. [world units]', minimum: 1, maximum: 16 },
        on: { type: 'boolean', description: 'Switch.' },
      },
    });
  });

  it('fill: the stage’s defaults and schema are the table’s, and the defaults pass the schema', () => {
    expect(fillStage.meta.defaults).toBe(fillDefaults);
    const props = Object.keys((fillStage.meta.schema as { properties: object }).properties);
    expect(props.sort()).toEqual(Object.keys(fillDefaults).sort());
    const check = new Ajv().compile(fillStage.meta.schema!);
    expect(check(fillDefaults)).toBe(true);
    expect(check({ ...fillDefaults, spacing: 8 })).toBe(false);
    expect(check({ ...fillDefaults, maxDemoLinks: 1.5 })).toBe(false);
    expect(check({ ...fillDefaults, unknown: 1 })).toBe(false);
  });
});
