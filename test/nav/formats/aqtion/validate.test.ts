/**
 * validateNav, code by code, on small hand-built navs. Offsets are payload offsets worked out
 * by hand: version 2 node records are 24 + 7 × links bytes and start at 2.
 */
import { describe, expect, it } from 'vitest';
import type { NavFile, NavNode } from '../../../../src/nav/types.js';
import { validateNav } from '../../../../src/nav/formats/aqtion/validate.js';
import { JUMP_LINK_COST, LADDER_ENTRY_COST } from '../../../../src/nav/link-cost.js';

function node(i: number, origin: [number, number, number], links: NavNode['links'] = []): NavNode {
  return { area: 0, origin, type: 1, nodenum: i, inuse: 1, links };
}

/** Node 0 at (0,0,0)+... ; node 0 @2 (links @26), node 1 @2+24+7k. */
function nav(): NavFile {
  return {
    version: 2,
    nodes: [node(0, [8, 0, 0], [{ target: 1, targetType: 1, cost: 5 }]), node(1, [8, 3, 4])],
  };
}

const summary = (n: NavFile) =>
  validateNav(n).map((i) => [i.code, i.severity, i.node, i.link, i.offset]);

describe('validateNav', () => {
  it('finds nothing in a valid nav', () => {
    expect(validateNav(nav())).toEqual([]);
  });

  it('warns about what the loader repairs: inuse 0 and origin (0, 0, 0)', () => {
    const n = nav();
    n.nodes[1].inuse = 0;
    n.nodes[1].origin = [0, 0, 0];
    n.nodes[0].links[0].cost = 8;
    expect(summary(n)).toEqual([
      ['ZERO_ORIGIN', 'warning', 1, -1, 37],
      ['NODE_NOT_IN_USE', 'warning', 1, -1, 52],
    ]);
  });

  it('warns about self-links and duplicate links', () => {
    const n = nav();
    n.nodes[0].links.push(
      { target: 0, targetType: 1, cost: 0 },
      { target: 1, targetType: 4, cost: 5 },
    );
    expect(summary(n)).toEqual([
      ['SELF_LINK', 'warning', 0, 1, 33],
      ['DUPLICATE_LINK', 'warning', 0, 2, 40],
    ]);
  });

  it('refuses nodenum ≠ index, bad type bytes and bad inuse', () => {
    const n = nav();
    n.nodes[1].nodenum = 7;
    n.nodes[1].type = 256;
    n.nodes[1].inuse = 2 ** 31;
    n.nodes[0].links[0].targetType = -1;
    expect(summary(n)).toEqual([
      ['BAD_LINK_TYPE', 'error', 0, 0, 28],
      ['BAD_NODE_TYPE', 'error', 1, -1, 49],
      ['BAD_NODENUM', 'error', 1, -1, 50],
      ['BAD_INUSE', 'error', 1, -1, 52],
    ]);
  });

  it('refuses an area that is not an i32, or any area in version 1', () => {
    const n = nav();
    n.nodes[0].area = 1.5;
    expect(summary(n)).toEqual([['BAD_AREA', 'error', 0, -1, 2]]);
    n.nodes[0].area = 3;
    n.version = 1;
    expect(summary(n)).toEqual([['BAD_AREA', 'error', 0, -1, 2]]);
  });

  it('refuses wrong, negative and NaN costs', () => {
    const n = nav();
    n.nodes[0].links[0].cost = 5.000001;
    expect(summary(n)).toEqual([['LINK_COST_MISMATCH', 'error', 0, 0, 29]]);
    n.nodes[0].links[0].cost = NaN;
    expect(summary(n)).toEqual([['BAD_LINK_COST', 'error', 0, 0, 29]]);
  });

  it('accepts the ladder entry cost on a link into a ladder node, and only there', () => {
    const n = nav();
    n.nodes[0].links[0].cost = 5 + LADDER_ENTRY_COST;
    expect(summary(n)).toEqual([['LINK_COST_MISMATCH', 'error', 0, 0, 29]]);
    n.nodes[1].type = 3; // LADDER
    expect(summary(n)).toEqual([]);
    n.nodes[0].type = 3; // ladder to ladder: the distance only
    expect(summary(n)).toEqual([['LINK_COST_MISMATCH', 'error', 0, 0, 29]]);
  });

  it('accepts the jump cost on a JUMP link, and the distance alone there (engine files)', () => {
    const n = nav();
    n.nodes[0].links[0].cost = 5 + JUMP_LINK_COST;
    expect(summary(n)).toEqual([['LINK_COST_MISMATCH', 'error', 0, 0, 29]]);
    n.nodes[0].links[0].targetType = 10; // JUMP
    expect(summary(n)).toEqual([]);
    n.nodes[0].links[0].cost = 5;
    expect(summary(n)).toEqual([]);
  });

  it('refuses non-integer targets', () => {
    const n = nav();
    n.nodes[0].links[0].target = 0.5;
    expect(summary(n)[0]).toEqual(['BAD_LINK_TARGET', 'error', 0, 0, 26]);
  });
});
