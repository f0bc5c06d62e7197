/**
 * The viewer: the page's state (band, layers, selection, hover, the nav as edited) and the
 * drawing of a frame. A frame blits the band's cached picture (`band-picture.ts`) and draws the
 * overlay over it; the picture is drawn again only when what it shows changed.
 */
import { colours } from '../sinks/render/palette.js';
import type { EditAnswer, LinkCheck } from '../sinks/view/view-api.js';
import type { ViewModel, ViewNav } from '../sinks/view/view-model.js';
import type { ApiClient } from './api-client.js';
import { PictureCache, type PictureInput } from './band-picture.js';
import { Camera } from './camera.js';
import { button, el } from './dom.js';
import { bandFloors, type BandFloors } from './draw-map.js';
import { linkWidth, nodeRadius } from './draw-nav.js';
import { drawOverlay } from './draw-overlay.js';
import { EditTools, type EditHost } from './edit-tools.js';
import { consolePosition, nearestNode, parseFindQuery } from './find.js';
import { Findings } from './findings.js';
import { HitGrid } from './hit-test.js';
import { defaultLayers, layerControls, type LayerName, type LayerSet } from './layers.js';
import { NavIndex } from './nav-index.js';
import { NodeIdentity } from './node-identity.js';
import { InfoPanel } from './panel.js';
import type { EditReport, LinkCheckShown, PanelContext } from './panel-context.js';
import { sameSelection, type Selection } from './selection.js';
import { StatusLine } from './status-line.js';

const UNKNOWN_TYPE_COLOUR = '#757575';
/** How near the pointer a node or a line must be to be under it. [Units: CSS pixels] */
const NODE_PICK = 4;
const LINE_PICK = 5;
/** A point this near a dot's edge is on the dot. [Units: CSS pixels] */
const ON_DOT = 1;
/** Re-centre the picture this long after a pan stops. [Units: ms] */
const PAN_REST = 150;
/** Draw the picture anew this long after the last wheel step. [Units: ms] */
const WHEEL_REST = 150;
/** A node selected nearer the view's edge than this is centred. [Units: CSS pixels] */
const REVEAL_EDGE = 40;
/** How far ahead of a pan a picture is drawn: this fraction of its margin. */
const PAN_LEAD = 0.75;

export interface ViewerOptions {
  readonly model: ViewModel;
  /** The element the viewer fills: `document.body` (the served page) or `#navgen-view`. */
  readonly container: HTMLElement;
  /** Served with the map loaded: the editor's API. Null: read-only. */
  readonly api: ApiClient | null;
}

export class Viewer {
  model: ViewModel;
  readonly camera = new Camera();
  band = 0;
  readonly layers: LayerSet;
  selected: Selection | null = null;
  hover: Selection | null = null;
  /** The pointer over the canvas, for the tools' pending line. [Units: CSS pixels] */
  pointer: { x: number; y: number } | null = null;
  readonly root: HTMLElement;
  readonly canvas = el('canvas', { testid: 'canvas' });
  readonly tools: EditTools | null;
  readonly status = new StatusLine();
  readonly findings: Findings;
  readonly identity: NodeIdentity;
  /** Whether the picture may be blitted scaled (a wheel zoom is going on). */
  zooming = false;
  dpr = 1;

