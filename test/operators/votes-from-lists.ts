/**
 * A demo's votes (`DemoVotes`) from plain lists, for the cluster tests: every node and link vote
 * of one weight and one flag set, no speeds, no strafe traces.
 */
import type { DemoVotes } from '../../src/pipeline/demo-votes.js';

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
