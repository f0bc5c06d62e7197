/**
 * The played area: 64-unit cells where living players stood (not the recorder's dummy, not
 * spectators), of the given map's segments only, and the share of it bots reached.
 */
import { describe, expect, it } from 'vitest';
import {
  cellKey,
  PLAYED_CELL,
  PlayedCells,
  playedCells,
  playedShare,
} from '../../src/engine/played-cells.js';
import type { DemoEvent } from '../../src/sources/demo/events.js';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import { analyzeDemo } from '../../src/engine/analyze-demo.js';
import { readNavFile } from '../../src/nav/formats/aqtion/read-nav.js';
import { floorCells, mapFloor } from '../../src/engine/floor-cells.js';
import { roomsMesh } from '../helpers/rooms-mesh.js';
import { readFileSync } from 'node:fs';

const segment = (map: string) => ({ kind: 'segment', map, clientNum: 15 }) as unknown as DemoEvent;
const frame = (players: { slot: number; pmType: number; origin: [number, number, number] }[]) =>
  ({ kind: 'frame', players }) as unknown as DemoEvent;

describe('played cells', () => {
  it('keys cells of 64 units, the same key for every point of a cell', () => {
    expect(cellKey(0, 0, 0)).toBe(cellKey(63.9, 63.9, 63.9));
    expect(cellKey(0, 0, 0)).not.toBe(cellKey(64, 0, 0));
    expect(cellKey(-1, 0, 0)).not.toBe(cellKey(0, 0, 0));
    expect(PLAYED_CELL).toBe(64);
  });

  it('counts living players of the map only, never the dummy or the dead', () => {
    const c = new PlayedCells('wizs');
    c.feed(segment('wizs'));
    c.feed(
      frame([
        { slot: 1, pmType: 0, origin: [10, 10, 24] },
        { slot: 15, pmType: 0, origin: [500, 500, 24] }, // the recorder's dummy
        { slot: 2, pmType: 2, origin: [900, 900, 24] }, // dead
      ]),
    );
    c.feed(segment('city'));
    c.feed(frame([{ slot: 1, pmType: 0, origin: [2000, 0, 24] }]));
    expect(c.result()).toEqual([cellKey(10, 10, 24)]);
  });

  it('says the share of the played cells reached', () => {
    expect(playedShare([1, 2, 3, 4], [2, 4, 9])).toBe(0.5);
    expect(playedShare([], [1])).toBeNull();
  });
});

describe('the walkable floor as cells', () => {
  it('keys every cell of every area at the height a standing player’s origin has there', () => {
    // A, B and C at origin height 24 (cells x 0, 1 and y 1), D 40 units up: one cell layer higher.
    expect(floorCells(roomsMesh())).toEqual(
      [cellKey(32, 32, 24), cellKey(96, 32, 24), cellKey(32, 80, 24), cellKey(96, 80, 64)].sort(
        (a, b) => a - b,
      ),
    );
  });
});

describeFixtures('the walkable floor of a real map', () => {
  it('holds most cells the players of its demos stood in, and not every one', async () => {
    const floor = await mapFloor(readFileSync(fixture('maps', 'wizs.bsp')));
    expect(floor.from).toBe('floor');
    const played = await playedCells(
      [fixture('demos', 'mvd2', 'corpus', 'wizs', 'wizs_dm_6bots_240s_sk9_c3.mvd2.gz')],
      'wizs',
    );
    // Players also stand in cells above the floor (jumps, stairs between two layers, ladders).
    const share = playedShare(played, floor.cells)!;
    expect(share).toBeGreaterThan(0.3);
    expect(share).toBeLessThan(1);
    expect([...floor.cells]).toEqual([...floor.cells].sort((a, b) => a - b));
  });
});

describeFixtures('the played area of a real demo', () => {
  it('is where the players went, and a trial analysis of the same demo reaches all of it', async () => {
    const demo = fixture('demos', 'mvd2', 'corpus', 'wizs', 'wizs_dm_6bots_240s_sk9_c3.mvd2.gz');
    const played = await playedCells([demo], 'wizs');
    expect(played.length).toBeGreaterThan(100);
    expect(await playedCells([demo], 'city')).toEqual([]);
    const nav = (await readNavFile(fixture('nav', 'wizs.autogen.nav'))).nav;
    const a = await analyzeDemo(demo, nav);
    // The bots of that demo are its players: they reached every cell of it.
    expect(playedShare(played, a.cells)).toBe(1);
  });
});
