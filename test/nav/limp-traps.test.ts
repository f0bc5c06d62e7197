import { describe, expect, it } from 'vitest';
import {
  CLOSED_TRAP_SHARE,
  closedTrapNodes,
  limpTrapNodes,
  type TrapLink,
} from '../../src/nav/limp-traps.js';

const WALK = 1;
const JUMP = 10;
const DROP = 11;
const jumps = (type: number) => type === JUMP;

/** Links from `[from, to, type]` triples over `n` nodes. */
function links(n: number, list: [number, number, number][]): TrapLink[][] {
  const out: TrapLink[][] = Array.from({ length: n }, () => []);
  for (const [from, to, type] of list) out[from].push({ target: to, targetType: type });
  return out;
}

/** A room 0 ⇄ 1 ⇄ 2 walked both ways. */
const ROOM: [number, number, number][] = [
  [0, 1, WALK],
  [1, 0, WALK],
  [1, 2, WALK],
  [2, 1, WALK],
];

/** The trap flags of `n` nodes linked by `list`, as a plain array. */
const trapsOf = (n: number, list: [number, number, number][]) => [
  ...limpTrapNodes(links(n, list), jumps),
];

describe('limpTrapNodes', () => {
  it('marks a pit entered by a drop and left only by a jump', () => {
    expect(trapsOf(5, [...ROOM, [2, 3, DROP], [3, 4, WALK], [4, 3, WALK], [4, 2, JUMP]])).toEqual([
      0, 0, 0, 1, 1,
    ]);
  });

  it('does not mark a crate top entered by a jump and left by a drop', () => {
    expect(trapsOf(4, [...ROOM, [2, 3, JUMP], [3, 1, DROP]])).toEqual([0, 0, 0, 0]);
  });

  it('does not mark a place a walk leads out of through another place', () => {
    // 3 is left by a jump to 2 or a walk to 4, which walks back into the room.
    expect(trapsOf(5, [...ROOM, [2, 3, WALK], [3, 2, JUMP], [3, 4, WALK], [4, 0, WALK]])).toEqual([
      0, 0, 0, 0, 0,
    ]);
  });

  it('marks a dead end (no way out at all) and a node of no links', () => {
    expect(trapsOf(5, [...ROOM, [2, 3, WALK]])).toEqual([0, 0, 0, 1, 1]);
  });

  it('takes the largest walked component as the rest; on a tie the one with the lowest node', () => {
    // Two pairs joined only by jumps: {0, 1} and {2, 3}. The pair holding node 0 is the rest.
    const pairs: [number, number, number][] = [
      [0, 1, WALK],
      [1, 0, WALK],
      [2, 3, WALK],
      [3, 2, WALK],
      [1, 2, JUMP],
      [2, 1, JUMP],
    ];
    expect([...limpTrapNodes(links(4, pairs), jumps)]).toEqual([0, 0, 1, 1]);
    // A third node walked both ways with 2 and 3 makes theirs the larger.
    const bigger = links(5, [...pairs, [3, 4, WALK], [4, 3, WALK]]);
    expect([...limpTrapNodes(bigger, jumps)]).toEqual([1, 1, 0, 0, 0]);
  });

  it('ignores links to nodes the nav does not have and self-links', () => {
    const list = links(3, ROOM);
    list[2].push({ target: 7, targetType: WALK }, { target: 2, targetType: WALK });
    list[0].push({ target: -1, targetType: WALK });
    expect([...limpTrapNodes(list, jumps)]).toEqual([0, 0, 0]);
  });
});

/** A corridor of `n` nodes walked both ways. */
function corridor(n: number): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (let i = 0; i + 1 < n; i++) out.push([i, i + 1, WALK], [i + 1, i, WALK]);
  return out;
}

describe('closedTrapNodes', () => {
  /** 40 corridor nodes and a pocket of 2 (4.8 % of 42) entered by a drop, left by a jump. */
  const pocket = () =>
    links(42, [...corridor(40), [39, 40, DROP], [40, 41, WALK], [41, 40, WALK], [41, 39, JUMP]]);

  it('closes a small place with a jump out, whatever its share up to the limit', () => {
    expect([...closedTrapNodes(pocket(), jumps)].slice(38)).toEqual([0, 0, 1, 1]);
    expect(2 / 42).toBeLessThanOrEqual(CLOSED_TRAP_SHARE);
  });

  it('leaves open a place holding more than the share (a floor joined by jumps)', () => {
    expect([...closedTrapNodes(pocket(), jumps, 0.04)].slice(38)).toEqual([0, 0, 0, 0]);
  });

  it('leaves a dead end (no way out at all) to connect', () => {
    const list = links(42, [...corridor(40), [39, 40, DROP], [40, 41, WALK], [41, 40, WALK]]);
    expect([...closedTrapNodes(list, jumps)].slice(38)).toEqual([0, 0, 0, 0]);
  });

  it('judges the place as a whole: two traps joined by a walk one way are one place', () => {
    // 41 → 40 only; the jump out is from 40. Place {40, 41} has a way out.
    const list = links(42, [...corridor(40), [39, 41, DROP], [41, 40, WALK], [40, 39, JUMP]]);
    expect([...closedTrapNodes(list, jumps)].slice(38)).toEqual([0, 0, 1, 1]);
  });
});
