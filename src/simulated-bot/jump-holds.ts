/**
 * Whether a jump the map alone proposes holds for the bots: the simulated bot makes it from a
 * walker's run-up and from the bots' full running speed. Real bots reach a jump at up to
 * `SPEED_RUN` and fly that much farther; a landing with no room for that (a narrow ledge, a
 * beam) throws them off the far side, and a jump one bot made is no use if the next one dies
 * there.
 */
import type { CollisionModel } from '../world/collision-model.js';
import { SPEED_RUN } from './bot-driver.js';
import { simulateLink, type LinkToSimulate } from './simulate-link.js';

/** The second half of {@link jumpHolds}: the jump at the bots' full running speed. */
export const FULL_SPEED_JUMP = Object.freeze({ runUpSpeed: SPEED_RUN });

export function jumpHolds(model: CollisionModel, link: LinkToSimulate): boolean {
  return simulateLink(model, link).passed && simulateLink(model, link, FULL_SPEED_JUMP).passed;
}
