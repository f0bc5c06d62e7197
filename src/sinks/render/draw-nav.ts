/**
 * Draws the nav into the panels: its link lines (see `link-lines.ts`), arrowheads on one-way
 * lines, and one dot per node coloured by type (hollow for nodes the map alone gave), in the
 * panel of the floor it stands on. A line
 * whose ends stand in two panels is drawn in both, dashed, so that no panel hides where a link
 * leads.
 */
import { nodeTypeLabel, type NodeTypeTable } from '../../nav/node-types.js';
import type { NavFile } from '../../nav/types.js';
import { linkLines, type LinkLine } from './link-lines.js';
import { colours, nodeTypeColour } from './palette.js';
import { linePanels, type Panel } from './panel.js';
import { escapeXml, num, points } from './svg-format.js';
import { projectX, projectY } from './top-down-view.js';

/** [Units: pixels] */
export const NODE_RADIUS = 2.6;
const ARROW_LENGTH = 6;
const ARROW_HALF_WIDTH = 2.6;

export interface DrawnLinks {
  /** Every line of the nav, drawn or not (a line between two nodes in no panel is not). */
  readonly lines: readonly LinkLine[];
  /** Whether some line was drawn in two panels. */
  readonly crossBand: boolean;
}

/**
 * Draws `nav`; `nodePanel[i]` is node i's panel, or -1 for none. Nodes with `fromMap[i]` set
 * (the map alone gave them, `fill`) are drawn hollow, ringed in their type's colour.
 */
export function drawNav(
  nav: NavFile,
  nodePanel: Int32Array,
  panels: readonly Panel[],
  table: NodeTypeTable,
  fromMap: Uint8Array | null = null,
): DrawnLinks {
  const lines = linkLines(nav);
  let crossBand = false;
  for (const line of lines) {
    const a = nodePanel[line.from];
    const b = nodePanel[line.to];
    const targets = linePanels(a, b);
    if (a !== b && targets.length > 0) crossBand = true;
    for (const i of targets) drawLine(panels[i], nav, line, table, a !== b);
  }
  nav.nodes.forEach((n, i) => {
    if (nodePanel[i] < 0) return;
    const p = panels[nodePanel[i]];
    const colour = nodeTypeColour(table, n.type);
    const paint =
      fromMap && fromMap[i]
        ? `data-source="map" fill="${colours.background}" stroke="${colour}" stroke-width="1.2"`
        : `fill="${colour}"`;
    p.nodes.push(
      `<circle class="node" data-node="${i}" data-type="${escapeXml(nodeTypeLabel(table, n.type))}" ` +
        `cx="${p.x(n.origin[0])}" cy="${p.y(n.origin[1])}" r="${NODE_RADIUS}" ${paint}/>`,
    );
  });
  return { lines, crossBand };
}

function drawLine(
  p: Panel,
  nav: NavFile,
  line: LinkLine,
  table: NodeTypeTable,
  cross: boolean,
): void {
  const a = nav.nodes[line.from].origin;
  const b = nav.nodes[line.to].origin;
  const x1 = projectX(p.view, a[0]);
  const y1 = projectY(p.view, a[1]);
  const x2 = projectX(p.view, b[0]);
  const y2 = projectY(p.view, b[1]);
  const colour = nodeTypeColour(table, line.type);
  const cls = `link ${line.twoWay ? 'two-way' : 'one-way'}${cross ? ' cross-band' : ''}`;
  p.links.push(
    `<line class="${cls}" data-from="${line.from}" data-to="${line.to}" data-type="${escapeXml(nodeTypeLabel(table, line.type))}" ` +
      `x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}" stroke="${colour}"` +
      `${line.twoWay ? '' : ' stroke-width="1.4" stroke-opacity="0.9"'}${cross ? ' stroke-dasharray="3 2"' : ''}/>`,
  );
  if (line.twoWay) return;
  // Arrowhead with its tip at the target dot's edge (halfway along very short lines; a vertical
  // link, e.g. up a ladder, has no direction on the picture and points right).
  const length = Math.hypot(x2 - x1, y2 - y1);
  const ux = length > 0 ? (x2 - x1) / length : 1;
  const uy = length > 0 ? (y2 - y1) / length : 0;
  const back = Math.min(NODE_RADIUS + 0.5, length / 2);
  const tipX = x2 - ux * back;
  const tipY = y2 - uy * back;
  const baseX = tipX - ux * ARROW_LENGTH;
  const baseY = tipY - uy * ARROW_LENGTH;
  const corners = [
    tipX,
    tipY,
    baseX - uy * ARROW_HALF_WIDTH,
    baseY + ux * ARROW_HALF_WIDTH,
    baseX + uy * ARROW_HALF_WIDTH,
    baseY - ux * ARROW_HALF_WIDTH,
  ];
  p.arrows.push(
    `<polygon class="arrow" data-from="${line.from}" data-to="${line.to}" points="${points(corners)}" fill="${colour}"/>`,
  );
}
