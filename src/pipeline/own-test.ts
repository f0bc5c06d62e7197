/**
 * A build tests the nav it is about to write, and mends what fails, before it writes anything.
 *
 * The test is the offline nav test itself (`navtest/run-navtest.ts`: every link of the nav run
 * by the simulated bot from every place the bot counts its source reached, then the nodes
 * walked from the spawn points), on the nav as the sinks would write it (`graphToNav`: the
 * node and link limits, the closed limp traps, float32 origins). Its verdicts come from the
 * map's verdict table, where the stages' own link checks left them: the same simulation, so the
 * test costs only the links no stage ran (spawn links, the movers' pairs, links `graphToNav`
 * chose among several).
 *
 * A failed round mends the graph and tests again:
 * - every link that failed goes (a link's verdict never depends on other links, so a later
 *   round finds no new failure among the links that stay);
 * - bad nodes go (no room for a player, or every way in ends in death), with their links;
 * - nodes the removals left leading nowhere, that led into the graph's main part before, get a
 *   way out again where the simulated bot makes one from their reach starts (`mend`: connect's
 *   `mendWaysOut`, never along a link just failed): a removed link was often a group's only way
 *   out, and bots that spawn or walk there would stand;
 * - nodes the removals cut off (reachable from the spawn points before, neither reachable nor
 *   leading back now) go; when the nav fails on its reach itself (coverage, the unreachable
 *   share), every node that is neither goes.
 * A nav that still fails after `MAX_ROUNDS` is not written: the build says what failed and
 * exits 4 (`EXIT_NOT_CONVERGED`), like `iterate`, and an existing nav stays in place.
 */
import type { DraftGraph } from '../stage/graph-types.js';
import { EMPTY_FEEDBACK, type Feedback } from '../sources/feedback/feedback.js';
import { mainReach } from '../map-analysis/main-reach.js';
import type { MendResult } from '../map-analysis/connect-graph.js';
import type { NodeTypeTable } from '../nav/node-types.js';
import { graphToNav } from '../sinks/nav/graph-to-nav.js';
import type { OwnTestSummary } from '../sinks/build-result.js';
import { validateNav } from '../nav/formats/aqtion/validate.js';
import { NavValidationError } from '../nav/formats/aqtion/errors.js';
import { runNavtest, type NavtestVerdicts } from '../navtest/run-navtest.js';
import { NAVTEST_PASS_THRESHOLDS, type OfflineNavtestReport } from '../navtest/offline-report.js';

/** Rounds of test and repair; the second finds nothing new in practice (see above). */
export const MAX_ROUNDS = 4;

export interface OwnTest {
  readonly graph: DraftGraph;
  readonly summary: OwnTestSummary;
  readonly report: OfflineNavtestReport;
}

/** The graph without the nodes marked in `drop` (and their links), numbers closed up. */
export function withoutNodes(g: DraftGraph, drop: Uint8Array): DraftGraph {
  const index = new Int32Array(g.nodes.length).fill(-1);
  const nodes = g.nodes.filter((_, i) => !drop[i]);
  let next = 0;
  for (let i = 0; i < g.nodes.length; i++) if (!drop[i]) index[i] = next++;
  const links = g.links
    .filter((l) => index[l.from] >= 0 && index[l.to] >= 0)
    .map((l) => ({ ...l, from: index[l.from], to: index[l.to] }));
  return { nodes, links };
}

/**
 * Ways out again for the nodes marked in `lost` (they led into the main part before the links
 * in `failed` went, and lead nowhere now): the graph with the links it made, new nodes after
 * the graph's own.
 */
export type OwnTestMend = (g: DraftGraph, failed: Feedback, lost: Uint8Array) => MendResult;

