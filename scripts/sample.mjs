// `npm run sample`: the main job on sample data, on any machine.
//
// With the real fixtures beside this checkout (../shared/fixtures), it builds the .nav of
// five corpus maps from their demos (pipelines/<map>.yaml). Without them, it writes a few demos with
// navgen's own MVD2 writer (players walking, crouching, swimming, climbing and jumping across
// a small synthetic level) and builds their .nav. Outputs go to out/.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const navgen = join(root, 'bin', 'navgen');
const fixtures = process.env.NAVGEN_FIXTURES ?? join(root, '..', 'shared', 'fixtures');

function run(args) {
  process.stdout.write(`\n$ navgen ${args.join(' ')}\n`);
  const r = spawnSync(process.execPath, [navgen, ...args], { stdio: 'inherit', cwd: root });
  if (r.status !== 0 && r.status !== 3) process.exit(r.status ?? 1);
}

if (existsSync(join(fixtures, 'README.md'))) {
  console.log(`sample data: the real fixtures in ${fixtures}`);
  for (const map of ['wizs', 'city', 'urbanjungle', 'simplicity', 'beer'])
    run(['build', `pipelines/${map}.yaml`, '--no-progress']);
  run(['inspect', 'out/wizs/wizs.nav']);
} else {
  console.log(
    "sample data: no ../shared/fixtures here, so demos are written by navgen's own MVD2 writer",
  );
  run(['--version']); // builds the CLI if needed
  // The demo writer is a development tool (not shipped with navgen): loaded from its TypeScript.
  const { tsImport } = await import('tsx/esm/api');
  const s = await tsImport(
    pathToFileURL(join(root, 'tools', 'mvd2-writer', 'synthetic.ts')).href,
    import.meta.url,
  );
  const dir = join(root, 'out', 'sample');
  mkdirSync(join(dir, 'demos'), { recursive: true });
  const loop = [
    [0, 0, 24],
    [960, 0, 24],
    [960, 960, 24],
    [0, 960, 24],
    [0, 0, 24],
  ];
  const tracks = [
    s.walkPolyline(loop, 300),
    s.walkPolyline([...loop].reverse(), 280),
    s.joinTracks(
      s.walkPolyline(
        [
          [0, 480, 24],
          [400, 480, 24],
        ],
        300,
      ),
      s.crouchWalk(
        [
          [400, 480, 24],
          [700, 480, 24],
        ],
        150,
      ),
    ),
    s.joinTracks(
      s.walkPolyline(
        [
          [960, 480, 24],
          [1400, 480, 24],
        ],
        300,
      ),
      s.swim(
        [
          [1400, 480, 24],
          [1900, 480, 24],
        ],
        200,
      ),
    ),
    s.joinTracks(
      s.walkPolyline(
        [
          [480, 0, 24],
          [480, -400, 24],
        ],
        300,
      ),
      s.ladderClimb([480, -400, 24], 256),
      s.walkPolyline(
        [
          [480, -400, 280],
          [480, -800, 280],
        ],
        300,
      ),
    ),
    s.joinTracks(
      s.walkPolyline(
        [
          [0, 960, 24],
          [-400, 960, 24],
        ],
        300,
      ),
      s.strafeJump([-400, 960, 24], [-700, 960, 24], { speed: 600 }),
      s.walkPolyline(
        [
          [-700, 960, 24],
          [-1100, 960, 24],
        ],
        300,
      ),
    ),
  ];
  for (let d = 0; d < 3; d++) {
    const players = tracks.map((track, i) => ({
      slot: i,
      name: `player${i}`,
      track: track.map((t) =>
        t ? { ...t, origin: [t.origin[0], t.origin[1] + (d - 1) * 6, t.origin[2]] } : t,
      ),
    }));
    await s.writeScenarioFile(join(dir, 'demos', `sample-${d}.mvd2`), { map: 'sample', players });
  }
  writeFileSync(
    join(dir, 'sample.yaml'),
    'map: sample\ndemos: demos/*.mvd2\noutput:\n  nav: sample.nav\n  strafeTraces: sample.strafe_traces\n  report: sample.report.json\n',
  );
  run(['build', 'out/sample/sample.yaml', '--no-progress']);
  run(['inspect', 'out/sample/sample.nav']);
}
