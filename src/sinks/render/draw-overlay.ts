/**
 * Draws a {@link NavOverlay} into the panels and says what its legend rows are: the reference's
 * nodes as hollow squares (red and larger when lost), its lost links dashed red, the drawn nav's
 * gained links green, gained nodes ringed green and retyped nodes ringed yellow.
 */
import { nodeTypeLabel, type NodeTypeTable } from '../../nav/node-types.js';
import type { NavFile, Vec3 } from '../../nav/types.js';
import type { HeightBand } from './height-band.js';
import type { LegendOverlayRow } from './legend.js';
import type { LinkEnds, NavOverlay } from './nav-overlay.js';
import { colours } from './palette.js';
import { linePanels, nodePanels, type Panel } from './panel.js';
import { escapeXml, num } from './svg-format.js';
import { projectX, projectY } from './top-down-view.js';

/** Half side of a reference node's square, and of a lost one. [Units: pixels] */
const REF_HALF = 2.5;
const LOST_HALF = 4;
const RING_RADIUS = 5.5;

/** Draws `overlay`; `nodePanel[i]` is the panel of the drawn nav's node i, or -1. */
export function drawOverlay(
  overlay: NavOverlay,
  nav: NavFile,
  bands: readonly HeightBand[],
  nodePanel: Int32Array,
  panels: readonly Panel[],
  table: NodeTypeTable,
): void {
  const ref = overlay.reference;
  const refPanel = nodePanels(ref.nodes, bands);
  const segment = (cls: string, graph: NavFile, where: Int32Array, l: LinkEnds) => {
    const a: Vec3 = graph.nodes[l[0]].origin;
    const b: Vec3 = graph.nodes[l[1]].origin;
    for (const i of linePanels(where[l[0]], where[l[1]])) {
      const p = panels[i];
      (cls === 'lost' ? p.lostLinks : p.gainedLinks).push(
        `<line class="overlay-link ${cls}" data-from="${l[0]}" data-to="${l[1]}" ` +
          `x1="${p.x(a[0])}" y1="${p.y(a[1])}" x2="${p.x(b[0])}" y2="${p.y(b[1])}"/>`,
      );
    }
  };
  for (const l of overlay.lostLinks) segment('lost', ref, refPanel, l);
  for (const l of overlay.gainedLinks) segment('gained', nav, nodePanel, l);

  const lost = new Uint8Array(ref.nodes.length);
  for (const i of overlay.lostNodes) lost[i] = 1;
  ref.nodes.forEach((n, i) => {
    if (refPanel[i] < 0) return;
    const p = panels[refPanel[i]];
    // matched: paired with a node of the drawn nav; lost: drawn as lost; unmatched: neither
    // (compare mode: no partner, but the drawn nav passes within the radius).
    const match = lost[i] ? 'lost' : overlay.referenceMatched[i] ? 'matched' : 'unmatched';
    const half = lost[i] ? LOST_HALF : REF_HALF;
    p.refNodes.push(
      `<rect class="ref-node" data-ref="${i}" data-match="${match}" ` +
        `x="${num(projectX(p.view, n.origin[0]) - half)}" y="${num(projectY(p.view, n.origin[1]) - half)}" ` +
        `width="${half * 2}" height="${half * 2}" stroke="${lost[i] ? colours.lost : colours.matched}"/>`,
    );
  });

  const ring = (index: number, cls: string, colour: string, extra: string) => {
    if (nodePanel[index] < 0) return;
    const p = panels[nodePanel[index]];
    const o = nav.nodes[index].origin;
    p.rings.push(
      `<circle class="overlay-ring ${cls}" data-node="${index}"${extra} cx="${p.x(o[0])}" cy="${p.y(o[1])}" r="${RING_RADIUS}" stroke="${colour}"/>`,
    );
  };
  for (const n of overlay.gainedNodes) ring(n, 'gained', colours.gained, '');
  for (const r of overlay.diff.retypedNodes) {
    const was = escapeXml(nodeTypeLabel(table, r.typeA));
    ring(r.b, 'retyped', colours.retyped, ` data-was="${was}"`);
  }
}

/** The legend's heading for `overlay`. */
export function overlayTitle(overlay: NavOverlay): string {
  return overlay.mode === 'previous'
    ? `Changes since ${overlay.label}`
    : `Compared with ${overlay.label}`;
}

/** The legend's rows for `overlay`, worded for its mode, with the counts drawn. */
export function overlayRows(overlay: NavOverlay): LegendOverlayRow[] {
  const d = overlay.diff;
  const r = d.matchRadius;
  const previous = overlay.mode === 'previous';
  const row = (
    key: string,
    swatch: LegendOverlayRow['swatch'],
    colour: string,
    text: string,
    count: number,
  ): LegendOverlayRow => ({ key, swatch, colour, text, count });
  return [
    previous
      ? row('matched', 'square', colours.matched, `nodes kept (within ${r} u)`, d.matchedNodes)
      : row(
          'matched',
          'square',
          colours.matched,
          `its nodes (${d.matchedNodes} paired within ${r} u)`,
          d.nodesA,
        ),
    row(
      'lost',
      'square',
      colours.lost,
      previous ? 'nodes removed' : 'its nodes this nav misses',
      overlay.lostNodes.length,
    ),
    row(
      'gained',
      'ring',
      colours.gained,
      previous ? 'nodes added' : 'nodes where it has none',
      overlay.gainedNodes.length,
    ),
    row(
      'retyped',
      'ring',
      colours.retyped,
      previous ? 'nodes retyped' : 'paired, other type',
      d.retypedNodes.length,
    ),
    row(
      'lost-links',
      'dashed',
      colours.lost,
      previous ? 'links removed' : 'its links this nav misses',
      overlay.lostLinks.length,
    ),
    row(
      'gained-links',
      'line',
      colours.gained,
      previous ? 'links added' : 'links where it has none',
      overlay.gainedLinks.length,
    ),
  ];
}