  private index: NavIndex;
  private grid: HitGrid | null = null;
  private readonly floors = new Map<number, BandFloors>();
  private readonly picture = new PictureCache();
  private readonly ctx: CanvasRenderingContext2D;
  private readonly panel: InfoPanel;
  private readonly bandButtons: HTMLButtonElement[] = [];
  private readonly typeColours = new Map<number, string>();
  private readonly typeNames = new Map<number, string>();
  private readonly mapBox = el('div', { class: 'nv-map' });
  private frameId = 0;
  private panTimer = 0;
  /** A pan is going on (until it rests), and its recent step. [Units: CSS pixels] */
  private panning = false;
  private readonly panVelocity = { x: 0, y: 0 };
  /** The view is the fit of the whole map, untouched since: a resize fits again. */
  private fitted = false;
  private wheelTimer = 0;
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
    const ctx = this.canvas.getContext('2d', { alpha: false });
    if (!ctx) throw new Error('this browser gives no 2D canvas');
    this.ctx = ctx;

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
        this.bandBar(),
        this.findBox(),
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
      el('div', { class: 'nv-main' }, this.mapBox, this.panel.element),
      this.status.element,
    );
    this.mapBox.append(this.canvas);
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
    this.resize();
    this.camera.fit(this.model.bounds);
    this.fitted = true;
    this.drawFrame();
    // Drawn at once, not on the next animation frame: resizing a canvas clears it, and the
    // observer runs before the browser paints, so the map never shows blank.
    new ResizeObserver(() => {
      if (!this.resize()) return;
      if (this.fitted) this.camera.fit(this.model.bounds);
      this.drawFrame();
    }).observe(this.mapBox);
  }

  /** Sizes the canvas to its box; returns whether the size changed. */
  resize(): boolean {
    const r = this.mapBox.getBoundingClientRect();
    const w = Math.max(1, Math.floor(r.width));
    const h = Math.max(1, Math.floor(r.height));
    const dpr = window.devicePixelRatio || 1;
    if (w === this.camera.width && h === this.camera.height && dpr === this.dpr) return false;
    this.dpr = dpr;
    this.camera.resize(w, h);
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(h * dpr);
    this.canvas.style.width = `${w}px`;
    this.canvas.style.height = `${h}px`;
    this.picture.invalidate();
    return true;
  }

  nav(): NavIndex {
    return this.index;
  }

  requestFrame(): void {
    if (this.frameId === 0) this.frameId = requestAnimationFrame(() => this.drawFrame());
  }

  /** Draws one frame now: the picture blitted (drawn first if it does not fit), the overlay. */
  drawFrame(): void {
    if (this.frameId !== 0) cancelAnimationFrame(this.frameId);
    this.frameId = 0;
    const { camera, dpr, ctx } = this;
    const fits = this.picture.fits(camera, dpr);
    const scaled = !fits && this.zooming && this.picture.scalable(camera, dpr);
    if (!fits && !scaled)
      this.picture.render(camera, dpr, colours.background, this.pictureInput(), this.panLead());
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (scaled) {
      ctx.fillStyle = colours.background;
      ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    }
    this.picture.blit(ctx, camera, dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const picked = this.tools?.picked ?? -1;
    drawOverlay(ctx, camera, this.index, {
      hover: this.hover,
      selected: this.selected,
      starts: this.starts,
      failed: this.failed,
      rubber: picked >= 0 && this.pointer ? { node: picked, ...this.pointer } : null,
    });
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

  typeName(t: number): string {
    return this.typeNames.get(t) ?? `TYPE_${t}`;
  }

  // ---- camera ----

  panBy(dx: number, dy: number): void {
    this.camera.panBy(dx, dy);
    this.fitted = false;
    this.panning = true;
    this.panVelocity.x = this.panVelocity.x / 2 + dx / 2;
    this.panVelocity.y = this.panVelocity.y / 2 + dy / 2;
    this.requestFrame();
    // At rest, a picture far off its centre is drawn again, so the next pan has its margin.
    clearTimeout(this.panTimer);
    this.panTimer = window.setTimeout(() => {
      this.panning = false;
      this.panVelocity.x = this.panVelocity.y = 0;
      if (this.picture.offset(this.camera) > Math.min(this.camera.width, this.camera.height) / 8) {
        this.picture.invalidate();
        this.requestFrame();
      }
    }, PAN_REST);
  }

  /**
   * Where a picture drawn during a pan should lie: ahead of the view, the way it moves (the
   * picture moves with the content, so the view moves against the drag). Measured with a
   * continuous pan of 7 × 4 pixels a frame: half as many drawings, so half as many slow frames.
   */
  private panLead(): { x: number; y: number } {
    const { x, y } = this.panVelocity;
    const speed = Math.hypot(x, y);
    if (!this.panning || speed < 0.5) return { x: 0, y: 0 };
    return { x: (-x / speed) * PAN_LEAD, y: (-y / speed) * PAN_LEAD };
  }

  /** Zooms around (sx, sy); `wheel`: blits the picture scaled until the wheel rests. */
  zoomAt(factor: number, sx: number, sy: number, wheel: boolean): void {
    this.camera.zoomAt(factor, sx, sy);
    this.fitted = false;
    this.zooming = wheel;
    clearTimeout(this.wheelTimer);
    if (wheel)
      this.wheelTimer = window.setTimeout(() => {
        this.zooming = false;
        this.requestFrame();
      }, WHEEL_REST);
    this.requestFrame();
  }

  fit(): void {
    this.camera.fit(this.model.bounds);
    this.fitted = true;
    this.requestFrame();
  }

  // ---- band and layers ----

  setBand(band: number): void {
    if (band < 0 || band >= this.model.bands.length || band === this.band) return;
    this.band = band;
    this.grid = null;
    this.hover = null;
    this.picture.invalidate();
    this.bandButtons.forEach((b, i) => b.classList.toggle('nv-active', i === band));
    this.requestFrame();
  }

  private bandBar(): HTMLElement {
    const bar = el('div', { class: 'nv-bands' });
    this.model.bands.forEach((b, i) => {
      const btn = button(b.label, () => this.setBand(i), {
        testid: `band-${i}`,
        title: `show ${b.label} (PageUp/PageDown)`,
        class: i === this.band ? 'nv-active' : '',
      });
      this.bandButtons.push(btn);
      bar.append(btn);
    });
    return bar;
  }

  private layerSwitched(name: LayerName): void {
    this.picture.invalidate();
    if (name === 'links' || name === 'nodes') this.hover = null;
    this.requestFrame();
  }

  // ---- pointer ----

  private hitGrid(): HitGrid {
    return (this.grid ??= new HitGrid(this.index, this.band));
  }

  /**
   * The node or link under screen point (sx, sy) of the band shown, or null. A point on a dot
   * is its node; elsewhere the nearer of the nearest node and the nearest line wins, so a short
   * link between two dots zoomed out can still be clicked between them.
   */
  hitAt(sx: number, sy: number): Selection | null {
    const { camera } = this;
    const x = camera.worldX(sx);
    const y = camera.worldY(sy);
    const grid = this.hitGrid();
    const r = nodeRadius(camera.scale);
    let node = -1;
    let nodeDistance = Infinity;
    if (this.layers.nodes) {
      node = grid.nearestNode(x, y, (r + NODE_PICK) / camera.scale);
      if (node >= 0) {
        const [nx, ny] = this.index.position(node);
        nodeDistance = Math.hypot(nx - x, ny - y) * camera.scale;
        if (nodeDistance <= r + ON_DOT) return { kind: 'node', node };
      }
    }
    if (this.layers.links) {
      const radius = (linkWidth(camera.scale) / 2 + LINE_PICK) / camera.scale;
      const hit = grid.nearestLine(x, y, radius);
      if (hit && hit.distance * camera.scale < nodeDistance) {
        const a = this.index.lineA[hit.line];
        const b = this.index.lineB[hit.line];
        // Of a two-way line, the link leaving the end nearer the pointer.
        if (this.index.lineTwoWay[hit.line] && hit.t > 0.5) return { kind: 'link', from: b, to: a };
        return { kind: 'link', from: a, to: b };
      }
    }
    return node >= 0 ? { kind: 'node', node } : null;
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
    if (!Number.isInteger(n) || n < 0 || n >= this.index.nodeCount) {
      this.status.show(`no node ${n}: the nav has nodes 0 to ${this.index.nodeCount - 1}`, true);
      return;
    }
    const band = this.index.nav.band[n];
    if (band >= 0) this.setBand(band);
    const [x, y] = this.index.position(n);
    const sx = this.camera.screenX(x);
    const sy = this.camera.screenY(y);
    const edge = REVEAL_EDGE;
    const { width, height } = this.camera;
    if (centre || sx < edge || sy < edge || sx > width - edge || sy > height - edge) {
      this.camera.centreOn(x, y);
      this.fitted = false;
      this.requestFrame();
    }
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
    if (!Number.isInteger(n) || n < 0 || n >= this.index.nodeCount)
      throw new RangeError(`no node ${n}: the nav has nodes 0 to ${this.index.nodeCount - 1}`);
    const [x, y] = this.index.position(n);
    return { x: this.camera.screenX(x), y: this.camera.screenY(y) };
  }

  /**
   * The midpoint of the line of links `from → to`, nudged a pixel towards `from`: a click there
   * picks `from → to`, also of a two-way line (see hitAt).
   */
  screenOfLink(from: number, to: number): { x: number; y: number } {
    const a = this.screenOf(from);
    const b = this.screenOf(to);
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    return { x: (a.x + b.x) / 2 - (b.x - a.x) / len, y: (a.y + b.y) / 2 - (b.y - a.y) / len };
  }

  // ---- find ----

  private findBox(): HTMLElement {
    const input = el('input', {
      class: 'nv-find',
      testid: 'find',
      title: 'a node number, or a position as the console prints it (x y z); Enter finds',
      attrs: { type: 'text', placeholder: 'find: node or x y z', spellcheck: 'false' },
    });
    input.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      e.preventDefault();
      this.find(input.value);
    });
    return input;
  }

  find(text: string): void {
    const q = parseFindQuery(text);
    if (q.kind === 'error') return this.status.show(q.message, true);
    if (q.kind === 'node') {
      this.selectNode(q.node, true);
      if (this.selected?.kind === 'node' && this.selected.node === q.node)
        this.status.show(`node ${q.node} at ${consolePosition(this.index.position(q.node))}`);
      return;
    }
    const n = nearestNode(this.index.nav, q.x, q.y, q.z);
    if (n < 0) return this.status.show('the nav has no nodes', true);
    this.selectNode(n, true);
    const p = this.index.position(n);
    const d = Math.hypot(p[0] - q.x, p[1] - q.y, q.z === undefined ? 0 : p[2] - q.z);
    this.status.show(
      `node ${n} at ${consolePosition(p)}, ${Math.round(d)} units from the position`,
    );
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
    const keep = (n: number) => this.identity.loaded(n);
    const before = this.selected;
    const kept =
      before?.kind === 'node'
        ? { kind: 'node' as const, node: keep(before.node) }
        : before?.kind === 'link'
          ? { kind: 'link' as const, from: keep(before.from), to: keep(before.to) }
          : null;
    this.replaceNav(answer.nav);
    const back = (n: number) => (n >= 0 ? this.identity.current(n) : -1);
    let selected: Selection | null = null;
    if (kept?.kind === 'node' && back(kept.node) >= 0)
      selected = { kind: 'node', node: back(kept.node) };
    if (kept?.kind === 'link') {
      const from = back(kept.from);
      const to = back(kept.to);
      if (from >= 0 && to >= 0 && this.index.linksBetween(from, to).length > 0)
        selected = { kind: 'link', from, to };
    }
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
    this.picture.invalidate();
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
