/**
 * The find box's reading of what is typed (a node number, or a position as the game console
 * prints it, with commas, parentheses, negative numbers, the view angle after it), the node
 * nearest a position (with and without z), the printed position reading back the same, and the
 * answer shown: the node with where it is, or what is wrong (a node number out of range, an
 * empty nav).
 */
import { describe, expect, it } from 'vitest';
import {
  consolePosition,
  findNode,
  nearestNode,
  parseFindQuery,
} from '../../src/view-page/find.js';
import { randomViewNav, viewNav } from './view-nav.js';

describe('parseFindQuery', () => {
  it('reads a lone whole number as a node number, spaces and zero included', () => {
    expect(parseFindQuery('123')).toEqual({ kind: 'node', node: 123 });
    expect(parseFindQuery('  0  ')).toEqual({ kind: 'node', node: 0 });
    expect(parseFindQuery('(7)')).toEqual({ kind: 'node', node: 7 });
  });

  it('refuses a negative or fractional node number, naming it', () => {
    expect(parseFindQuery('-3')).toEqual({ kind: 'error', message: 'no node number: -3' });
    expect(parseFindQuery('2.5')).toEqual({ kind: 'error', message: 'no node number: 2.5' });
  });

  it('reads x y z separated by spaces, commas or both, in parentheses or brackets', () => {
    const p = { kind: 'point', x: -512, y: 1024, z: 88 };
    expect(parseFindQuery('-512 1024 88')).toEqual(p);
    expect(parseFindQuery('-512,1024,88')).toEqual(p);
    expect(parseFindQuery('(-512, 1024, 88)')).toEqual(p);
    expect(parseFindQuery('[-512; 1024; 88]')).toEqual(p);
    expect(parseFindQuery('\t(-512,\t1024 ,88 )\n')).toEqual(p);
  });

  it('reads fractions and signs in a position', () => {
    expect(parseFindQuery('-0.5 +12.25 -100.1')).toEqual({
      kind: 'point',
      x: -0.5,
      y: 12.25,
      z: -100.1,
    });
  });

  it('reads two numbers as x and y alone, without z', () => {
    const q = parseFindQuery('(-64, 32)');
    expect(q).toEqual({ kind: 'point', x: -64, y: 32 });
    expect(q.kind === 'point' && 'z' in q).toBe(false);
  });

  it('ignores what the console prints after the position (viewpos: the view angle)', () => {
    expect(parseFindQuery('(-512 1024 88) : 270')).toEqual({
      kind: 'point',
      x: -512,
      y: 1024,
      z: 88,
    });
  });

  it('refuses empty text and words that are not numbers', () => {
    for (const empty of ['', '   ', '( , )'])
      expect(parseFindQuery(empty)).toEqual({
        kind: 'error',
        message: 'type a node number or a position x y z',
      });
    expect(parseFindQuery(' node 12 ')).toEqual({
      kind: 'error',
      message: 'not a node number or a position: node 12',
    });
    expect(parseFindQuery('1 2 z')).toMatchObject({ kind: 'error' });
    expect(parseFindQuery('Infinity')).toMatchObject({ kind: 'error' });
    expect(parseFindQuery('1 NaN 3')).toMatchObject({ kind: 'error' });
  });
});

describe('nearestNode', () => {
  const nav = viewNav([{ at: [0, 0, 0] }, { at: [100, 0, 0] }, { at: [0, 0, 500] }]);

  it('measures in x, y and z when z is given', () => {
    expect(nearestNode(nav, 10, 0, 480)).toBe(2);
    expect(nearestNode(nav, 80, 0, 0)).toBe(1);
  });

  it('measures in x and y alone without z (the first of equally near nodes wins)', () => {
    expect(nearestNode(nav, 10, 0)).toBe(0);
    expect(nearestNode(nav, 60, 0)).toBe(1);
  });

  it('answers -1 for a nav without nodes', () => {
    expect(nearestNode(viewNav([]), 0, 0, 0)).toBe(-1);
    expect(nearestNode(viewNav([]), 0, 0)).toBe(-1);
  });

  it('agrees with a sort by distance on a random nav', () => {
    const big = randomViewNav(7, 2000, 0);
    const n = big.xyz.length / 3;
    const d = (i: number, x: number, y: number, z: number) =>
      Math.hypot(big.xyz[3 * i] - x, big.xyz[3 * i + 1] - y, big.xyz[3 * i + 2] - z);
    for (const [x, y, z] of [
      [0, 0, 0],
      [-1500.3, 900, 40],
      [3000, -3000, 128],
    ]) {
      const byDistance = Array.from({ length: n }, (_, i) => i).sort(
        (a, b) => d(a, x, y, z) - d(b, x, y, z),
      );
      expect(d(nearestNode(big, x, y, z), x, y, z)).toBe(d(byDistance[0], x, y, z));
    }
  });
});

describe('consolePosition', () => {
  it('prints x y z rounded to 0.1, without trailing zeros or a negative zero', () => {
    expect(consolePosition([-512, 1024.04, 88.25])).toBe('-512 1024 88.3');
    expect(consolePosition([-0.04, 0.1, 3])).toBe('0 0.1 3');
  });

  it('prints only the first three numbers', () => {
    expect(consolePosition([1, 2, 3, 4])).toBe('1 2 3');
  });

  it('reads back in the find box as the same point', () => {
    expect(parseFindQuery(consolePosition([-1.5, 2.2, -3.1]))).toEqual({
      kind: 'point',
      x: -1.5,
      y: 2.2,
      z: -3.1,
    });
  });
});

describe('findNode', () => {
  const nav = viewNav([{ at: [0, 0, 0] }, { at: [-512.3, 1024, 88] }, { at: [300, 0, 40] }]);

  it('finds a node by its number and says where it stands', () => {
    expect(findNode(nav, '1')).toEqual({
      kind: 'found',
      node: 1,
      message: 'node 1 at -512.3 1024 88',
    });
  });

  it('refuses a node number out of range, naming the nav’s nodes', () => {
    expect(findNode(nav, '3')).toEqual({
      kind: 'error',
      message: 'no node 3: the nav has nodes 0 to 2',
    });
    expect(findNode(nav, '99999')).toMatchObject({ kind: 'error' });
  });

  it('finds the node nearest a position and says how far it is', () => {
    expect(findNode(nav, '(-500, 1000, 88)')).toEqual({
      kind: 'found',
      node: 1,
      message: 'node 1 at -512.3 1024 88, 27 units from the position',
    });
    // Without z, the height does not count: (290, 0) is 10 units from node 2.
    expect(findNode(nav, '290 0')).toMatchObject({
      node: 2,
      message: expect.stringMatching(/, 10 units/),
    });
  });

  it('says the nav has no nodes, for a number or a position', () => {
    const empty = viewNav([]);
    expect(findNode(empty, '0')).toEqual({
      kind: 'error',
      message: 'no node 0: the nav has no nodes',
    });
    expect(findNode(empty, '1 2 3')).toEqual({ kind: 'error', message: 'the nav has no nodes' });
  });

  it('passes on what the text is not', () => {
    expect(findNode(nav, 'spawn')).toEqual({
      kind: 'error',
      message: 'not a node number or a position: spawn',
    });
    expect(findNode(nav, '-1')).toEqual({ kind: 'error', message: 'no node number: -1' });
  });
});
