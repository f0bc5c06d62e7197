/**
 * Every built-in stage states its options once, in an options table: its defaults are the
 * table's (frozen, the schema's properties in the same order) and pass its schema, and its
 * operator holds given options to the same limits as the pipeline loader.
 */
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { BUILTIN_STAGES } from '../../src/pipeline/builtin-stages.js';
import { withDefaults, numOption, option } from '../../src/stage/schema-helpers.js';
import { speedFilter } from '../../src/operators/speed-filter.js';
import { fill } from '../../src/operators/fill.js';
import { classify } from '../../src/operators/classify.js';
import { gate } from '../../src/operators/gate.js';

describe('stage options tables', () => {
  for (const [name, stage] of BUILTIN_STAGES) {
    it(`${name}: frozen defaults, one per schema property, that pass the schema`, () => {
      const { defaults, schema } = stage.meta;
      expect(Object.isFrozen(defaults)).toBe(true);
      const properties = (schema as { properties: Record<string, unknown> }).properties;
      expect(Object.keys(properties)).toEqual(Object.keys(defaults as object));
      // A null default stands for a value the stage reads elsewhere (connect's matchRadius).
      const given = Object.fromEntries(
        Object.entries(defaults as object).filter(([, v]) => v !== null),
      );
      expect(new Ajv().compile(schema!)(given)).toBe(true);
    });
  }

  it('classify states a limit for each of its options', () => {
    const schema = BUILTIN_STAGES.get('classify')!.meta.schema;
    const properties = (schema as { properties: object }).properties;
    const limited = Object.values(properties).filter(
      (p: { type: string; minimum?: number }) => p.type === 'boolean' || p.minimum !== undefined,
    );
    expect(Object.keys(properties)).toHaveLength(17);
    expect(limited).toHaveLength(17);
  });

  it('an operator refuses options outside the table\u2019s limits, naming the stage and option', () => {
    expect(() => speedFilter({ maxSpeed: 0 })).toThrow('speed-filter: maxSpeed must be > 0');
    expect(() => fill({ spacing: 8 }, async () => null)).toThrow('fill: spacing must be >= 16');
    expect(() => classify({ waterRatio: 1.5 })).toThrow('classify: waterRatio must be <= 1');
    expect(() => gate({ maxStepPerFrame: -1 })).toThrow('gate: maxStepPerFrame must be > 0');
  });

  it('withDefaults: the given options over the defaults; integers and null rows', () => {
    const table = {
      size: numOption(8, 'Size.', { minimum: 1, maximum: 16, integer: true }),
      radius: option<number | null>(null, { type: 'number', exclusiveMinimum: 0 }),
    };
    expect(withDefaults('t', table, {})).toEqual({ size: 8, radius: null });
    expect(withDefaults('t', table, { size: 4, radius: 3 })).toEqual({ size: 4, radius: 3 });
    expect(() => withDefaults('t', table, { size: 2.5 })).toThrow('t: size must be an integer');
    expect(() => withDefaults('t', table, { radius: 0 })).toThrow('t: radius must be > 0');
  });
});
