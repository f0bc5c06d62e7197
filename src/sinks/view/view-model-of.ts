/**
 * The viewer's model (`view-model.ts`) from what a build, `navgen view` or the HTML report
 * holds: the nav, its map's drawable parts (`render/render-map.ts`), and the findings of the
 * reports given. Floors are split by height band as the pictures split them
 * (`render/clip-to-band.ts`), so the page draws the same panels the report's pictures show.
 *
 * A function of its input only: the same nav and map give the same bytes (the HTML report is
 * byte-identical from build to build).
 */
import { MAX_LINKS_PER_NODE, MAX_NAV_NODES } from '../../nav/formats/aqtion/format.js';
import { NODE_TYPE_NAMES, type NodeTypeTable } from '../../nav/node-types.js';
import type { NavFile } from '../../nav/types.js';
import type { LinkDetail } from '../../navtest/offline-report.js';
import type { NavtestReport } from '../../sources/feedback/navtest-report.js';
import { chooseHeightBands } from '../render/choose-height-bands.js';
import { clipToBand } from '../render/clip-to-band.js';
import {
  ALL_HEIGHTS,
  bandIndexOf,
  bandLabel,
  standingHeight,
  type HeightBand,
} from '../render/height-band.js';
import { nodeTypeColour } from '../render/palette.js';
import type { RenderMap } from '../render/render-map.js';
import {
  VIEW_MODEL_VERSION,
  type ViewBox,
  type ViewFloors,
  type ViewHole,
  type ViewModel,
  type ViewNav,
  type ViewNavtest,
  type ViewProvenance,
  type ViewTrial,
  type ViewType,
} from './view-model.js';

export interface ViewModelInput {
  /** The nav's file name. */
  readonly title: string;
  readonly nav: NavFile;
  readonly nodeTypes: NodeTypeTable;
  /** The map's drawable parts; null draws the nav alone. */
  readonly map: RenderMap | null;
  readonly editable: boolean;
  readonly provenance?: ViewProvenance | null;
  /**
   * A nav test report of this nav, with its file name: the offline test's (with each failed
   * link's reason and detail) or an engine's (bad links only).
   */
  readonly navtest?: { readonly file: string; readonly report: ViewableNavtestReport } | null;
  readonly trial?: ViewTrial | null;
  readonly holes?: readonly ViewHole[];
}

/** The bands the pictures would choose for `map` (one band without a map). */
export function viewBandsOf(map: RenderMap | null): HeightBand[] {
  return map ? chooseHeightBands(map) : [ALL_HEIGHTS];
}

/** Positions, costs and seconds as the model carries them: to a tenth, enough for a picture and a panel. */
export const tenth = (v: number) => Math.round(v * 10) / 10;

/** The nav part of the model: what changes with every edit. */
export function viewNavOf(nav: NavFile, bands: readonly HeightBand[]): ViewNav {
  const xyz: number[] = [];
  const type: number[] = [];
  const band: number[] = [];
  const from: number[] = [];
  const to: number[] = [];
  const linkType: number[] = [];
  const cost: number[] = [];
  nav.nodes.forEach((n, i) => {
    xyz.push(tenth(n.origin[0]), tenth(n.origin[1]), tenth(n.origin[2]));
    type.push(n.type);
    band.push(bandIndexOf(bands, standingHeight(n.origin)));
    for (const l of n.links) {
      from.push(i);
      to.push(l.target);
      linkType.push(l.targetType);
      cost.push(tenth(l.cost));
    }
  });
  return {
    xyz,
    type,
    band,
    from,
    to,
    linkType,
    cost,
    maxNodes: MAX_NAV_NODES,
    maxLinksPerNode: MAX_LINKS_PER_NODE,
  };
}

/** Every name of the table, and the numbers the nav uses that no name has. */
export function viewTypesOf(nav: NavFile, table: NodeTypeTable): ViewType[] {
  const out: ViewType[] = NODE_TYPE_NAMES.map((name) => ({
    number: table[name],
    name,
    colour: nodeTypeColour(table, table[name]),
  }));
  const known = new Set(out.map((t) => t.number));
  const used = new Set<number>();
  for (const n of nav.nodes) {
    used.add(n.type);
    for (const l of n.links) used.add(l.targetType);
  }
  for (const number of [...used].sort((a, b) => a - b))
    if (!known.has(number))
      out.push({ number, name: `TYPE_${number}`, colour: nodeTypeColour(table, number) });
  return out;
}

