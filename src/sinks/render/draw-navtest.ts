/**
 * Draws what a nav test found on the nav it tested (`navgen render --navtest REPORT`): failed
 * links as red dashed lines over the graph, unreachable nodes ringed orange, bad nodes ringed
 * red. Works with any report of the AQtion proposal's navtest schema (the offline `navgen navtest` or a game
 * server's); node numbers must fit the drawn nav.
 */
import type { NavFile, Vec3 } from '../../nav/types.js';
import type { NavtestReport } from '../../sources/feedback/navtest-report.js';
import type { LegendOverlayRow } from './legend.js';
import type { LinkEnds } from './nav-overlay.js';
import { colours } from './palette.js';
import { linePanels, type Panel } from './panel.js';

export interface NavtestMarks {
  /** The report's file name, for the legend. */
  readonly label: string;
  readonly failedLinks: readonly LinkEnds[];
  readonly unreachableNodes: readonly number[];
  readonly badNodes: readonly number[];
}

const UNREACHABLE = '#ff9100';
const RING_RADIUS = 5.5;

/** The report's marks; throws a RangeError naming the first node number the nav lacks. */
export function navtestMarks(report: NavtestReport, nav: NavFile, label: string): NavtestMarks {
  const n = nav.nodes.length;
  const check = (i: number, what: string) => {
    if (i >= n)
      throw new RangeError(
        `${label}: ${what} names node ${i}, but the nav has ${n} nodes (a report of another nav?)`,
      );
  };
  for (const [a, b] of report.bad_links) {
    check(a, 'bad_links');
    check(b, 'bad_links');
  }
  for (const i of report.unreachable_nodes ?? []) check(i, 'unreachable_nodes');
  for (const i of report.bad_nodes) check(i, 'bad_nodes');
  return {
    label,
    failedLinks: report.bad_links.map(([a, b]) => [a, b] as const),
    unreachableNodes: [...(report.unreachable_nodes ?? [])],
    badNodes: [...report.bad_nodes],
  };
}

/** Draws `marks`; `nodePanel[i]` is the panel of node i, or -1. */
export function drawNavtest(
  marks: NavtestMarks,
  nav: NavFile,
  nodePanel: Int32Array,
  panels: readonly Panel[],
): void {
  for (const [from, to] of marks.failedLinks) {
    const a: Vec3 = nav.nodes[from].origin;
    const b: Vec3 = nav.nodes[to].origin;
    for (const i of linePanels(nodePanel[from], nodePanel[to])) {
      const p = panels[i];
      p.gainedLinks.push(
        `<line class="navtest-link failed" data-from="${from}" data-to="${to}" stroke="${colours.lost}" ` +
          `stroke-dasharray="4 2" stroke-width="1.6" stroke-opacity="1" ` +
          `x1="${p.x(a[0])}" y1="${p.y(a[1])}" x2="${p.x(b[0])}" y2="${p.y(b[1])}"/>`,
      );
    }
  }
  const ring = (index: number, cls: string, colour: string) => {
    if (nodePanel[index] < 0) return;
    const p = panels[nodePanel[index]];
    const o = nav.nodes[index].origin;
    p.rings.push(
      `<circle class="navtest-ring ${cls}" data-node="${index}" cx="${p.x(o[0])}" cy="${p.y(o[1])}" r="${RING_RADIUS}" stroke="${colour}"/>`,
    );
  };
  for (const i of marks.unreachableNodes) ring(i, 'unreachable', UNREACHABLE);
  for (const i of marks.badNodes) ring(i, 'bad', colours.lost);
}

export function navtestTitle(marks: NavtestMarks): string {
  return `Nav test: ${marks.label}`;
}

export function navtestRows(marks: NavtestMarks): LegendOverlayRow[] {
  return [
    {
      key: 'failed-links',
      swatch: 'dashed',
      colour: colours.lost,
      text: 'links that failed',
      count: marks.failedLinks.length,
    },
    {
      key: 'unreachable',
      swatch: 'ring',
      colour: UNREACHABLE,
      text: 'nodes not reached from the spawns',
      count: marks.unreachableNodes.length,
    },
    {
      key: 'bad-nodes',
      swatch: 'ring',
      colour: colours.lost,
      text: 'bad nodes',
      count: marks.badNodes.length,
    },
  ];
}
