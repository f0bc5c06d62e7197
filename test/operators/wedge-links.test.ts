/**
 * The wedge-links stage's work and operator on a small world: every link is run once more as
 * the engine's bot (no sidestep), handed over ahead at once, with a pause every LINKS_PER_STEP
 * links and before the graph pass; the operator emits the graph and its summary. Which links
 * it takes away on a real map: test/map-analysis/wedge-links-graph.test.ts.
 */
import { from, lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { LINKS_PER_STEP } from '../../src/map-analysis/link-check.js';
import { wedgeLinks, wedgeLinksDefaults } from '../../src/operators/wedge-links.js';
import { wedgeLinksGraphSteps } from '../../src/map-analysis/wedge-links-graph.js';
import { runToEnd, type WorkAhead } from '../../src/pausing/run-steps.js';
import {
  NO_LINK_EVIDENCE,
  nodeWithoutVotes,
  type DraftGraph,
  type GraphEvent,
} from '../../src/stage/graph-types.js';
import { buildCollisionModel } from '../../src/world/collision-model.js';
import { box, syntheticWorld } from '../map-analysis/synthetic-world.js';

const SOLID = 1;
// A floor 1024 units across with a short wall on it, across the row of nodes below.
const collision = buildCollisionModel(
  syntheticWorld([
    box([-512, -512, -32], [512, 512, 0], SOLID),
    box([-16, -96, 0], [16, 96, 128], SOLID),
  ]),
);

/**
 * Twelve nodes 80 units apart along y = 0, the wall between the sixth and the seventh, and
 * more links than a step holds: each node to the next, the row over and over.
 */
function row(): DraftGraph {
  const nodes = Array.from({ length: 12 }, (_, k) =>
    nodeWithoutVotes([-440 + 80 * k, 0, 24.125], 'MOVE', 'map'),
  );
  const count = LINKS_PER_STEP + 40;
  const links = Array.from({ length: count }, (_, k) => {
    const from = k % (nodes.length - 1);
    return { from, to: from + 1, type: 'MOVE', ...NO_LINK_EVIDENCE };
  });
  return { nodes, links };
}

describe('wedge-links', () => {
  it('hands every run over ahead, then pauses every LINKS_PER_STEP links and before its graph pass', () => {
    const g = row();
    const steps = wedgeLinksGraphSteps(g, collision, wedgeLinksDefaults);
    const handed: WorkAhead[] = [];
    let pauses = 0;
    let r = steps.next();
    for (; !r.done; r = steps.next()) {
      pauses++;
      if (r.value) handed.push(r.value);
    }
    // Ahead (one pause), one more after LINKS_PER_STEP links, one before the graph pass.
    expect(pauses).toBe(3);
    expect(handed).toHaveLength(1);
    expect(handed[0].ahead).toHaveLength(g.links.length);
    // The engine's bot: no sidestep.
    for (const run of handed[0].ahead)
      expect((run as { options: { sidestep: boolean } }).options.sidestep).toBe(false);
    expect(r.value).toEqual(runToEnd(wedgeLinksGraphSteps(g, collision, wedgeLinksDefaults)));
    // The engine's bot stays pressed against the wall on every copy of the link through it;
    // each goes while another copy remains, the last stays (the only way on).
    const throughWall = g.links.filter((l) => l.from === 5).length;
    expect(r.value.stats).toEqual({
      links: g.links.length,
      wedging: throughWall,
      removed: throughWall - 1,
      wedgingKept: 1,
    });
    expect(r.value.graph.links.filter((l) => l.from === 5)).toHaveLength(1);
    expect(r.value.graph.links).toHaveLength(g.links.length - throughWall + 1);
  });

  it('emits the graph and a summary, and gives the runs ahead to doAhead', async () => {
    const g = row();
    const given: WorkAhead[] = [];
    const events: GraphEvent[] = [
      { kind: 'summary', stage: 'before', data: {} },
      { kind: 'graph', graph: g },
    ];
    const out = await lastValueFrom(
      from(events).pipe(
        wedgeLinks(
          {},
          async () => collision,
          async (work) => {
            given.push(work);
          },
        ),
        toArray(),
      ),
    );
    const r = runToEnd(wedgeLinksGraphSteps(g, collision, wedgeLinksDefaults));
    expect(out.map((e) => e.kind)).toEqual(['summary', 'graph', 'summary']);
    expect(out[1]).toEqual({ kind: 'graph', graph: r.graph, votes: undefined });
    expect(out[2]).toEqual({ kind: 'summary', stage: 'wedge-links', data: r.stats });
    expect(r.stats.removed).toBeGreaterThan(0);
    expect(given).toHaveLength(1);
    expect(given[0].ahead).toHaveLength(g.links.length);
  });
});
