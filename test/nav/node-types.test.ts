/**
 * The node-type table: defaults as engine-facts.md counts them, overrides by name, and the
 * checks a pipeline file's overrides must pass.
 */
import { describe, expect, it } from 'vitest';
import {
  buildNodeTypeTable,
  defaultNodeTypes,
  NODE_TYPE_NAMES,
  nodeTypeLabel,
  nodeTypeName,
  NodeTypeTableError,
} from '../../src/nav/node-types.js';

describe('node-type table', () => {
  it('has the numbers of engine-facts.md', () => {
    // Copied from engine-facts.md ("Node types (nodetype_t, counted from the source)").
    expect(defaultNodeTypes).toEqual({
      NONE: 0,
      MOVE: 1,
      JUMPPAD: 2,
      LADDER: 3,
      WATER: 4,
      CROUCH: 5,
      BOXJUMP: 6,
      POI: 7,
      POI_LOOKAT: 8,
      STEP: 9,
      JUMP: 10,
      STAND_DROP: 11,
      CROUCH_DROP: 12,
      UNSAFE_DROP: 13,
      LADDER_UP: 14,
      LADDER_DOWN: 15,
      DOOR: 16,
      PLATFORM: 17,
      TELEPORTER: 18,
      ITEM: 19,
      GRAPPLE: 20,
      SPAWNPOINT: 21,
      LEARN: 22,
      CTF_FLAG: 23,
      ESP_TARGET: 24,
    });
    expect(NODE_TYPE_NAMES).toHaveLength(25);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(defaultNodeTypes)).toBe(true);
    expect(() => {
      (defaultNodeTypes as Record<string, number>).MOVE = 7;
    }).toThrow(TypeError);
  });

  it('applies overrides by name and leaves the defaults alone', () => {
    const t = buildNodeTypeTable({ SPAWNPOINT: 30, LEARN: 31 });
    expect(t.SPAWNPOINT).toBe(30);
    expect(t.LEARN).toBe(31);
    expect(t.MOVE).toBe(1);
    expect(defaultNodeTypes.SPAWNPOINT).toBe(21);
    expect(Object.isFrozen(t)).toBe(true);
    // Swapping two numbers is allowed: no number is shared afterwards.
    expect(buildNodeTypeTable({ MOVE: 4, WATER: 1 })).toMatchObject({ MOVE: 4, WATER: 1 });
  });

  it('rejects unknown names, suggesting the real one', () => {
    expect(() => buildNodeTypeTable({ 'stand-drop': 11 })).toThrow(
      'unknown node type "stand-drop"; did you mean "STAND_DROP"?',
    );
    expect(() => buildNodeTypeTable({ FLY: 40 })).toThrow(/^unknown node type "FLY"$/);
  });

  it('rejects numbers outside 0..255 and non-integers', () => {
    for (const bad of [-1, 256, 1.5, NaN]) {
      expect(() => buildNodeTypeTable({ JUMP: bad })).toThrow(NodeTypeTableError);
    }
    expect(buildNodeTypeTable({ JUMP: 255 }).JUMP).toBe(255);
    expect(buildNodeTypeTable({ NONE: 99, JUMP: 0 }).JUMP).toBe(0);
  });

  it('rejects two names sharing a number', () => {
    expect(() => buildNodeTypeTable({ JUMP: 11 })).toThrow(
      'node types JUMP and STAND_DROP share the number 11',
    );
  });

  it('looks names up by number in the given table', () => {
    expect(nodeTypeName(defaultNodeTypes, 21)).toBe('SPAWNPOINT');
    expect(nodeTypeName(defaultNodeTypes, 25)).toBeUndefined();
    const t = buildNodeTypeTable({ SPAWNPOINT: 40 });
    expect(nodeTypeName(t, 40)).toBe('SPAWNPOINT');
    expect(nodeTypeName(t, 21)).toBeUndefined();
    expect(nodeTypeLabel(t, 21)).toBe('#21');
  });
});
