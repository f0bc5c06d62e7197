/** The small pieces of the offline nav test, on hand-made data. */
import { describe, expect, it } from 'vitest';
import { nodeReached } from '../../src/simulated-bot/node-reached.js';
import { reachableNodes, returningNodes } from '../../src/navtest/reachability.js';
import { linkKind } from '../../src/simulated-bot/link-kind.js';
import { offlineReport } from '../../src/navtest/offline-report.js';
import type { LinkResult } from '../../src/simulated-bot/simulate-link.js';

const STAND = { mins: [-16, -16, -24], maxs: [16, 16, 32] };
const CROUCH = { mins: [-16, -16, -24], maxs: [16, 16, 4] };

describe('nodeReached (the bot’s box rule)', () => {
  it('touches within 37 u per horizontal axis and 61 u vertically for a standing player', () => {
    const node = [0, 0, 0];
    expect(nodeReached([37, 37, 0], STAND.mins, STAND.maxs, node)).toBe(true);
    expect(nodeReached([37.01, 0, 0], STAND.mins, STAND.maxs, node)).toBe(false);
    expect(nodeReached([0, -37.01, 0], STAND.mins, STAND.maxs, node)).toBe(false);
    expect(nodeReached([0, 0, 61], STAND.mins, STAND.maxs, node)).toBe(true);
    expect(nodeReached([0, 0, 61.01], STAND.mins, STAND.maxs, node)).toBe(false);
    expect(nodeReached([0, 0, -61], STAND.mins, STAND.maxs, node)).toBe(true);
    expect(nodeReached([0, 0, -61.01], STAND.mins, STAND.maxs, node)).toBe(false);
  });
  it('a crouched player reaches less far below the node', () => {
    expect(nodeReached([0, 0, -33], CROUCH.mins, CROUCH.maxs, [0, 0, 0])).toBe(true);
    expect(nodeReached([0, 0, -34], CROUCH.mins, CROUCH.maxs, [0, 0, 0])).toBe(false);
  });
});

describe('linkKind', () => {
  it.each([
    ['MOVE', 'MOVE', 'MOVE', 'walk'],
    ['CROUCH', 'MOVE', 'CROUCH', 'crouch'],
    ['JUMP', 'MOVE', 'JUMP', 'jump'],
    ['STAND_DROP', 'MOVE', 'MOVE', 'drop'],
    ['UNSAFE_DROP', 'MOVE', 'MOVE', 'drop'],
    ['WATER', 'MOVE', 'WATER', 'swim'],
    ['LADDER', 'LADDER', 'LADDER', 'ladder'],
    ['MOVE', 'LADDER', 'LADDER', 'ladder'],
    // The running bot climbs only between two LADDER nodes (BOTLIB_Wander): onto a ladder end
    // from the floor, off it to the floor, and every LADDER_UP / LADDER_DOWN link are runs.
    ['LADDER', 'MOVE', 'LADDER', 'walk'],
    ['MOVE', 'LADDER', 'MOVE', 'walk'],
    ['LADDER_UP', 'LADDER_DOWN', 'LADDER_UP', 'walk'],
    ['LADDER_DOWN', 'LADDER_UP', 'LADDER_DOWN', 'walk'],
    ['LADDER', 'LADDER_DOWN', 'LADDER', 'walk'],
    ['MOVE', 'LADDER_UP', 'MOVE', 'walk'],
    ['SPAWNPOINT', 'MOVE', 'SPAWNPOINT', 'walk'],
  ])('%s link from %s to %s: %s', (link, from, to, kind) => {
    expect(linkKind(link, from, to)).toBe(kind);
  });
});

