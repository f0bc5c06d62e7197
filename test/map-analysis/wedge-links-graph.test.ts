/**
 * The engine's bot, which never sidesteps, wedges where real bots stood; `wedge-links` lets
 * such a link go where the graph has another way, and keeps it where it has none.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCollisionModel, type CollisionModel } from '../../src/world/collision-model.js';
import { simulateLink, type LinkToSimulate } from '../../src/simulated-bot/simulate-link.js';
import { engineBotWedgeSteps } from '../../src/map-analysis/engine-bot-wedges.js';
import { wedgeLinksGraphSteps } from '../../src/map-analysis/wedge-links-graph.js';
import { wedgeLinks } from '../../src/operators/wedge-links.js';
import { from, lastValueFrom, toArray } from 'rxjs';
import {
  nodeWithoutVotes,
  NO_LINK_EVIDENCE,
  type DraftGraph,
} from '../../src/stage/graph-types.js';
import { runToEnd } from '../../src/pausing/run-steps.js';
import { describeFixtures, fixture } from '../helpers/fixtures.js';
import type { ReadonlyVec3 } from '../../src/geometry/vec3.js';

const walk = (from: ReadonlyVec3, to: ReadonlyVec3): LinkToSimulate => ({
  from,
  to,
  linkType: 'MOVE',
  fromType: 'MOVE',
  toType: 'MOVE',
});

// navgen's ghetto nav of 2026-11-26 (nodes 70 → 178, and 820 beside them): real bots touched
// 70 in the small room south of the corridor, turned to 178 and stood at (-280.125, -103.875,
// -95.875), the pillar's south-west nook, for seconds on end.
const A: ReadonlyVec3 = [-275.25, -65.25, -96];
const B: ReadonlyVec3 = [-196.375, -118.875, -96];
const C: ReadonlyVec3 = [-187, -59, -96];
const ROOM: ReadonlyVec3 = [-285, -100, -96];

describeFixtures('links the engine\u2019s bot wedges on (ghetto)', () => {
  let model: CollisionModel;
  beforeAll(async () => {
    model = await loadCollisionModel(fixture('maps', 'ghetto.bsp'));
  }, 60_000);

  it('from the room, the sidestepping bot walks round the nook; the engine\u2019s bot stays in it', () => {
    const fromRoom = { ...walk(A, B), from: ROOM };
    expect(simulateLink(model, fromRoom).passed).toBe(true);
    const engine = simulateLink(model, fromRoom, { sidestep: false });
    expect(engine.passed).toBe(false);
    expect(Math.hypot(engine.end[0] + 280.125, engine.end[1] + 103.875)).toBeLessThan(1);
  });

  it('marks the nook link wedging, and the two walks round the pillar not', () => {
    const w = runToEnd(engineBotWedgeSteps(model, [walk(A, B), walk(A, C), walk(C, B)]));
    expect([...w]).toEqual([1, 0, 0]);
  });

  const graph = (withWayRound: boolean): DraftGraph => {
    const links = [
      { from: 0, to: 1, type: 'MOVE', ...NO_LINK_EVIDENCE },
      { from: 1, to: 0, type: 'MOVE', ...NO_LINK_EVIDENCE },
      ...(withWayRound
        ? [
            { from: 0, to: 2, type: 'MOVE', ...NO_LINK_EVIDENCE },
            { from: 2, to: 1, type: 'MOVE', ...NO_LINK_EVIDENCE },
          ]
        : []),
    ];
    return { nodes: [A, B, C].map((p) => nodeWithoutVotes(p, 'MOVE', 'map')), links };
  };

  it('the stage takes the nook link away where the way round the pillar remains', () => {
    const r = runToEnd(wedgeLinksGraphSteps(graph(true), model, { maxExtra: 1024 }));
    expect(r.graph.links.map((l) => [l.from, l.to])).toEqual([
      [1, 0],
      [0, 2],
      [2, 1],
    ]);
    expect(r.stats).toMatchObject({ links: 4, wedging: 1, removed: 1, wedgingKept: 0 });
  });

  it('and keeps it where it is the only way, or the way round is too long', () => {
    const alone = runToEnd(wedgeLinksGraphSteps(graph(false), model, { maxExtra: 1024 }));
    expect(alone.graph.links).toHaveLength(2);
    expect(alone.stats).toMatchObject({ wedging: 1, removed: 0, wedgingKept: 1 });
    // The way round over C is 149 units long, 54 more than the link (95 units).
    const tight = runToEnd(wedgeLinksGraphSteps(graph(true), model, { maxExtra: 10 }));
    expect(tight.stats).toMatchObject({ removed: 0, wedgingKept: 1 });
  });
});

describe('the wedge-links operator', () => {
  it('passes the graph on without a BSP, and says so', async () => {
    const graph: DraftGraph = {
      nodes: [A, B].map((p) => nodeWithoutVotes(p, 'MOVE', 'map')),
      links: [{ from: 0, to: 1, type: 'MOVE', ...NO_LINK_EVIDENCE }],
    };
    const out = await lastValueFrom(
      from([{ kind: 'graph' as const, graph }]).pipe(
        wedgeLinks({}, async () => null),
        toArray(),
      ),
    );
    expect(out[0]).toEqual({ kind: 'graph', graph });
    expect(out[1]).toMatchObject({
      kind: 'summary',
      stage: 'wedge-links',
      data: { skipped: expect.any(String) },
    });
  });
});
