/**
 * `navgen render FILE.nav [--bsp MAP.bsp] -o OUT.svg|OUT.png [--z MIN:MAX]
 * [--compare OTHER.nav|OTHER.ltk] [--navtest REPORT] [--scale N]`: a top-down picture of a nav over its map, so a
 * map maker can judge a nav without loading the game. The format follows the output's
 * extension; the file is written atomically.
 */
import { basename, extname } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { navDiffDefaults } from '../../nav/diff.js';
import { defaultNodeTypes } from '../../nav/node-types.js';
import type { NavFile } from '../../nav/types.js';
import { writeFileAtomic } from '../../files/atomic-write.js';
import { bandLabel, parseHeightBand, type HeightBand } from '../../sinks/render/height-band.js';
import { ltkAsNav } from '../../sinks/render/ltk-as-nav.js';
import { navOverlay, type NavOverlay } from '../../sinks/render/nav-overlay.js';
import { navtestMarks, type NavtestMarks } from '../../sinks/render/draw-navtest.js';
import { NavtestReportError, readNavtestReport } from '../../sources/feedback/navtest-report.js';
import { readRenderMap, type RenderMap } from '../../sinks/render/render-map.js';
import { svgToPng } from '../../sinks/render/render-png.js';
import { pictureBands, renderNavSvg } from '../../sinks/render/render-svg.js';
import { BspError } from '../../sources/bsp/errors.js';
import { LtkError } from '../../sources/ltk/errors.js';
import { readLtk } from '../../sources/ltk/read-ltk.js';
import { CliError, EXIT_FAILURE, EXIT_USAGE } from '../exit-codes.js';
import { readNavForCli } from './inspect.js';
import { addGameDirOptions, mapFromOptions } from '../map-option.js';

interface RenderOptions {
  bsp?: string;
  gameDir?: string;
  mod?: string;
  map?: string;
  navtest?: string;
  out: string;
  z?: HeightBand;
  compare?: string;
  scale: number;
  matchRadius: number;
  mesh?: string;
  from?: string;
  to?: string;
}

function parseBand(text: string): HeightBand {
  const band = parseHeightBand(text);
  if (typeof band === 'string') throw new InvalidArgumentError(band);
  return band;
}

function parsePositive(text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new InvalidArgumentError('must be a number > 0');
  return value;
}

