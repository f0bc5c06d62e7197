/**
 * A small bot trial with a known answer, recorded by our own MVD2 writer
 * (`tools/mvd2-writer/`): a four-node nav along a corridor that ends at a fatal drop,
 * two bots, and the console a server would print. `npx tsx test/engine/trial-scenario.ts`
 * rewrites `data/trial-scenario.mvd2` and `data/trial-scenario.console.log` (committed, so the
 * report test reads the same bytes on every machine; the test also checks that the writer
 * still makes exactly them).
 *
 * Nodes: 0 (0,0,0) → 1 (200,0,0) → 2 (400,0,0) → 3 (400,300,-400) at the bottom of a drop;
 * links 0→1, 1→0, 1→2, 2→1, 2→3 (the drop).
 * - "Alpha" (slot 0) walks 0 → 2 at 300 u/s (1.4 s), stands 5 s at node 2, walks 120 u towards
 *   the drop and falls to its death (lying dead 2 s), respawns at node 0, walks to node 1 and
 *   stands 4.5 s.
 * - "Bravo Two" (slot 1) walks 0 → 2 → 1 at 300 u/s and stands at node 1 to the end.
 * - The console: Alpha's fall, and Bravo Two killed by Alpha after the recording stopped.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NavFile, Vec3 } from '../../src/nav/types.js';
import { defaultNodeTypes } from '../../src/nav/node-types.js';
import { smallNav } from '../helpers/small-nav.js';
import {
  fallToDeath,
  joinTracks,
  stand,
  walkPolyline,
  writeScenario,
} from '../../tools/mvd2-writer/synthetic.js';

export const SCENARIO_DIR = join(dirname(fileURLToPath(import.meta.url)), 'data');
export const SCENARIO_DEMO = join(SCENARIO_DIR, 'trial-scenario.mvd2');
export const SCENARIO_CONSOLE = join(SCENARIO_DIR, 'trial-scenario.console.log');

const N: Vec3[] = [
  [0, 0, 0],
  [200, 0, 0],
  [400, 0, 0],
  [400, 300, -400],
];

export function scenarioNav(): NavFile {
  const links: [number, number, number][] = [
    [0, 1, defaultNodeTypes.MOVE],
    [1, 0, defaultNodeTypes.MOVE],
    [1, 2, defaultNodeTypes.MOVE],
    [2, 1, defaultNodeTypes.MOVE],
    [2, 3, defaultNodeTypes.STAND_DROP],
  ];
  return smallNav(N, links);
}

export const SCENARIO_CONSOLE_TEXT =
  'Alpha entered the game\nBravo Two entered the game\nAlpha plummets to his death\n' +
  "Stopped local MVD recording.\nBravo Two loses a vital chest organ thanks to Alpha's Mark 23 pistol\n";

export function scenarioDemo(): Uint8Array {
  const alpha = joinTracks(
    walkPolyline([N[0], N[2]], 300),
    stand(N[2], 50),
    walkPolyline([N[2], [400, 120, 0]], 300),
    fallToDeath([400, 120, 0], -400, { velocity: [0, 150, 0], deadFrames: 20 }),
    walkPolyline([N[0], N[1]], 300),
    stand(N[1], 45),
  );
  const bravo = joinTracks(walkPolyline([N[0], N[2], N[1]], 300), stand(N[1], 200));
  return writeScenario({
    map: 'corridor',
    frames: Math.max(alpha.length, bravo.length),
    players: [
      { slot: 0, name: 'Alpha', track: alpha },
      { slot: 1, name: 'Bravo Two', track: bravo.slice(0, alpha.length) },
    ],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(SCENARIO_DEMO, scenarioDemo());
  writeFileSync(SCENARIO_CONSOLE, SCENARIO_CONSOLE_TEXT);
  console.log(`wrote ${SCENARIO_DEMO} and ${SCENARIO_CONSOLE}`);
}
