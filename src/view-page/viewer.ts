/**
 * The viewer: the page's state (band, layers, selection, hover, the nav as edited) and what
 * changes it (the band switcher, the layer boxes, the find box, clicks, the editor's answers).
 * Its parts: the map's canvas and frames (`map-view.ts`), picking (`pick.ts`), the info panel
 * (`panel.ts`), the editor's tools (`edit-tools.ts`).
 */
import type { EditAnswer, LinkCheck } from '../sinks/view/view-api.js';
import type { ViewModel, ViewNav } from '../sinks/view/view-model.js';
import type { ApiClient } from './api-client.js';
import type { PictureInput } from './band-picture.js';
import { BandSwitcher } from './band-switcher.js';
import type { Camera } from './camera.js';
import { el } from './dom.js';
import { bandFloors, type BandFloors } from './draw-map.js';
import type { Overlay } from './draw-overlay.js';
import { EditTools, type EditHost } from './edit-tools.js';
import { findNode } from './find.js';
import { findBox } from './find-box.js';
import { Findings } from './findings.js';
import { HitGrid } from './hit-test.js';
import { defaultLayers, layerControls, type LayerName, type LayerSet } from './layers.js';
import { MapView } from './map-view.js';
import { NavIndex, noNodeMessage } from './nav-index.js';
import { NodeIdentity } from './node-identity.js';
import { InfoPanel } from './panel.js';
import type { EditReport, LinkCheckShown, PanelContext } from './panel-context.js';
import { linkScreenPoint, nodeScreenPoint, pickAt } from './pick.js';
import {
  sameSelection,
  selectionInCurrent,
  selectionInLoaded,
  type Selection,
} from './selection.js';
import { StatusLine } from './status-line.js';

const UNKNOWN_TYPE_COLOUR = '#757575';
/** A node selected nearer the view's edge than this is centred. [Units: CSS pixels] */
const REVEAL_EDGE = 40;

export interface ViewerOptions {
  readonly model: ViewModel;
  /** The element the viewer fills: `document.body` (the served page) or `#navgen-view`. */
  readonly container: HTMLElement;
  /** Served with the map loaded: the editor's API. Null: read-only. */
  readonly api: ApiClient | null;
}

export class Viewer {
  model: ViewModel;
  readonly camera: Camera;
  band = 0;
  readonly layers: LayerSet;
  selected: Selection | null = null;
  hover: Selection | null = null;
  /** The pointer over the canvas, for the tools' pending line. [Units: CSS pixels] */
  pointer: { x: number; y: number } | null = null;
  readonly root: HTMLElement;
  readonly canvas: HTMLCanvasElement;
  readonly tools: EditTools | null;
  readonly status = new StatusLine();
  readonly findings: Findings;
  readonly identity: NodeIdentity;

  private index: NavIndex;
  private grid: HitGrid | null = null;
  private readonly floors = new Map<number, BandFloors>();
  private readonly map: MapView;
  private readonly panel: InfoPanel;
  private readonly bands: BandSwitcher;
  private readonly typeColours = new Map<number, string>();
  private readonly typeNames = new Map<number, string>();
  private starts: readonly (readonly number[])[] = [];
  private failed: readonly { from: number; to: number }[] = [];
  private lastCheck: LinkCheckShown | null = null;
  private lastEdit: EditReport | null = null;

  constructor(private readonly o: ViewerOptions) {
    const model = (this.model = o.model);
    for (const t of model.types) {
      this.typeColours.set(t.number, t.colour);
      this.typeNames.set(t.number, t.name);
    }
    this.index = new NavIndex(model.nav);
    this.identity = new NodeIdentity(model.nav);
    this.findings = new Findings(model);
    this.layers = defaultLayers(model);
    this.band = busiestBand(model);
    this.map = new MapView({
      bounds: () => this.model.bounds,
      index: () => this.index,
      picture: () => this.pictureInput(),
      overlay: () => this.overlay(),
    });
    this.camera = this.map.camera;
    this.canvas = this.map.canvas;
    this.bands = new BandSwitcher(model.bands, this.band, (band) => this.setBand(band));

    this.panel = new InfoPanel(this.panelContext());
    this.tools =
      o.api && model.editable ? new EditTools(o.api, this.editHost(), model.types) : null;
    const page = o.container === document.body;
    this.root = el(
      'div',
      { class: `nv-root ${page ? 'nv-page' : 'nv-embedded'}`, attrs: { tabindex: '0' } },
      el(
        'div',
        { class: 'nv-bar' },
        el('span', {
          class: 'nv-title',
          text: model.title,
          title: model.map ? `map ${model.map}` : 'no map',
        }),
        this.bands.element,
        findBox((text) => this.find(text)),
        el('span', {
          class: 'nv-help',
          text: 'drag/arrows pan · wheel/+− zoom · 0 fit · PgUp/PgDn band',
        }),
      ),
      el(
        'div',
        { class: 'nv-bar' },
        layerControls(model, this.layers, (name) => this.layerSwitched(name)),
      ),
      this.tools ? el('div', { class: 'nv-bar' }, this.tools.element) : null,
      el('div', { class: 'nv-main' }, this.map.element, this.panel.element),
      this.status.element,
    );
  }

