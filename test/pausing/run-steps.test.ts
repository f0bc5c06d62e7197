/**
 * Work that pauses (`src/pausing/run-steps.ts`): the runners, and the stages' step generators —
 * they pause more than once, within their long loops too, and return what their at-once
 * forms return.
 */
import { describe, expect, it } from 'vitest';
import { runGivingWay, runToEnd, type Steps } from '../../src/pausing/run-steps.js';
import { fillGraph, fillGraphSteps } from '../../src/map-analysis/fill-graph.js';
import { checkLinkSteps, checkLinks, LINKS_PER_STEP } from '../../src/map-analysis/link-check.js';
import { SAMPLES_PER_STEP, walkFloor, walkFloorSteps } from '../../src/map-analysis/floor-walk.js';
import { floorGrid } from '../../src/map-analysis/floor-grid.js';
import { sampleFloor } from '../../src/map-analysis/walkable-floor.js';
import { fillDefaults } from '../../src/operators/fill.js';
import { connectDefaults } from '../../src/operators/connect.js';
import { feedbackDefaults } from '../../src/operators/feedback.js';
import { connectGraph, connectGraphSteps } from '../../src/map-analysis/connect-graph.js';
import {
  NO_LINK_EVIDENCE,
  nodeWithoutVotes,
  type DraftGraph,
  type DraftLink,
} from '../../src/stage/graph-types.js';
import { EMPTY_FEEDBACK } from '../../src/sources/feedback/feedback.js';
import { buildCollisionModel } from '../../src/world/collision-model.js';
import { box, syntheticWorld } from '../map-analysis/synthetic-world.js';

/** Runs `steps` to the end, counting its pauses. */
/** Runs `steps`, counting the pauses, and keeping the work handed over ahead at them. */
function pauses<T>(steps: Steps<T>): { value: T; pauses: number; ahead: unknown[][] } {
  let n = 0;
  const ahead: unknown[][] = [];
  for (;;) {
    const r = steps.next();
    if (r.done) return { value: r.value, pauses: n, ahead };
    if (r.value) ahead.push([...r.value.ahead]);
    n++;
  }
}

describe('the runners', () => {
  function* three(log: string[]): Steps<string> {
    log.push('step 1');
    yield;
    log.push('step 2');
    yield;
    log.push('step 3');
    return 'done';
  }

  it('runToEnd runs every step at once', () => {
    const log: string[] = [];
    expect(runToEnd(three(log))).toBe('done');
    expect(log).toEqual(['step 1', 'step 2', 'step 3']);
  });

  it('runGivingWay lets timers and other macrotasks run between the steps', async () => {
    const log: string[] = [];
    setImmediate(() => log.push('macrotask'));
    setTimeout(() => log.push('timer'), 0);
    const done = runGivingWay(three(log));
    // Nothing ran past the first pause yet: the caller's thread is free.
    expect(log).toEqual(['step 1']);
    expect(await done).toBe('done');
    expect(log.indexOf('macrotask')).toBeGreaterThan(0);
    expect(log.indexOf('macrotask')).toBeLessThan(log.indexOf('step 3'));
  });
});

describe('the stages pause', () => {
  const SOLID = 1;
  // A 1024 × 1024 floor (1,024 samples at 32 units), a wall with a door across it.
  const world = syntheticWorld([
    box([-512, -512, -32], [512, 512, 0], SOLID),
    box([-16, -512, 0], [16, -64, 128], SOLID),
    box([-16, 64, 0], [16, 512, 128], SOLID),
  ]);
  const collision = buildCollisionModel(world);
  const floor = sampleFloor(world, 32);
  // A demo node's stand-in: fill seeds the floor walk from every ground node.
  const seed = nodeWithoutVotes([-300, 0, 24.125], 'MOVE', 'spawn');

  it('the floor walk, every SAMPLES_PER_STEP samples, walking the same floor', () => {
    const grid = floorGrid(floor);
    const o = { maxDz: 18, maxDrop: 0, maxJump: 0, gapJumps: false };
    const r = pauses(walkFloorSteps(world, null, grid, [seed], [true], [], o));
    expect(r.value.order.length).toBeGreaterThan(2 * SAMPLES_PER_STEP);
    expect(r.pauses).toBeGreaterThanOrEqual(Math.floor(r.value.order.length / SAMPLES_PER_STEP));
    expect(r.value).toEqual(walkFloor(world, null, grid, [seed], [true], [], o));
  });

  /**
   * A row of nodes 48 units apart, each linked to the next, in more links than a step holds
   * (`LINKS_PER_STEP` + 40, the row over and over); one link runs into the wall.
   */
  const row = () => ({
    nodes: Array.from({ length: 20 }, (_, k) =>
      nodeWithoutVotes([-480 + 48 * k, 200, 24.125], 'MOVE', 'map'),
    ),
    links: Array.from({ length: LINKS_PER_STEP + 40 }, (_, k) => ({
      from: k % 19,
      to: (k % 19) + 1,
      type: 'MOVE',
      ...NO_LINK_EVIDENCE,
    })),
  });

  it('the link check, every LINKS_PER_STEP links, keeping the same links', () => {
    const { nodes, links } = row();
    const r = pauses(checkLinkSteps(collision, nodes, links, 0, false));
    // One pause hands every run over ahead (a run from reach a link), one every LINKS_PER_STEP.
    expect(r.pauses).toBe(2);
    expect(r.ahead).toHaveLength(1);
    expect(r.ahead[0]).toHaveLength(links.length);
    expect(r.ahead[0].every((x) => (x as { run: string }).run === 'reach')).toBe(true);
    expect(r.value).toEqual(checkLinks(collision, nodes, links, 0, false));
    // What the check decides still shows: the link through the wall goes.
    expect(r.value.kept.length).toBeLessThan(links.length);
  });

  it('fill, between its steps, making the same graph', () => {
    // A small room with a wall at one side (the link check runs the simulated bot on every
    // filled link).
    const room = syntheticWorld([
      box([-192, -192, -32], [192, 192, 0], SOLID),
      box([160, -192, 0], [192, 192, 128], SOLID),
    ]);
    const demo: DraftGraph = {
      nodes: [nodeWithoutVotes([-100, 0, 24.125], 'MOVE', 'spawn')],
      links: [],
    };
    const map = {
      world: room,
      collision: buildCollisionModel(room),
      floor: sampleFloor(room, 64),
      cached: false,
    };
    const r = pauses(fillGraphSteps(demo, map, fillDefaults));
    expect(r.pauses).toBeGreaterThan(1);
    expect(r.value.graph.nodes.length).toBeGreaterThan(5);
    expect(r.value).toEqual(fillGraph(demo, map, fillDefaults));
  });

  it('connect, within its rounds, making the same graph', () => {
    // 40 nodes on the floor and no link: connect links each into the main part and back,
    // simulating more than 64 links (a pause every 64).
    const nodes = Array.from({ length: 40 }, (_, k) =>
      nodeWithoutVotes(
        [-480 + 48 * (k % 10), -400 + 48 * Math.floor(k / 10), 24.125],
        'MOVE',
        'map',
      ),
    );
    const links: DraftLink[] = [];
    const g: DraftGraph = { nodes, links };
    const map = { world, collision };
    const o = { ...connectDefaults, matchRadius: feedbackDefaults.matchRadius };
    const r = pauses(connectGraphSteps(g, map, EMPTY_FEEDBACK, o));
    expect(r.pauses).toBeGreaterThan(0);
    expect(r.value).toEqual(connectGraph(g, map, EMPTY_FEEDBACK, o));
  });
});
