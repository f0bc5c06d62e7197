/**
 * The entity history of the client demo decoder (`entity-history.ts`): one live list patched
 * in place, the lists before it rebuilt from their changes. Random changes on random bases (the
 * last list or any earlier one, as a damaged or unusual demo may delta from any frame) must give
 * every list exactly as a plain copy per list would: same entity numbers, same state objects,
 * same `keep` marks.
 */
import { describe, expect, it } from 'vitest';
import {
  EMPTY_LIST,
  EntityHistory,
  type EntityList,
} from '../../../src/sources/dm2/entity-history.js';
import { EntityState, NULL_STATE, shareable } from '../../../src/sources/dm2/entity-state.js';

/** A state of entity `number`; `event` set makes it one that `keep` marks 0. */
function state(number: number, x: number, event = 0): EntityState {
  const s = new EntityState(NULL_STATE);
  s.number = number;
  s.x8 = x;
  s.oldx8 = x;
  s.event = event;
  return s;
}

/** Deterministic pseudo-random integers in [0, n). */
function rng(seed: number): (n: number) => number {
  let s = seed;
  return (n) => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return (s >>> 16) % n;
  };
}

function live(h: EntityHistory): { nums: number[]; ents: EntityState[]; keep: number[] } {
  return {
    nums: Array.from(h.nums.subarray(0, h.count)),
    ents: h.ents.slice(0, h.count),
    keep: Array.from(h.keep.subarray(0, h.count)),
  };
}

describe('dm2 entity history', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`rebuilds every earlier list exactly (seed ${seed})`, () => {
      const rand = rng(seed);
      const h = new EntityHistory();
      const lists: EntityList[] = [];
      const models: EntityState[][] = [];
      for (let frame = 0; frame < 400; frame++) {
        // Mostly the last list, sometimes an earlier one (a rebuild), sometimes none.
        const r = rand(10);
        const k =
          lists.length === 0 || r === 0
            ? -1
            : r < 8
              ? lists.length - 1
              : Math.max(0, lists.length - 1 - rand(20));
        h.begin(k < 0 ? EMPTY_LIST : lists[k]);
        const model = k < 0 ? [] : models[k].slice();
        expect(live(h).ents).toEqual(model);
        expect(live(h).nums).toEqual(model.map((e) => e.number));
        expect(h.dirty).toBe(model.filter((e) => !shareable(e)).length);
        for (let n = rand(4); n > 0; n--) {
          const op = rand(3);
          if (op === 0 && model.length > 0) {
            const p = rand(model.length);
            const e = state(model[p].number, rand(100), rand(3) === 0 ? 1 : 0);
            h.replace(p, e);
            model[p] = e;
          } else if (op === 1 || model.length === 0) {
            const p = rand(model.length + 1);
            const e = state(1 + rand(60), rand(100), rand(3) === 0 ? 1 : 0);
            h.insert(p, e);
            model.splice(p, 0, e);
          } else {
            const p = rand(model.length);
            h.remove(p);
            model.splice(p, 1);
          }
        }
        const list = h.end();
        const now = live(h);
        expect(now.ents).toEqual(model);
        for (let i = 0; i < model.length; i++) expect(now.ents[i]).toBe(model[i]);
        expect(now.keep).toEqual(model.map((e) => (shareable(e) ? 1 : 0)));
        lists.push(list);
        models.push(model);
      }
    });
  }
});
