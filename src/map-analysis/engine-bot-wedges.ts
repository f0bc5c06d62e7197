/**
 * `wedge-links`' step (its recipe is `wedge-links-graph.ts`): which links the engine's bot
 * wedges on. The simulated bot makes them with the sidestep navgen's nav test allows it, but
 * not as the engine's bot, which never sidesteps (`bot-driver.ts`): pressed into a concave
 * corner on its way to the target, it stays there until its travel counter runs out. Each link is run as the nav test runs it (`simulateLinkFromReach`: from the source and,
 * for walks, from every place the bot counts the source reached), with `sidestep: false`.
 *
 * In a build nearly every one of these runs is answered without simulating: the same run with
 * the sidestep (the link check's) is in the map's verdict table, and where the bot never stood
 * still in it the sidestep never acted, so the two runs are the same
 * (`VerdictTable.twinVerdict`; on ghetto the stage went from 2–3 s to 0.2 s, same navs).
 *
 * Found where real bots stood on navgen's navs: ghetto's pillar nook at (-280.125, -103.875,
 * -95.875), on its way to a node past the pillar, and bwcity's wall block at (-416, 1262);
 * the sidestepping bot walked round both (docs/nav-quality.md "A bot without the sidestep").
 */
import type { CollisionModel } from '../world/collision-model.js';
import type { LinkToSimulate } from '../simulated-bot/simulate-link.js';
import { simulateLinkFromReach } from '../simulated-bot/reach-starts.js';
import type { Steps } from '../pausing/run-steps.js';
import { linkRun, runsAhead } from '../simulated-bot/verdict-runs.js';
// Links simulated between pauses: the link check's, each link a simulation like its own.
import { LINKS_PER_STEP } from './link-check.js';

/** The engine's bot: no sidestep. */
const ENGINE_BOT = Object.freeze({ sidestep: false });

/** `wedging[k]` = 1 when the engine's bot (no sidestep) does not make link k. */
export function* engineBotWedgeSteps(
  model: CollisionModel,
  links: readonly LinkToSimulate[],
): Steps<Uint8Array> {
  const wedging = new Uint8Array(links.length);
  yield runsAhead(links.map((l) => linkRun('reach', l, ENGINE_BOT)));
  for (let k = 0; k < links.length; k++) {
    if (k > 0 && k % LINKS_PER_STEP === 0) yield;
    if (!simulateLinkFromReach(model, links[k], ENGINE_BOT).passed) wedging[k] = 1;
  }
  return wedging;
}