function floorsOf(map: RenderMap, bands: readonly HeightBand[]): ViewFloors {
  const band: number[] = [];
  const z: number[] = [];
  const start: number[] = [0];
  const xy: number[] = [];
  for (let f = 0; f < map.floorCount; f++) {
    for (let b = 0; b < bands.length; b++) {
      const p = clipToBand(map.floorPositions, map.floorStart[f], map.floorStart[f + 1], bands[b]);
      if (p.length === 0) continue;
      let sz = 0;
      for (let k = 0; k < p.length; k += 3) {
        xy.push(Math.round(p[k]), Math.round(p[k + 1]));
        sz += p[k + 2];
      }
      band.push(b);
      z.push(Math.round(sz / (p.length / 3)));
      start.push(xy.length / 2);
    }
  }
  return { band, z, start, xy };
}

/** The bands a height range reaches (at least one: the band of its bottom, else the first). */
function bandsOfRange(bands: readonly HeightBand[], minZ: number, maxZ: number): number[] {
  const out: number[] = [];
  bands.forEach((b, i) => {
    if (maxZ >= b.from && minZ < b.to) out.push(i);
  });
  return out;
}

function boxOf(
  bands: readonly HeightBand[],
  b: { minX: number; minY: number; minZ: number; maxX: number; maxY: number; maxZ: number },
): ViewBox {
  return {
    bands: bandsOfRange(bands, b.minZ, b.maxZ),
    rect: [b.minX, b.minY, b.maxX, b.maxY].map(Math.round),
    minZ: Math.round(b.minZ),
    maxZ: Math.round(b.maxZ),
  };
}

/** The world rectangle around floors, spawns and nodes; a unit square around 0 when empty. */
function boundsOf(floors: ViewFloors, nav: ViewNav, spawns: readonly number[][]): number[] {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  const add = (x: number, y: number) => {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  };
  for (let k = 0; k < floors.xy.length; k += 2) add(floors.xy[k], floors.xy[k + 1]);
  for (let k = 0; k < nav.xyz.length; k += 3) add(nav.xyz[k], nav.xyz[k + 1]);
  for (const s of spawns) add(s[0], s[1]);
  return x0 === Infinity ? [-1, -1, 1, 1] : [x0, y0, x1, y1];
}

/** A nav test report as `sources/feedback/navtest-report.ts` reads it, with the offline test's details when it has them. */
export type ViewableNavtestReport = NavtestReport & { readonly links?: readonly LinkDetail[] };

function navtestOf(file: string, r: ViewableNavtestReport): ViewNavtest {
  const detail = new Map<string, LinkDetail>();
  for (const l of r.links ?? []) if (!l.passed) detail.set(`${l.from}:${l.to}`, l);
  return {
    report: file,
    passed: r.passed,
    coverage: r.coverage_ratio ?? 0,
    badNodes: [...r.bad_nodes],
    unreachable: [...(r.unreachable_nodes ?? [])],
    badLinks: r.bad_links.map(([from, to]) => {
      const d = detail.get(`${from}:${to}`);
      return { from, to, reason: d?.reason ?? 'failed', detail: d?.detail ?? '' };
    }),
  };
}

export function viewModelOf(input: ViewModelInput): ViewModel {
  const { map, nav } = input;
  const bands = viewBandsOf(map);
  const viewNav = viewNavOf(nav, bands);
  const floors: ViewFloors = map ? floorsOf(map, bands) : { band: [], z: [], start: [0], xy: [] };
  const spawns = (map?.spawns ?? []).map((s) => ({
    band: bandIndexOf(bands, s.floorZ),
    origin: s.origin.map(Math.round),
    classname: s.classname,
  }));
  return {
    version: VIEW_MODEL_VERSION,
    title: input.title,
    map: map ? map.file : null,
    editable: input.editable,
    bounds: boundsOf(
      floors,
      viewNav,
      spawns.map((s) => s.origin),
    ),
    bands: bands.map((b) => ({
      from: Number.isFinite(b.from) ? b.from : null,
      to: Number.isFinite(b.to) ? b.to : null,
      label: bandLabel(b),
    })),
    floors,
    liquids: (map?.liquids ?? []).flatMap((l) => {
      const xy: number[] = [];
      for (let k = 0; k < l.top.length; k += 3)
        xy.push(Math.round(l.top[k]), Math.round(l.top[k + 1]));
      return bandsOfRange(bands, l.minZ, l.maxZ).map((band) => ({ kind: l.kind, band, xy }));
    }),
    ladders: (map?.ladders ?? []).map((b) => boxOf(bands, b)),
    hurts: (map?.hurts ?? []).map((h) => ({
      ...boxOf(bands, h),
      damage: h.damage,
      entity: h.entity,
    })),
    spawns,
    types: viewTypesOf(nav, input.nodeTypes),
    nav: viewNav,
    provenance: input.provenance ?? null,
    navtest: input.navtest ? navtestOf(input.navtest.file, input.navtest.report) : null,
    trial: input.trial ?? null,
    holes: input.holes ?? [],
  };
}
