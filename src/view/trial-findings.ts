/**
 * What a trial report (`navgen trial`: real bots in the real server, `engine/engine-report.ts`)
 * says about each place of the nav, in the viewer's terms: stuck spots and deaths to draw as a
 * heat map, and per node and link what the bots did there.
 */
import type { EngineReport } from '../engine/engine-report.js';
import { bandIndexOf, standingHeight, type HeightBand } from '../sinks/render/height-band.js';
import type { ViewTrial } from '../sinks/view/view-model.js';
import { tenth } from '../sinks/view/view-model-of.js';

export function viewTrialOf(
  file: string,
  r: EngineReport,
  bands: readonly HeightBand[],
): ViewTrial {
  const spot = (p: readonly number[]) => ({
    origin: p.map(tenth),
    band: bandIndexOf(bands, standingHeight([p[0], p[1], p[2]])),
  });
  return {
    report: file,
    runs: r.runs,
    botMinutes: r.bot_minutes,
    stuck: r.stuck_spots.map((s) => ({
      ...spot(s.position),
      node: s.node,
      seconds: tenth(s.seconds),
      cause: 'stuck',
    })),
    deaths: r.env_death_spots.map((d) => ({
      ...spot(d.position),
      node: d.node,
      seconds: 0,
      cause: d.cause,
    })),
    nodes: r.node_stats.map((n) => ({
      node: n.node,
      visits: n.visits,
      deaths: n.deaths,
      stuckSeconds: tenth(n.stuck_s),
    })),
    links: r.link_stats.map((l) => ({
      from: l.from,
      to: l.to,
      traversals: l.traversals,
      failures: l.failures,
      died: l.died,
    })),
  };
}
