/**
 * `navgen render <map.bsp> --mesh FILE -o out.svg|png [--from X,Y,Z --to X,Y,Z]`: the branch of
 * `render` that draws a navigation mesh (navgen's own mesh file, `navgen mesh --format native`,
 * and optionally the path between two points; or the areas of a Source `.nav`). Kept apart from
 * render.ts, which calls it.
 */
import { stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { writeFileAtomic } from '../files/atomic-write.js';
import { svgToPng } from '../sinks/render/render-png.js';
import {
  drawAreasSvg,
  meshDrawing,
  sourceNavDrawing,
  type MeshDrawing,
} from '../navmesh/draw-mesh.js';
import { readSourceNav, type SourceNavArea } from '../navmesh/io/source-nav.js';
import { isSourceNav } from './inspect-navmesh.js';
import { MeshFileError } from '../navmesh/io/byte-reader.js';
import { meshForMap, readMeshBytes } from '../navmesh/mesh-file.js';
import { createNavQuery, findPath } from '../navmesh/query/find-path.js';
import { CliError, EXIT_FAILURE, EXIT_USAGE } from './exit-codes.js';

/** Height of one colour band. [Units: world units] */
const BAND_HEIGHT = 64;

export interface RenderMeshOptions {
  readonly mesh: string;
  readonly out: string;
  readonly scale: number;
  readonly from?: string;
  readonly to?: string;
}

function point(name: string, v: string): number[] {
  const p = v.split(',').map((s) => Number(s.trim()));
  if (p.length !== 3 || !p.every(Number.isFinite))
    throw new CliError(`${name} must be X,Y,Z (three numbers), not "${v}"`, EXIT_USAGE);
  return p;
}

export async function renderMesh(map: string, o: RenderMeshOptions): Promise<void> {
  const ext = extname(o.out).toLowerCase();
  if (ext !== '.svg' && ext !== '.png')
    throw new CliError(`${o.out}: the output must end in .svg or .png`, EXIT_USAGE);
  if ((o.from === undefined) !== (o.to === undefined))
    throw new CliError('--from and --to go together', EXIT_USAGE);
  let drawing: MeshDrawing;
  let path: number[][] | undefined;
  try {
    if (await isSourceNav(o.mesh)) {
      // A Source .nav: its areas (any Source game's file, or ours); paths need our own file.
      if (o.from !== undefined)
        throw new CliError(
          "--from/--to need navgen's own mesh file (navgen mesh --format native), not a Source .nav",
          EXIT_USAGE,
        );
      const areas: SourceNavArea[] = [];
      const nav = readSourceNav(await readMeshBytes(o.mesh), o.mesh, areas);
      const size = (await stat(map)).size;
      if (nav.bspSize !== 0 && nav.bspSize !== size)
        throw new MeshFileError(
          o.mesh,
          nav.version >= 10 ? 12 : 8,
          `made for a ${nav.bspSize}-byte map, but ${map} has ${size} bytes`,
        );
      drawing = sourceNavDrawing(areas);
    } else {
      const mesh = await meshForMap(map, o.mesh);
      if (o.from !== undefined && o.to !== undefined) {
        const r = findPath(createNavQuery(mesh), point('--from', o.from), point('--to', o.to));
        if (!r.ok) throw new CliError(`no path: ${r.reason}: ${r.detail}`, EXIT_FAILURE);
        path = r.points;
      }
      drawing = meshDrawing(mesh);
    }
  } catch (e) {
    if (e instanceof MeshFileError) throw new CliError(e.message, EXIT_FAILURE);
    throw e;
  }
  const svg = drawAreasSvg(drawing, {
    bandHeight: BAND_HEIGHT,
    scale: ext === '.svg' ? o.scale * 0.25 : 0.25,
    path,
    title: basename(o.mesh),
  });
  const bytes = ext === '.svg' ? Buffer.from(svg, 'utf8') : svgToPng(svg, o.scale);
  await writeFileAtomic(o.out, bytes);
  process.stdout.write(
    `wrote ${o.out}: ${drawing.areas.length} areas${path ? `, a path of ${path.length - 1} segments` : ''}\n`,
  );
}
