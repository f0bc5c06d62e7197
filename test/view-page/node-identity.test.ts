/**
 * Which loaded node each node of an edited nav is: after a delete renumbers the nodes after it,
 * both ways of the mapping follow (the deleted node gone); a moved node keeps its identity at
 * its new place and again after undo and redo; two nodes on one place give it to the first;
 * positions match to the model's 0.1 unit; numbers out of range answer -1.
 */
import { describe, expect, it } from 'vitest';
import type { ViewNav } from '../../src/sinks/view/view-model.js';
import { NodeIdentity } from '../../src/view-page/node-identity.js';
import { viewNav } from './view-nav.js';

type P = [number, number, number];
const places: P[] = [
  [0, 0, 0],
  [100, 0, 0],
  [200, 0, 0],
  [300, 0, 24],
  [400, 0, 0],
];
const loaded = viewNav(places.map((at) => ({ at })));
/** The nav with the nodes at `at` (in that order). */
const navOf = (at: readonly P[]): ViewNav => viewNav(at.map((p) => ({ at: p })));
const all = (id: NodeIdentity, f: 'loaded' | 'current', n: number) =>
  Array.from({ length: n }, (_, i) => id[f](i));

describe('NodeIdentity', () => {
  it('starts as the identity', () => {
    const id = new NodeIdentity(loaded);
    expect(all(id, 'loaded', 5)).toEqual([0, 1, 2, 3, 4]);
    expect(all(id, 'current', 5)).toEqual([0, 1, 2, 3, 4]);
  });

  it('follows the renumbering after a node is deleted', () => {
    const id = new NodeIdentity(loaded);
    // Node 1 deleted: 2, 3 and 4 become 1, 2 and 3.
    id.update(navOf([places[0], places[2], places[3], places[4]]));
    expect(all(id, 'loaded', 4)).toEqual([0, 2, 3, 4]);
    expect(all(id, 'current', 5)).toEqual([0, -1, 1, 2, 3]);
    expect(id.loaded(4)).toBe(-1);
  });

  it('follows two deletes, then an undo bringing a node back', () => {
    const id = new NodeIdentity(loaded);
    id.update(navOf([places[0], places[2], places[3], places[4]]));
    id.update(navOf([places[2], places[3], places[4]]));
    expect(all(id, 'loaded', 3)).toEqual([2, 3, 4]);
    expect(all(id, 'current', 5)).toEqual([-1, -1, 0, 1, 2]);
    id.update(navOf([places[0], places[2], places[3], places[4]]));
    expect(all(id, 'current', 5)).toEqual([0, -1, 1, 2, 3]);
  });

  it('keeps a moved node’s identity at its new place, and after undo and redo', () => {
    const id = new NodeIdentity(loaded);
    const moved: P = [150, 80, 0];
    id.moving(3, moved);
    const after = [places[0], places[1], places[2], moved, places[4]];
    id.update(navOf(after));
    expect(id.loaded(3)).toBe(3);
    expect(id.current(3)).toBe(3);
    id.update(loaded); // undo
    expect(all(id, 'loaded', 5)).toEqual([0, 1, 2, 3, 4]);
    id.update(navOf(after)); // redo
    expect(id.current(3)).toBe(3);
  });

  it('keeps a moved node’s identity through a later delete before it', () => {
    const id = new NodeIdentity(loaded);
    const moved: P = [-50, -50, 8];
    id.moving(4, moved);
    id.update(navOf([places[0], places[1], places[2], places[3], moved]));
    // The current node 4 is moved again after node 0 was deleted (it is now node 3).
    id.update(navOf([places[1], places[2], places[3], moved]));
    expect(id.loaded(3)).toBe(4);
    const again: P = [-60, -50, 8];
    id.moving(3, again);
    id.update(navOf([places[1], places[2], places[3], again]));
    expect(id.current(4)).toBe(3);
  });

  it('ignores a move of a node with no loaded identity', () => {
    const id = new NodeIdentity(loaded);
    id.update(navOf([places[0], [999, 999, 0]]));
    expect(id.loaded(1)).toBe(-1);
    id.moving(1, [5, 5, 5]);
    id.update(navOf([places[0], [5, 5, 5]]));
    expect(id.loaded(1)).toBe(-1);
  });

  it('leaves a node its identity when another is moved onto its place', () => {
    const id = new NodeIdentity(loaded);
    id.moving(3, places[1]);
    id.update(navOf([places[0], places[1], places[2], places[1], places[4]]));
    // Both nodes 1 and 3 stand at loaded node 1's place: node 1 stays node 1, node 3 is none.
    expect(all(id, 'loaded', 5)).toEqual([0, 1, 2, -1, 4]);
    expect(all(id, 'current', 5)).toEqual([0, 1, 2, -1, 4]);
    // Undone, the moved node is itself again.
    id.update(loaded);
    expect(all(id, 'loaded', 5)).toEqual([0, 1, 2, 3, 4]);
  });

  it('leaves a node its identity when a node before it is moved onto its place', () => {
    const id = new NodeIdentity(loaded);
    id.moving(0, places[2]);
    id.update(navOf([places[2], places[1], places[2], places[3], places[4]]));
    expect(all(id, 'loaded', 5)).toEqual([-1, 1, 2, 3, 4]);
    expect(id.current(2)).toBe(2);
    expect(id.current(0)).toBe(-1);
  });

  it('names a place a node left by the next node moved there', () => {
    const id = new NodeIdentity(loaded);
    const away: P = [0, 500, 0];
    id.moving(1, away);
    id.update(navOf([places[0], away, places[2], places[3], places[4]]));
    id.moving(2, places[1]);
    id.update(navOf([places[0], away, places[1], places[3], places[4]]));
    expect(all(id, 'loaded', 5)).toEqual([0, 1, 2, 3, 4]);
  });

  it('matches positions to a tenth of a unit, as the model rounds them', () => {
    const id = new NodeIdentity(loaded);
    id.update(
      navOf([
        [0.04, -0.04, 0],
        [100, 0.1, 0],
      ]),
    );
    expect(id.loaded(0)).toBe(0);
    expect(id.loaded(1)).toBe(-1);
  });

  it('answers -1 for numbers out of range', () => {
    const id = new NodeIdentity(loaded);
    expect([id.loaded(-1), id.loaded(5), id.current(-1), id.current(5)]).toEqual([-1, -1, -1, -1]);
  });

  it('handles an empty nav, and every node deleted', () => {
    expect(new NodeIdentity(viewNav([])).loaded(0)).toBe(-1);
    const id = new NodeIdentity(loaded);
    id.update(viewNav([]));
    expect(all(id, 'current', 5)).toEqual([-1, -1, -1, -1, -1]);
  });
});