  /** Builds the page into its container and paints the first frame. */
  start(): void {
    const c = this.o.container;
    if (c === document.body) c.append(this.root);
    else c.replaceChildren(this.root);
    // Everything around the map first, so the map's box has its final size when measured.
    this.panel.show(null);
    this.status.show(
      `${this.model.title}: ${this.index.nodeCount} nodes, ${this.index.nav.from.length} links, ` +
        `${this.model.bands.length} bands` +
        (this.tools
          ? ' · editable: every added or moved link is checked by the simulated bot'
          : ' · read-only'),
    );
    this.map.start();
  }

  nav(): NavIndex {
    return this.index;
  }

  requestFrame(): void {
    this.map.requestFrame();
  }

  /** Draws one frame now (`navgenView.frame()`; otherwise frames follow `requestFrame`). */
  /** The band's picture drawn anew for the next frame (what a layer switch or an edit does). */
  invalidatePicture(): void {
    this.map.invalidate();
  }

  drawFrame(): void {
    this.map.drawFrame();
  }

  private pictureInput(): PictureInput {
    let floors = this.floors.get(this.band);
    if (!floors) this.floors.set(this.band, (floors = bandFloors(this.model, this.band)));
    return {
      model: this.model,
      index: this.index,
      band: this.band,
      layers: this.layers,
      floors,
      findings: this.findings,
      identity: this.identity,
      typeColour: (t) => this.typeColours.get(t) ?? UNKNOWN_TYPE_COLOUR,
    };
  }

  private overlay(): Overlay {
    const picked = this.tools?.picked ?? -1;
    return {
      hover: this.hover,
      selected: this.selected,
      starts: this.starts,
      failed: this.failed,
      rubber: picked >= 0 && this.pointer ? { node: picked, ...this.pointer } : null,
    };
  }

  typeName(t: number): string {
    return this.typeNames.get(t) ?? `TYPE_${t}`;
  }

  // ---- camera ----

  panBy(dx: number, dy: number): void {
    this.map.panBy(dx, dy);
  }

  /** Zooms around (sx, sy); `wheel`: blits the picture scaled until the wheel rests. */
  zoomAt(factor: number, sx: number, sy: number, wheel: boolean): void {
    this.map.zoomAt(factor, sx, sy, wheel);
  }

  fit(): void {
    this.map.fit();
  }

  // ---- band and layers ----

  setBand(band: number): void {
    if (band < 0 || band >= this.model.bands.length || band === this.band) return;
    this.band = band;
    this.grid = null;
    this.hover = null;
    this.map.invalidate();
    this.bands.show(band);
    this.requestFrame();
  }

  private layerSwitched(name: LayerName): void {
    this.map.invalidate();
    if (name === 'links' || name === 'nodes') this.hover = null;
    this.requestFrame();
  }

  // ---- pointer ----

  private hitGrid(): HitGrid {
    return (this.grid ??= new HitGrid(this.index, this.band));
  }

  /** The node or link under screen point (sx, sy) of the band shown, or null. */
  hitAt(sx: number, sy: number): Selection | null {
    return pickAt(this.hitGrid(), this.index, this.camera, this.layers, sx, sy);
  }

  setHover(hit: Selection | null): void {
    if (sameSelection(hit, this.hover)) return;
    this.hover = hit;
    this.canvas.classList.toggle('nv-hot', hit !== null);
    this.requestFrame();
  }

  /** A click on the map at (sx, sy): a tool's step, or a selection. */
  click(sx: number, sy: number): void {
    const hit = this.hitAt(sx, sy);
    const tools = this.tools;
    const tool = tools?.tool;
    if (tools?.click(hit, this.camera.worldX(sx), this.camera.worldY(sy))) {
      // The node a tool picks or retypes shows in the panel (the answer updates it).
      if (hit?.kind === 'node' && (tool === 'set-type' || tools.picked === hit.node))
        this.select(hit);
      this.requestFrame();
      return;
    }
    this.select(hit);
  }

  // ---- selection ----

  select(s: Selection | null): void {
    if (!sameSelection(s, this.selected)) {
      const c = this.lastCheck;
      if (!(s?.kind === 'link' && c && c.from === s.from && c.to === s.to)) this.starts = [];
    }
    this.selected = s;
    this.panel.show(s);
    this.requestFrame();
  }

  /** Selects node n, shows its band and centres it when it is off the view (`centre`: always). */
  selectNode(n: number, centre = false): void {
    if (!this.index.hasNode(n)) {
      this.status.show(noNodeMessage(n, this.index.nodeCount), true);
      return;
    }
    const band = this.index.nav.band[n];
    if (band >= 0) this.setBand(band);
    const [x, y] = this.index.position(n);
    const sx = this.camera.screenX(x);
    const sy = this.camera.screenY(y);
    const edge = REVEAL_EDGE;
    const { width, height } = this.camera;
    if (centre || sx < edge || sy < edge || sx > width - edge || sy > height - edge)
      this.map.centreOn(x, y);
    this.select({ kind: 'node', node: n });
  }