describe('reachableNodes', () => {
  // 0 → 1 → 2, 2 → 3 failed, 4 isolated; spawn near node 0, another spawn far from all
  const origins = new Float64Array([0, 0, 0, 100, 0, 0, 200, 0, 0, 300, 0, 0, 1000, 0, 0]);
  const links = new Int32Array([0, 1, 1, 2, 2, 3, 3, 4]);
  const passed = new Uint8Array([1, 1, 0, 1]);
  it('walks passing links from the node nearest each spawn within the radius', () => {
    const spawns = new Float64Array([10, 0, 20, 5000, 0, 0]);
    const r = reachableNodes(origins, links, passed, spawns);
    expect([...r.reachable]).toEqual([1, 1, 1, 0, 0]);
    expect([...r.startNodes]).toEqual([0, -1]);
  });
  it('reaches nothing without a spawn near a node', () => {
    const r = reachableNodes(origins, links, passed, new Float64Array([5000, 0, 0]));
    expect([...r.reachable]).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('returningNodes', () => {
  it('finds the unreached nodes that lead back to reached ones through passing links', () => {
    // 0 ↔ 1 reached; 2 → 1 and 3 → 2 lead back; 4 → 3 failed; 5 ↔ 6 lead nowhere; 1 → 7 only in
    const links = new Int32Array([0, 1, 1, 0, 2, 1, 3, 2, 4, 3, 5, 6, 6, 5, 1, 7]);
    const passed = new Uint8Array([1, 1, 1, 1, 0, 1, 1, 1]);
    const reachable = new Uint8Array([1, 1, 0, 0, 0, 0, 0, 1]);
    expect([...returningNodes(links, passed, reachable)]).toEqual([0, 0, 1, 1, 0, 0, 0, 0]);
  });
});

describe('offlineReport', () => {
  const ok = (steps: number): LinkResult => ({
    passed: true,
    reason: 'reached',
    detail: '',
    steps,
    end: [0, 0, 0],
    health: 100,
    stalled: false,
  });
  const bad = (reason: LinkResult['reason'], steps: number): LinkResult => ({
    passed: false,
    reason,
    detail: reason,
    steps,
    end: [0, 0, 0],
    health: 0,
    stalled: false,
  });
  it('counts coverage, bad links, bad nodes and rates per simulated minute', () => {
    const r = offlineReport({
      map: 'm',
      nodeCount: 4,
      links: [
        { from: 0, to: 1, type: 'MOVE', result: ok(300) },
        { from: 1, to: 2, type: 'STAND_DROP', result: bad('died', 150) }, // the only way into 2: deadly
        { from: 1, to: 3, type: 'MOVE', result: bad('timed-out', 150) },
        { from: 3, to: 1, type: 'MOVE', result: bad('bad-start', 0) },
      ],
      reachable: new Uint8Array([1, 1, 0, 0]),
      startNodes: new Int32Array([0]),
    });
    expect(r.coverage_ratio).toBe(0.5);
    expect(r.unreachable_nodes).toEqual([2, 3]);
    expect(r.bad_links).toEqual([
      [1, 2],
      [1, 3],
      [3, 1],
    ]);
    expect(r.bad_nodes).toEqual([2, 3]);
    // 600 thinks = 60 s = 1 minute: 1 death, 1 stuck per minute; per traversal 1/4
    expect(r.test_duration_s).toBe(60);
    expect(r.death_rate_per_bot_min).toBe(1);
    expect(r.stuck_rate_per_bot_min).toBe(1);
    expect(r.death_rate_per_traversal).toBe(0.25);
    expect(r.link_failures).toEqual({ 'bad-start': 1, died: 1, 'timed-out': 1 });
    expect(r.total_node_visits).toBe(1);
    expect(r.passed).toBe(false);
  });
  it('passes a nav whose every link passes and that the spawns reach', () => {
    const r = offlineReport({
      map: 'm',
      nodeCount: 2,
      links: [
        { from: 0, to: 1, type: 'MOVE', result: ok(10) },
        { from: 1, to: 0, type: 'MOVE', result: ok(10) },
      ],
      reachable: new Uint8Array([1, 1]),
      startNodes: new Int32Array([0]),
    });
    expect(r.passed).toBe(true);
    expect(r.coverage_ratio).toBe(1);
  });
  it('counts way-back nodes as covered and lists them apart from the unreachable', () => {
    const r = offlineReport({
      map: 'm',
      nodeCount: 4,
      links: [
        { from: 0, to: 1, type: 'MOVE', result: ok(10) },
        { from: 1, to: 0, type: 'MOVE', result: ok(10) },
        { from: 2, to: 1, type: 'STAND_DROP', result: ok(10) },
      ],
      reachable: new Uint8Array([1, 1, 0, 0]),
      returning: new Uint8Array([0, 0, 1, 0]),
      startNodes: new Int32Array([0]),
    });
    expect(r.return_nodes).toEqual([2]);
    expect(r.unreachable_nodes).toEqual([3]);
    expect(r.coverage_ratio).toBe(0.75);
  });
});
