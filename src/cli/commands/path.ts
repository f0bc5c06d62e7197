/**
 * `navgen path <map.bsp> --from X,Y,Z --to X,Y,Z [--mesh FILE | --nav FILE] [--json]`: the
 * shortest way between two player positions over the map's mesh (A* over the areas, then the
 * string pulled through the portals: the fewest straight segments). No path: exit 1 with the
 * reason.
 */
import type { Command } from 'commander';
import { MeshFileError } from '../../navmesh/io/byte-reader.js';
import { meshForMap } from '../../navmesh/mesh-file.js';
import { buildNavMeshForMap } from '../../navmesh/build-from-map.js';
import { readMeshNav, refuseForeignNav } from '../mesh-nav.js';
import { createNavQuery, findPath } from '../../navmesh/query/find-path.js';
import { addMapArgumentOptions, mapArgument, type MapArgumentOptions } from '../map-argument.js';
import { CliError, EXIT_FAILURE, EXIT_USAGE } from '../exit-codes.js';

function point(name: string) {
  return (v: string): number[] => {
    const p = v.split(',').map((s) => Number(s.trim()));
    if (p.length !== 3 || !p.every(Number.isFinite))
      throw new CliError(`${name} must be X,Y,Z (three numbers), not "${v}"`, EXIT_USAGE);
    return p;
  };
}

export function register(program: Command): void {
  const cmd = program
    .command('path')
    .description(
      "Find a path between two player origins (world units, as the game's positions) over the " +
        "map's navigation mesh: A* over the areas, then the string pulled through the shared " +
        "edges (the funnel of Detour's findStraightPath), so the path has the fewest straight " +
        'segments. Prints the corners with how each segment is crossed (walk, crouch, drop, jump, ' +
        'ladder), or with --json { "points": [[x, y, z], …], "areas": [ids], "length": units }. ' +
        'Exit 1 with the reason when there is no path (start or goal off the mesh, no connection).',
    )
    .argument('<map>', 'the map (.bsp), or with --game-dir its name (wizs)')
    .requiredOption('--from <x,y,z>', 'start: a player origin', point('--from'))
    .requiredOption('--to <x,y,z>', 'goal: a player origin', point('--to'))
    .option('--mesh <file>', 'a mesh written by `navgen mesh --format native` (else built now)')
    .option(
      '--nav <file>',
      'build the mesh now with this waypoint nav of the map, as `navgen mesh --nav` does (its ' +
        'off-mesh links are taken whatever --ladders says: the simulated player made each)',
    )
    .option('--ladders <which>', 'ladders paths may use: none, up or both', 'none')
    .option('--json', 'print JSON')
    .action(
      async (
        map: string,
        opts: {
          from: number[];
          to: number[];
          mesh?: string;
          nav?: string;
          ladders: string;
          json?: boolean;
        } & MapArgumentOptions,
      ) => {
        if (!['none', 'up', 'both'].includes(opts.ladders))
          throw new CliError(
            `--ladders must be none, up or both, not "${opts.ladders}"`,
            EXIT_USAGE,
          );
        if (opts.mesh && opts.nav)
          throw new CliError(
            '--mesh and --nav cannot go together: --nav builds the mesh (`navgen mesh --nav` writes one for --mesh)',
            EXIT_USAGE,
          );
        let mesh;
        try {
          const nav = opts.nav ? await readMeshNav(opts.nav) : null;
          const source = await mapArgument(map, opts);
          if (nav) {
            const built = await buildNavMeshForMap(source.bsp, { nav }).finally(() =>
              source.cleanup(),
            );
            refuseForeignNav(opts.nav!, built.links!, source.where);
            mesh = built.mesh;
          } else mesh = await meshForMap(source.bsp, opts.mesh).finally(() => source.cleanup());
        } catch (e) {
          if (e instanceof MeshFileError) throw new CliError(e.message, EXIT_FAILURE);
          throw e;
        }
        const q = createNavQuery(mesh, { ladders: opts.ladders as 'none' | 'up' | 'both' });
        const r = findPath(q, opts.from, opts.to);
        if (!r.ok) {
          // Without ladders (the default) the areas may still be joined by one: say so.
          const withLadders =
            r.reason === 'no-connection' && opts.ladders !== 'both'
              ? findPath(createNavQuery(mesh, { ladders: 'both' }), opts.from, opts.to)
              : null;
          const hint = withLadders?.ok
            ? ` (with --ladders both there is a path, ${Math.round(withLadders.length)} units long: this one climbs a ladder)`
            : '';
          throw new CliError(`no path: ${r.reason}: ${r.detail}${hint}`, EXIT_FAILURE);
        }
        const round = (v: number) => Math.round(v * 100) / 100;
        if (opts.json) {
          const out = {
            points: r.points.map((p) => p.map(round)),
            areas: r.areas,
            length: round(r.length),
          };
          process.stdout.write(JSON.stringify(out) + '\n');
          return;
        }
        const lines = r.points.map((p, k) => {
          const at = `(${p.map((v) => round(v)).join(', ')})`;
          return k === 0 ? `  ${at}` : `  ${r.moves[k - 1].padEnd(6)} → ${at}`;
        });
        process.stdout.write(
          `path: ${r.points.length - 1} segments, ${round(r.length)} units, through ${r.areas.length} areas\n` +
            lines.join('\n') +
            '\n',
        );
      },
    );
  addMapArgumentOptions(cmd);
}