  selectLink(from: number, to: number): void {
    if (this.index.linksBetween(from, to).length === 0) {
      this.status.show(`no link ${from} → ${to}`, true);
      return;
    }
    this.select({ kind: 'link', from, to });
  }

  /** Screen point (CSS pixels, canvas top-left) of node n's centre. */
  screenOf(n: number): { x: number; y: number } {
    return nodeScreenPoint(this.index, this.camera, n);
  }

  /** Where a click picks the links `from → to` (see `pick.ts`). */
  screenOfLink(from: number, to: number): { x: number; y: number } {
    return linkScreenPoint(this.index, this.camera, from, to);
  }

  // ---- find ----

  find(text: string): void {
    const answer = findNode(this.index.nav, text);
    if (answer.kind === 'error') return this.status.show(answer.message, true);
    this.selectNode(answer.node, true);
    this.status.show(answer.message);
  }

  // ---- the simulated bot and the editor ----

  async checkLink(from: number, to: number): Promise<void> {
    const api = this.o.api;
    const links = this.index.linksBetween(from, to);
    if (!api || links.length === 0) return;
    const type = this.typeName(this.index.nav.linkType[links[0]]);
    const a = this.index.position(from);
    const b = this.index.position(to);
    this.lastCheck = { from, to, type, check: null };
    this.panel.show(this.selected);
    this.status.show(`checking ${from} → ${to} with the simulated bot…`);
    let check: LinkCheck;
    try {
      check = await api.checkLink(a, b, type);
    } catch (e) {
      this.lastCheck = null;
      this.panel.show(this.selected);
      return this.status.show((e as Error).message, true);
    }
    // The nav may have changed while the bot ran; the answer is about the positions asked.
    this.lastCheck = { from, to, type, check };
    this.starts = check.starts;
    this.panel.show(this.selected);
    this.status.show(
      `${from} → ${to}: ${check.passed ? 'the simulated bot takes it' : `failed: ${check.reason}`}${check.detail ? ` (${check.detail})` : ''}`,
      !check.passed,
    );
    this.requestFrame();
  }

  private accepted(answer: Extract<EditAnswer, { ok: true }>, report: EditReport): void {
    // The selection follows its nodes through the renumbering (a deleted node ends it).
    const kept = selectionInLoaded(this.selected, this.identity);
    this.replaceNav(answer.nav);
    const selected = selectionInCurrent(kept, this.identity, this.index);
    this.lastEdit = report;
    this.failed = report.checks
      .filter((c) => !c.check.passed)
      .map((c) => ({ from: c.from, to: c.to }));
    this.starts = [];
    this.lastCheck = null;
    this.hover = null;
    this.selected = selected;
    this.panel.show(selected);
    this.requestFrame();
  }

  private replaceNav(nav: ViewNav): void {
    this.model = { ...this.model, nav };
    this.identity.update(nav);
    this.index = new NavIndex(nav);
    this.grid = null;
    this.map.invalidate();
  }

  private refused(report: EditReport): void {
    this.lastEdit = report;
    this.starts = report.check?.starts ?? [];
    this.panel.show(this.selected);
    this.requestFrame();
  }

  private editHost(): EditHost {
    return {
      index: () => this.index,
      identity: this.identity,
      typeName: (t) => this.typeName(t),
      accepted: (a, r) => this.accepted(a, r),
      refused: (r) => this.refused(r),
      status: (m, error) => this.status.show(m, error),
      requestFrame: () => this.requestFrame(),
    };
  }

  private panelContext(): PanelContext {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const viewer = this;
    return {
      get model() {
        return viewer.model;
      },
      index: () => viewer.index,
      findings: viewer.findings,
      identity: viewer.identity,
      typeName: (t) => viewer.typeName(t),
      typeColour: (t) => viewer.typeColours.get(t) ?? UNKNOWN_TYPE_COLOUR,
      canCheck: viewer.o.api !== null && viewer.o.model.editable,
      lastCheck: () => viewer.lastCheck,
      lastEdit: () => viewer.lastEdit,
      dismissEdit: () => {
        viewer.lastEdit = null;
        viewer.failed = [];
        viewer.panel.show(viewer.selected);
        viewer.requestFrame();
      },
      selectNode: (n) => viewer.selectNode(n),
      selectLink: (from, to) => viewer.selectLink(from, to),
      checkLink: (from, to) => void viewer.checkLink(from, to),
      status: (m) => viewer.status.show(m),
    };
  }
}

/** The band with the most nodes, where a first look finds the most. */
function busiestBand(model: ViewModel): number {
  const count = new Array<number>(Math.max(1, model.bands.length)).fill(0);
  for (const b of model.nav.band) if (b >= 0 && b < count.length) count[b]++;
  let best = 0;
  for (let i = 1; i < count.length; i++) if (count[i] > count[best]) best = i;
  return best;
}
