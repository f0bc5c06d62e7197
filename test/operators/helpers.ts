/** Small builders for operator tests: frames and samples as plain objects. */
import { from, lastValueFrom, toArray, type OperatorFunction } from 'rxjs';
import type { Frame, PlayerFrame, SegmentHeader } from '../../src/sources/demo/events.js';
import type { NavEvent, Sample } from '../../src/stage/nav-events.js';
import type { DemoVotes } from '../../src/stage/demo-votes.js';

export function header(segment = 0, map = 'testmap', clientNum = 15): SegmentHeader {
  return {
    kind: 'segment',
    segment,
    protocol: 37,
    version: 2010,
    flags: 0,
    servercount: 1,
    gamedir: 'action',
    clientNum,
    maxclients: 16,
    map,
    worldmodel: `maps/${map}.bsp`,
    mapChecksum: 0,
    playerNames: [],
    extendedLimits: false,
    offset: 0,
  };
}

export function player(
  slot: number,
  origin: [number, number, number],
  more: Partial<PlayerFrame> = {},
): PlayerFrame {
  return {
    slot,
    pmType: 0,
    origin,
    viewoffset: [0, 0, 22],
    viewangles: [0, 0, 0],
    rdflags: 0,
    health: 100,
    event: 0,
    detail: null,
    ...more,
  };
}

export function frame(index: number, players: PlayerFrame[], segment = 0): Frame {
  return { kind: 'frame', segment, index, time: index / 10, players, entities: null };
}

export function sample(
  frameIndex: number,
  origin: [number, number, number],
  more: Partial<Sample> = {},
): Sample {
  return {
    kind: 'sample',
    segment: 0,
    slot: 1,
    run: 0,
    frame: frameIndex,
    time: frameIndex / 10,
    origin,
    weight: 1,
    vz: 0,
    az: 0,
    hspeed: 0,
    crouched: false,
    underwater: false,
    event: 0,
    health: 100,
    ...more,
  };
}

export async function run(
  events: NavEvent[],
  ...ops: OperatorFunction<NavEvent, NavEvent>[]
): Promise<NavEvent[]> {
  let obs = from(events);
  for (const op of ops) obs = obs.pipe(op);
  return lastValueFrom(obs.pipe(toArray()));
}

export function ofKind<K extends NavEvent['kind']>(
  events: NavEvent[],
  kind: K,
): Extract<NavEvent, { kind: K }>[] {
  return events.filter((e): e is Extract<NavEvent, { kind: K }> => e.kind === kind);
}

export function summary(events: NavEvent[], stage: string): Record<string, unknown> {
  const s = events.find((e) => e.kind === 'summary' && e.stage === stage);
  if (!s || s.kind !== 'summary') throw new Error(`no ${stage} summary`);
  return s.data as Record<string, unknown>;
}

/** A demo's votes from plain lists: every node and link vote of one weight and one flag set. */
export function votesFromLists(
  points: [number, number, number][],
  links: readonly (readonly [number, number])[] = [],
  weight = 1,
  flags = 0,
): DemoVotes {
  return {
    positions: Float32Array.from(points.flat()),
    weights: new Float32Array(points.length).fill(weight),
    vz: new Float32Array(points.length),
    dxy: new Float32Array(points.length),
    flags: new Uint8Array(points.length).fill(flags),
    linkFrom: Uint32Array.from(links.map((l) => l[0])),
    linkTo: Uint32Array.from(links.map((l) => l[1])),
    linkWeights: new Float32Array(links.length).fill(weight),
    linkAirborne: new Uint8Array(links.length),
    linkRise: new Float32Array(links.length),
    strafe: {
      from: new Float32Array(0),
      to: new Float32Array(0),
      speed: new Float32Array(0),
      dt: new Float32Array(0),
      pathStart: new Uint32Array(1),
      path: new Float32Array(0),
    },
    summaries: {},
    warnings: [],
    stream: null,
  };
}