export function register(program: Command): void {
  const cmd = program
    .command('render')
    .description(
      'Draw a .nav top-down over its map: floors shaded by height, water, slime, lava and ladders ' +
        'tinted, links as lines (one-way links with arrows), nodes coloured by type with a legend, ' +
        'spawn points, a scale bar in game units. Maps with floors above floors get one panel per ' +
        'height band. SVG or PNG, by the output extension.',
    )
    .argument('<nav>', 'the .nav file to draw')
    .option('--bsp <map>', 'the map (BSP v38); without it (or --game-dir) only the graph is drawn')
    .option(
      '--map <name>',
      'with --game-dir: the map to find (default: the nav file name without .nav)',
    )
    .requiredOption('-o, --out <file>', 'the picture to write: .svg or .png')
    .option(
      '--z <min:max>',
      'draw one panel with the floors from MIN up to (not including) MAX, in world units ' +
        '(either end may be empty); nodes count by the floor they stand on (origin z - 24). ' +
        'Default: panels chosen from the floors',
      parseBand,
    )
    .option(
      '--compare <file>',
      "overlay another graph of the map, a .nav (e.g. the engine's own) or an LTK waypoint file " +
        '(.ltk): nodes matched within the match radius, nodes and links only in one of the two marked',
    )
    .option(
      '--navtest <report>',
      'mark what a nav test of this nav found (a <map>.navtest.json from navgen navtest or the ' +
        'game server): failed links dashed red, nodes not reached from the spawns ringed orange, ' +
        'bad nodes ringed red; not together with --compare',
    )
    .option(
      '--match-radius <units>',
      'with --compare: nodes at most this far apart (world units) are the same node',
      parsePositive,
      navDiffDefaults.matchRadius,
    )
    .option(
      '--scale <n>',
      'zoom of the output: its size is the drawing size times N',
      parsePositive,
      1,
    )
    .option(
      '--mesh <file>',
      'draw a navigation mesh (navgen mesh --format native, or any Source engine .nav) instead: ' +
        '<nav> is then the map (.bsp) it was built for; areas shaded by height band, attributes ' +
        'outlined, ladders, and (native mesh only) with --from X,Y,Z --to X,Y,Z the path between them',
    )
    .option('--from <x,y,z>', 'with --mesh: start of a path to draw')
    .option('--to <x,y,z>', 'with --mesh: goal of a path to draw')
    .action(async (navPath: string, opts: RenderOptions) => {
      if (opts.mesh) {
        const { renderMesh } = await import('../render-mesh.js');
        return renderMesh(navPath, { ...opts, mesh: opts.mesh });
      }
      const format = pictureFormat(opts.out);
      const nav = (await readNavForCli(navPath)).nav;
      const source = await mapFromOptions(opts, navPath);
      let map: RenderMap | null = null;
      try {
        map = source ? await readMapForCli(source.bsp) : null;
      } finally {
        await source?.cleanup();
      }
      if (opts.compare && opts.navtest)
        throw new CliError('--compare and --navtest draw on the same marks: use one', EXIT_USAGE);
      const overlay = opts.compare ? await readOverlay(nav, opts.compare, opts.matchRadius) : null;
      const navtest = opts.navtest ? await readNavtestMarks(nav, opts.navtest) : null;
      const input = {
        nav,
        title: basename(navPath),
        map,
        overlay,
        navtest,
        nodeTypes: defaultNodeTypes,
      };
      const bands = opts.z ? [opts.z] : pictureBands(input);
      const svg = renderNavSvg(input, { bands, scale: format === 'svg' ? opts.scale : 1 });
      const bytes = format === 'svg' ? Buffer.from(svg, 'utf8') : svgToPng(svg, opts.scale);
      try {
        await writeFileAtomic(opts.out, bytes);
      } catch (e) {
        const reason = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
        throw new CliError(`${opts.out}: cannot write the picture: ${reason}`, EXIT_FAILURE);
      }
      process.stdout.write(
        `wrote ${opts.out}: ${bands.length} panel${bands.length === 1 ? '' : 's'} (${bands.map(bandLabel).join('; ')})\n`,
      );
    });
  addGameDirOptions(cmd);
}

function pictureFormat(out: string): 'svg' | 'png' {
  const ext = extname(out).toLowerCase();
  if (ext === '.svg') return 'svg';
  if (ext === '.png') return 'png';
  throw new CliError(
    `${out}: the output must end in .svg or .png (the format follows the extension)`,
    EXIT_USAGE,
  );
}

async function readMapForCli(path: string): Promise<RenderMap> {
  try {
    return await readRenderMap(path);
  } catch (e) {
    if (e instanceof BspError) throw new CliError(e.message, EXIT_FAILURE);
    throw e;
  }
}

async function readNavtestMarks(nav: NavFile, path: string): Promise<NavtestMarks> {
  try {
    return navtestMarks(await readNavtestReport(path), nav, basename(path));
  } catch (e) {
    if (e instanceof NavtestReportError || e instanceof RangeError)
      throw new CliError(e.message, EXIT_FAILURE);
    throw e;
  }
}

async function readOverlay(nav: NavFile, path: string, matchRadius: number): Promise<NavOverlay> {
  const ext = extname(path).toLowerCase();
  let reference: NavFile;
  if (ext === '.nav') {
    reference = (await readNavForCli(path)).nav;
  } else if (ext === '.ltk') {
    try {
      reference = ltkAsNav(await readLtk(path), defaultNodeTypes);
    } catch (e) {
      if (e instanceof LtkError) throw new CliError(e.message, EXIT_FAILURE);
      throw e;
    }
  } else {
    throw new CliError(`${path}: --compare takes a .nav or an .ltk file`, EXIT_USAGE);
  }
  return navOverlay(nav, reference, { label: basename(path), mode: 'compare', matchRadius });
}