export async function testAndRepair(
  graph: DraftGraph,
  nodeTypes: NodeTypeTable,
  bsp: string,
  map: string,
  verdicts: NavtestVerdicts,
  mend: OwnTestMend | null = null,
): Promise<OwnTest> {
  let g = graph;
  // Each node's number in the graph the stages made, to tell which nodes a repair cut off.
  let origin = Int32Array.from(g.nodes, (_, i) => i);
  let reachedFirst: Uint8Array | null = null;
  let first: OwnTestSummary['first'] | null = null;
  let removedLinks = 0;
  let removedNodes = 0;
  let waysOutAdded = 0;
  let trapLinksCut = 0;
  for (let round = 1; ; round++) {
    const { nav, draftIndex } = graphToNav(g, nodeTypes);
    // A graph the engine's loader would refuse stops here, as the sink would stop it: the test
    // and its repairs never turn an unsafe graph into a nav (a NaN origin is not "unreachable").
    if (round === 1) {
      const unsafe = validateNav(nav, nodeTypes).filter((i) => i.severity === 'error');
      if (unsafe.length > 0) throw new NavValidationError(`the nav of map ${map}`, unsafe);
    }
    const { report } = await runNavtest(nav, bsp, map, { nodeTypes, verdicts });
    const unreachable = new Uint8Array(nav.nodes.length);
    for (const n of report.unreachable_nodes) unreachable[n] = 1;
    if (!first) {
      first = {
        badLinks: report.bad_links.length,
        badNodes: report.bad_nodes.length,
        unreachable: report.unreachable_nodes.length,
        coverage: report.coverage_ratio,
        failures: report.link_failures,
      };
      reachedFirst = new Uint8Array(graph.nodes.length);
      nav.nodes.forEach((_, n) => {
        if (!unreachable[n]) reachedFirst![origin[draftIndex[n]]] = 1;
      });
    }
    const summary = (): OwnTestSummary => ({
      passed: report.passed,
      rounds: round,
      first: first!,
      removedLinks,
      removedNodes,
      waysOutAdded,
      trapLinksCut,
      coverage: report.coverage_ratio,
      links: report.links.length,
      badLinks: report.bad_links.length,
      badNodes: report.bad_nodes.length,
      unreachable: report.unreachable_nodes.length,
    });
    if (report.passed || round === MAX_ROUNDS) return { graph: g, summary: summary(), report };

    // The failed links: each the one graph link of its type between its two nodes.
    const failed = new Set<string>();
    for (const [a, b] of report.bad_links) {
      const type = nav.nodes[a].links.find((l) => l.target === b)?.targetType;
      failed.add(`${draftIndex[a]}:${draftIndex[b]}:${type}`);
    }
    const before = g.links.length;
    const links = g.links.filter(
      (l) => !failed.has(`${l.from}:${l.to}:${nodeTypes[l.type as keyof NodeTypeTable]}`),
    );
    removedLinks += before - links.length;
    let repaired: DraftGraph = { nodes: g.nodes, links };
    if (mend && links.length < before) {
      const mended = mendLostWays(g, repaired, report.bad_links, draftIndex, mend);
      waysOutAdded += mended.escapes;
      trapLinksCut += mended.cut;
      // New nodes (bridges) stand for no node of the stages' graph.
      origin = Int32Array.from({ length: mended.graph.nodes.length }, (_, i) =>
        i < origin.length ? origin[i] : -1,
      );
      repaired = mended.graph;
    }
    // Bad nodes; nodes this repair cut off; every unreachable one when reach itself fails.
    const share = nav.nodes.length > 0 ? report.unreachable_nodes.length / nav.nodes.length : 0;
    const reachFails =
      report.coverage_ratio < NAVTEST_PASS_THRESHOLDS.minCoverage ||
      share > NAVTEST_PASS_THRESHOLDS.maxUnreachable;
    const drop = new Uint8Array(repaired.nodes.length);
    for (const n of report.bad_nodes) drop[draftIndex[n]] = 1;
    for (const n of report.unreachable_nodes)
      if (reachFails || reachedFirst![origin[draftIndex[n]]]) drop[draftIndex[n]] = 1;
    const kept = origin.filter((_, i) => !drop[i]);
    removedNodes += origin.length - kept.length;
    g = withoutNodes(repaired, drop);
    origin = kept;
  }
}

/** One line for people: what the build's own test found and did. */
export function ownTestLine(s: OwnTestSummary): string {
  const f = s.first;
  const found =
    f.badLinks + f.badNodes === 0
      ? ''
      : `; the first round failed ${f.badLinks} link(s) (${Object.entries(f.failures)
          .map(([k, v]) => `${v} ${k}`)
          .join(
            ', ',
          )}) and ${f.badNodes} node(s): removed ${s.removedLinks} link(s) and ${s.removedNodes} node(s)${s.waysOutAdded ? `, made ${s.waysOutAdded} link(s) for the ways out they took` : ''}${s.trapLinksCut ? `, cut ${s.trapLinksCut} link(s) into nodes left with no way out` : ''} in ${s.rounds - 1} repair round(s)`;
  const verdict = s.passed
    ? 'passed'
    : `FAILED (${s.badLinks} bad links, ${s.badNodes} bad nodes, ${s.unreachable} unreachable nodes)`;
  return `nav test: ${verdict}, ${s.links} links, coverage ${(s.coverage * 100).toFixed(1)}%${found}`;
}

/**
 * `mend` for the nodes of `g` that led into its main part and do not in `repaired` (the same
 * nodes, the failed links gone); `badLinks` are the failed links as node numbers of the tested
 * nav, which `draftIndex` maps to `g`'s.
 */
function mendLostWays(
  g: DraftGraph,
  repaired: DraftGraph,
  badLinks: readonly (readonly [number, number])[],
  draftIndex: ArrayLike<number>,
  mend: OwnTestMend,
): MendResult {
  const led = mainReach(g.nodes.length, g.links).leads;
  const leads = mainReach(repaired.nodes.length, repaired.links).leads;
  const lost = Uint8Array.from(led, (x, v) => (x && !leads[v] ? 1 : 0));
  if (!lost.includes(1)) return { graph: repaired, escapes: 0, cut: 0 };
  const failed: Feedback = {
    ...EMPTY_FEEDBACK,
    badLinks: badLinks.map(
      ([a, b]) => [g.nodes[draftIndex[a]].origin, g.nodes[draftIndex[b]].origin] as const,
    ),
  };
  return mend(repaired, failed, lost);
}
