/**
 * `navgen mesh <map.bsp> -o <out> [--format source|native] [--demos FILES…] [--nav FILE]`:
 * builds the walkable-floor mesh of a map (areas, connections, ladders; see docs/navmesh.md),
 * seeded by its spawn points and the positions of players in demos recorded on it, and, given a
 * waypoint nav of the map, by its nodes, with off-mesh links where its links go and the floor
 * does not join; writes it as a Source `.nav` (version 16, subversion 0) or as navgen's own
 * mesh file (for `path --mesh`, `render --mesh`).
 */
import { basename } from 'node:path';
import type { Command } from 'commander';
import { buildNavMeshForMap } from '../../navmesh/build-from-map.js';
import { demoSeeds } from '../../navmesh/demo-seeds.js';
import { MeshFileError } from '../../navmesh/io/byte-reader.js';
import { connectionCount } from '../../navmesh/mesh.js';
import { readMeshNav, refuseForeignNav } from '../mesh-nav.js';
import { writeMeshFile, type MeshFormat } from '../../navmesh/mesh-file.js';
import { CliError, EXIT_FAILURE, EXIT_USAGE } from '../exit-codes.js';
import { addMapArgumentOptions, mapArgument, type MapArgumentOptions } from '../map-argument.js';

export function register(program: Command): void {
  const cmd = program
    .command('mesh')
    .description(
      "Build the map's navigation mesh: the floor a player reaches from the spawn points, sampled " +
        "with the player box and the engine's traces (step 18, floor normal z >= 0.85, standing or " +
        'crouched head room), cut into rectangular areas (a quadtree per floor level, merged within ' +
        '2:1) with connections per direction (walk, one-way drops and jumps) and ladders. ' +
        'With --nav, a waypoint nav of the map (AQtion .nav, NAV3 or NAV2) seeds the floor too, and ' +
        'where its links go between areas the floor does not join (jumps, drops, ladders, floor ' +
        'left out) the mesh gets off-mesh links, each made by the simulated player first. ' +
        '--format source writes a Source engine .nav (version 16, subversion 0); --format native ' +
        "navgen's own mesh file, read by `path --mesh` and `render --mesh`. Prints the counts and " +
        'the build time per step.',
    )
    .argument('<map>', 'the map (.bsp), or with --game-dir its name (wizs)')
    .requiredOption('-o, --out <file>', 'file to write (replaced atomically)')
    .option('--format <format>', 'source (.nav, Source engine) or native (navgen mesh)', 'native')
    .option(
      '--demos <files...>',
      'demos recorded on the map: where living players moved seeds the floor too (one seed per ' +
        "32-unit cube; a roof or ledge players reached that no spawn point's floor leads to)",
    )
    .option(
      '--nav <file>',
      "a waypoint nav of the map (navgen's or the engine's): its nodes seed the floor, and the " +
        'ways its links take that the floor does not join become off-mesh links (each run by the ' +
        'simulated player first; one that fails is left out)',
    )
    .action(
      async (
        mapArg: string,
        opts: { out: string; format: string; demos?: string[]; nav?: string } & MapArgumentOptions,
      ) => {
        if (opts.format !== 'source' && opts.format !== 'native')
          throw new CliError(`--format must be source or native, not "${opts.format}"`, EXIT_USAGE);
        const mapName = basename(mapArg).replace(/\.bsp$/i, '');
        const demos = [...(opts.demos ?? [])].sort();
        const fromDemos = await demoSeeds(demos, mapName);
        if (demos.length > 0 && fromDemos.seeds.length === 0)
          throw new CliError(
            `no player positions on ${mapName} in the ${demos.length} demos given` +
              (fromDemos.otherMap.length > 0
                ? ` (recorded on other maps: ${fromDemos.otherMap.join(', ')})`
                : ''),
            EXIT_FAILURE,
          );
        const nav = opts.nav ? await readMeshNav(opts.nav) : null;
        const source = await mapArgument(mapArg, opts);
        const map = source.where;
        const t0 = performance.now();
        const { mesh, report, links } = await buildNavMeshForMap(source.bsp, {
          seeds: fromDemos.seeds,
          ...(nav ? { nav } : {}),
        }).finally(() => source.cleanup());
        const ms = performance.now() - t0;
        if (links) refuseForeignNav(opts.nav!, links, map, '; nothing written');
        if (mesh.areaCount === 0)
          throw new CliError(
            `${map}: no floor found from the ${report.missedSeeds.length} seeds (spawn points, demo positions)`,
            EXIT_FAILURE,
          );
        let bytes: number;
        try {
          bytes = await writeMeshFile(opts.out, mesh, opts.format as MeshFormat);
        } catch (e) {
          if (e instanceof MeshFileError) throw new CliError(e.message, EXIT_FAILURE);
          throw e;
        }
        const steps = Object.entries(report.times)
          .map(([k, v]) => `${k} ${Math.round(v)}`)
          .join(', ');
        process.stdout.write(
          `wrote ${opts.out} (${opts.format}, ${bytes} bytes): ${mesh.areaCount} areas, ` +
            `${connectionCount(mesh)} connections, ${mesh.ladderCount} ladders, ` +
            `${mesh.linkCount} off-mesh links; ` +
            `${report.samples} floor samples in ${report.layers} levels; ` +
            `built in ${Math.round(ms)} ms (${steps} ms)\n` +
            (fromDemos.seeds.length > 0
              ? `seeds: ${fromDemos.seeds.length} demo positions from ${demos.length - fromDemos.otherMap.length} demos\n`
              : '') +
            (links
              ? `off-mesh links from ${opts.nav}: ${links.added}, of ${links.candidates} ways its ` +
                `links take between areas the floor does not join directly (the others the floor ` +
                `or a link before already leads along)` +
                (links.failed > 0
                  ? `; ${links.failed} the simulated player did not make, left out`
                  : '') +
                '\n'
              : '') +
            (fromDemos.otherMap.length > 0
              ? `note: recorded on other maps, not used: ${fromDemos.otherMap.join(', ')}\n`
              : '') +
            (report.missedSeeds.length > 0
              ? `note: ${report.missedSeeds.length} seeds (spawn points, demo positions${nav ? ', nav nodes' : ''}) found no floor\n`
              : '') +
            (report.truncated
              ? 'note: sampling stopped at its sample limit (a leaking map?)\n'
              : ''),
        );
      },
    );
  addMapArgumentOptions(cmd);
}
