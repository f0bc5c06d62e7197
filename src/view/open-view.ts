/**
 * Everything `navgen view` shows, read once at start: the nav, its map (drawable parts,
 * collision model, coverage holes), and the reports given; then the editing session over it.
 * A report that does not describe this nav is refused with the reason, never drawn on the
 * wrong nodes.
 */
import { basename } from 'node:path';
import { defaultNodeTypes, type NodeTypeTable } from '../nav/node-types.js';
import type { NavFile } from '../nav/types.js';
import { readRenderMap, type RenderMap } from '../sinks/render/render-map.js';
import {
  viewBandsOf,
  viewModelOf,
  type ViewableNavtestReport,
} from '../sinks/view/view-model-of.js';
import type { ViewModel, ViewProvenance, ViewTrial } from '../sinks/view/view-model.js';
import { viewHolesOf } from '../sinks/view/view-holes.js';
import { provenanceFromReport } from '../sinks/view/node-provenance.js';
import { readNavtestReport } from '../sources/feedback/navtest-report.js';
import { loadCollisionModel, type CollisionModel } from '../world/collision-model.js';
import { cachedMapMesh } from '../navmesh/mesh-cache.js';
import { holeAreas } from '../navmesh/coverage.js';
import { EditSession } from './edit-session.js';
import { readTrialReport, viewTrialOf } from './trial-findings.js';
import { parseReportJson, readReportText, ViewReportError } from './view-report-error.js';

export interface OpenViewOptions {
  readonly navPath: string;
  readonly nav: NavFile;
  /** The map file, or null to draw the nav alone (read-only). */
  readonly bsp: string | null;
  /** The map's name, for the edits file. */
  readonly map: string;
  readonly editsPath: string;
  readonly buildReport?: string;
  readonly navtestReport?: string;
  readonly trialReport?: string;
  readonly nodeTypes?: NodeTypeTable;
  /** Progress lines (reading the map, building its mesh). */
  readonly log?: (line: string) => void;
}

export interface OpenView {
  readonly model: ViewModel;
  readonly session: EditSession;
}

async function readJson(file: string): Promise<unknown> {
  return parseReportJson(await readReportText(file), file);
}

/** Node numbers of a report must name nodes of this nav. */
function checkNodes(file: string, nav: NavFile, nodes: Iterable<number>): void {
  for (const n of nodes)
    if (!Number.isInteger(n) || n < 0 || n >= nav.nodes.length)
      throw new ViewReportError(
        file,
        `names node ${n}, but the nav has ${nav.nodes.length} nodes: it is the report of another nav`,
      );
}

export async function openView(o: OpenViewOptions): Promise<OpenView> {
  const log = o.log ?? (() => {});
  const nodeTypes = o.nodeTypes ?? defaultNodeTypes;
  let map: RenderMap | null = null;
  let model: CollisionModel | null = null;
  if (o.bsp) {
    log(`reading the map ${o.bsp}`);
    [map, model] = await Promise.all([readRenderMap(o.bsp), loadCollisionModel(o.bsp)]);
  }
  const bands = viewBandsOf(map);

  let provenance: ViewProvenance | null = null;
  if (o.buildReport)
    provenance = provenanceFromReport(o.buildReport, await readJson(o.buildReport), o.nav);

  let navtest: { file: string; report: ViewableNavtestReport } | null = null;
  if (o.navtestReport) {
    const report = (await readNavtestReport(o.navtestReport)) as ViewableNavtestReport;
    checkNodes(o.navtestReport, o.nav, [
      ...report.bad_nodes,
      ...report.bad_links.flat(),
      ...(report.unreachable_nodes ?? []),
    ]);
    navtest = { file: basename(o.navtestReport), report };
  }

  let trial: ViewTrial | null = null;
  if (o.trialReport) {
    const r = await readTrialReport(o.trialReport);
    if (r.nodes !== o.nav.nodes.length)
      throw new ViewReportError(
        o.trialReport,
        `is a trial of a nav of ${r.nodes} nodes, this nav has ${o.nav.nodes.length}: it is the report of another nav`,
      );
    trial = viewTrialOf(basename(o.trialReport), r, bands);
  }

  let holes: ViewModel['holes'] = [];
  if (o.bsp) {
    log("finding the floor no node reaches (the map's navigation mesh)");
    const origins = new Float32Array(o.nav.nodes.length * 3);
    o.nav.nodes.forEach((n, k) => origins.set(n.origin, k * 3));
    const mesh = await cachedMapMesh(o.bsp, null).catch(() => null);
    if (mesh) holes = viewHolesOf(holeAreas(mesh, origins), bands);
    else log("coverage holes not shown: the map's navigation mesh could not be built");
  }

  const viewModel = viewModelOf({
    title: basename(o.navPath),
    nav: o.nav,
    nodeTypes,
    map,
    editable: model !== null,
    provenance,
    navtest,
    trial,
    holes,
  });
  const session = new EditSession({
    navPath: o.navPath,
    nav: o.nav,
    model,
    nodeTypes,
    bands,
    editsPath: o.editsPath,
    map: o.map,
  });
  return { model: viewModel, session };
}
