/**
 * Feedback from a nav test: reports are validated, located by position in the nav they tested,
 * accumulated without ever losing a failure, and applied to a new graph (nodes and links near
 * the failures removed, node numbers re-indexed).
 */
import { describe, expect, it } from 'vitest';
import { feedbackDefaults } from '../../src/operators/feedback.js';
import { feedbackGraph } from '../../src/operators/internal/feedback-graph.js';
import type { DraftGraph, DraftLink, DraftNode } from '../../src/stage/graph-types.js';
import {
  feedbackFileText,
  feedbackFromReport,
  mergeFeedback,
  parseFeedbackFile,
  type Feedback,
} from '../../src/sources/feedback/feedback.js';
import {
  NavtestReportError,
  parseNavtestReport,
} from '../../src/sources/feedback/navtest-report.js';
import type { NavFile } from '../../src/nav/types.js';

function node(x: number, y: number): DraftNode {
  return {
    origin: [x, y, 24],
    type: 'MOVE',
    weight: 3,
    demos: 3,
    votes: 3,
    underwater: 0,
    crouched: 0,
    ladder: 0,
    airborne: 0,
    vz: 0,
    dxy: 96,
    source: 'votes',
  };
}

function link(from: number, to: number): DraftLink {
  return { from, to, type: 'MOVE', weight: 1, demos: 1, votes: 1, airborne: 0, rise: 0 };
}

const graph: DraftGraph = {
  nodes: [node(0, 0), node(96, 0), node(192, 0), node(288, 0)],
  links: [link(0, 1), link(1, 0), link(1, 2), link(2, 1), link(2, 3), link(3, 2)],
};

describe('feedbackGraph', () => {
  it('removes nodes near bad positions with their links, and bad links, and re-indexes', () => {
    const f: Feedback = {
      badNodes: [[100, 5, 24]], // node 1 (within 48)
      badLinks: [
        [
          [190, 0, 24],
          [290, 2, 24],
        ],
      ], // 2 → 3 only
      warnings: [],
    };
    const { graph: g, stats } = feedbackGraph(graph, f, feedbackDefaults);
    expect(g.nodes.map((n) => n.origin[0])).toEqual([0, 192, 288]);
    expect(g.links.map((l) => [l.from, l.to])).toEqual([[2, 1]]); // 3 → 2 survives, renumbered
    expect(stats).toMatchObject({
      nodesRemoved: 1,
      linksRemoved: 5,
      unmatchedNodes: 0,
      unmatchedLinks: 0,
    });
  });

  it('counts failures that match nothing any more instead of failing', () => {
    const { graph: g, stats } = feedbackGraph(
      graph,
      {
        badNodes: [[5000, 0, 0]],
        badLinks: [
          [
            [0, 0, 24],
            [288, 0, 24],
          ],
        ],
        warnings: [],
      },
      feedbackDefaults,
    );
    expect(g.nodes).toHaveLength(4);
    expect(stats).toMatchObject({ unmatchedNodes: 1, unmatchedLinks: 1 });
  });
});

describe('navtest reports', () => {
  const tested: NavFile = {
    version: 2,
    nodes: [0, 1, 2].map((i) => ({
      area: 0,
      origin: [i * 96, 0, 24],
      type: 1,
      nodenum: i,
      inuse: 1,
      links: [],
    })),
  };

  it('validates the AQtion proposal\u2019s report schema and names every problem', () => {
    expect(() =>
      parseNavtestReport({ map: 'x', passed: 'no', bad_nodes: [1.5], bad_links: [[1]] }, 'r.json'),
    ).toThrow(NavtestReportError);
    try {
      parseNavtestReport({ map: 'x', passed: 'no', bad_nodes: [1.5], bad_links: [[1]] }, 'r.json');
    } catch (e) {
      const msg = (e as Error).message;
      expect(msg).toMatch(/^r\.json: not a valid navtest report/);
      expect(msg).toMatch(/passed: must be boolean/);
      expect(msg).toMatch(/bad_nodes\.0: must be integer/);
      expect(msg).toMatch(/bad_links\.0: must NOT have fewer than 2 items/);
    }
    expect(() => parseNavtestReport({ passed: true }, 'r.json')).toThrow(/missing "map"/);
  });

  it('locates bad nodes and links in the tested nav, and reports unknown node numbers', () => {
    const report = parseNavtestReport(
      {
        map: 'x',
        passed: false,
        bad_nodes: [1, 7],
        bad_links: [
          [0, 2],
          [2, 9],
        ],
      },
      'r.json',
    );
    const f = feedbackFromReport(report, tested, 'r.json');
    expect(f.badNodes).toEqual([[96, 0, 24]]);
    expect(f.badLinks).toEqual([
      [
        [0, 0, 24],
        [192, 0, 24],
      ],
    ]);
    expect(f.warnings).toHaveLength(2);
    expect(f.warnings[0]).toMatch(
      /r\.json: bad_nodes names node 7, but the tested nav has 3 nodes/,
    );
  });

  it('prunes unreachable nodes only when the tester proved them unreachable', () => {
    const report = parseNavtestReport(
      { map: 'x', passed: false, bad_nodes: [], bad_links: [], unreachable_nodes: [2] },
      'r.json',
    );
    // A game-server test only saw that no bot visited node 2: it stays.
    expect(feedbackFromReport(report, tested, 'r.json').badNodes).toEqual([]);
    // The offline test checked every link: no passing path reaches node 2 from a spawn.
    expect(
      feedbackFromReport(report, tested, 'r.json', { pruneUnreachable: true }).badNodes,
    ).toEqual([[192, 0, 24]]);
  });

  it('accumulates failures without losing any and writes them deterministically', () => {
    const a: Feedback = { badNodes: [[1, 2, 3]], badLinks: [], warnings: [] };
    const b: Feedback = {
      badNodes: [
        [1, 2, 3],
        [0, 0, 0],
      ],
      badLinks: [
        [
          [0, 0, 0],
          [1, 1, 1],
        ],
      ],
      warnings: [],
    };
    const m = mergeFeedback(a, b);
    expect(m.badNodes).toEqual([
      [0, 0, 0],
      [1, 2, 3],
    ]);
    expect(mergeFeedback(m, { badNodes: [], badLinks: [], warnings: [] }).badNodes).toHaveLength(2);
    const text = feedbackFileText(m, 'x');
    expect(feedbackFileText(mergeFeedback(b, a), 'x')).toBe(text);
    expect(parseFeedbackFile(JSON.parse(text), 'f.json').badLinks).toEqual(m.badLinks);
    expect(() => parseFeedbackFile({ format: 'other' }, 'f.json')).toThrow(
      /f\.json: not a navgen feedback file/,
    );
  });
});
