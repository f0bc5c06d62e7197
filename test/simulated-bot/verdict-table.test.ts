/**
 * The verdict table: a run's key names everything that decides it; a run the table knows is not
 * simulated again; and a run without the sidestep is answered by its twin with the sidestep when
 * the bot never stood still in that twin (the sidestep only acts after a standstill), with the
 * result a simulation without the table gives. A box world: open floor, and a wall in the way.
 */
import { describe, expect, it } from 'vitest';
import { buildCollisionModel } from '../../src/world/collision-model.js';
import { simulateLinkFromReach } from '../../src/simulated-bot/reach-starts.js';
import {
  simulateLinkDefaults,
  type LinkToSimulate,
  type SimulateLinkOptions,
} from '../../src/simulated-bot/simulate-link.js';
import { attachVerdicts, verdictKey, VerdictTable } from '../../src/simulated-bot/verdict-table.js';
import { box, syntheticWorld } from '../map-analysis/synthetic-world.js';
import { CONTENTS_SOLID as SOLID } from '../../src/sources/bsp/contents-flags.js';

const world = syntheticWorld([
  box([-512, -512, -32], [512, 512, 0], SOLID),
  // A wall across the way of the blocked link, wider than the bot can sidestep round.
  box([100, -400, 0], [132, 400, 128], SOLID),
]);
const walk = (from: number[], to: number[]): LinkToSimulate => ({
  from: [from[0], from[1], 24.125],
  to: [to[0], to[1], 24.125],
  linkType: 'MOVE',
  fromType: 'MOVE',
  toType: 'MOVE',
});
const open = walk([-300, -200], [-100, -200]);
const blocked = walk([0, 0], [300, 0]);
const ENGINE_BOT = { sidestep: false };

describe('the verdict table', () => {
  it('keys every option: changing any one gives another key', () => {
    const base = verdictKey('reach', open, simulateLinkDefaults);
    for (const [name, value] of Object.entries(simulateLinkDefaults)) {
      const other = typeof value === 'boolean' ? !value : (value as number) + 1;
      const o = { ...simulateLinkDefaults, [name]: other } as SimulateLinkOptions;
      expect(verdictKey('reach', open, o), name).not.toBe(base);
    }
    expect(verdictKey('link', open, simulateLinkDefaults)).not.toBe(base);
    expect(verdictKey('reach', { ...open, start: [1, 2, 3] }, simulateLinkDefaults)).not.toBe(base);
  });

  it('answers what it knows, and the engine\u2019s bot from a twin that never stood still', () => {
    const model = buildCollisionModel(world);
    const table = new VerdictTable();
    attachVerdicts(model, table);
    const bare = buildCollisionModel(world); // no table: every run simulated

    const first = simulateLinkFromReach(model, open);
    expect(first.passed).toBe(true);
    expect(first.stalled).toBe(false);
    const added = table.added;
    expect(simulateLinkFromReach(model, open)).toBe(first);
    // The engine's bot on the open walk: its twin decides it, nothing is simulated.
    const engine = simulateLinkFromReach(model, open, ENGINE_BOT);
    expect(table.added).toBe(added);
    const truth = simulateLinkFromReach(bare, open, ENGINE_BOT);
    expect({ ...engine, stalled: false }).toEqual({ ...truth, stalled: false });

    // Into the wall: the bot stands still, so the engine's bot is simulated for itself.
    const pressed = simulateLinkFromReach(model, blocked);
    expect(pressed.stalled).toBe(true);
    const before = table.added;
    const engineBlocked = simulateLinkFromReach(model, blocked, ENGINE_BOT);
    expect(table.added).toBeGreaterThan(before);
    expect(engineBlocked).toEqual(simulateLinkFromReach(bare, blocked, ENGINE_BOT));
  });
});
