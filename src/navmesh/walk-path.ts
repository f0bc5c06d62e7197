/**
 * The proof of a path: the simulated player (the engine's pmove driven as the AQtion bot drives
 * it, `src/simulated-bot/simulate-link.ts`) follows each segment from its start to its end. A segment
 * it cannot walk is a bug in the mesh.
 */
import type { CollisionModel } from '../world/collision-model.js';
import { simulateLink, type LinkResult } from '../simulated-bot/simulate-link.js';
import type { PathMove } from './query/find-path.js';

/** Node and link types the simulator's bot understands, per move. */
const LINKS: Record<PathMove, { linkType: string; fromType: string; toType: string }> = {
  walk: { linkType: 'MOVE', fromType: 'MOVE', toType: 'MOVE' },
  crouch: { linkType: 'CROUCH', fromType: 'MOVE', toType: 'MOVE' },
  // A WATER link: the bot swims at the target in three dimensions (it starts on the floor).
  swim: { linkType: 'WATER', fromType: 'MOVE', toType: 'MOVE' },
  drop: { linkType: 'STAND_DROP', fromType: 'MOVE', toType: 'MOVE' },
  jump: { linkType: 'JUMP', fromType: 'MOVE', toType: 'MOVE' },
  ladder: { linkType: 'LADDER', fromType: 'LADDER', toType: 'LADDER' },
};

export interface SegmentFailure {
  readonly segment: number;
  readonly from: readonly number[];
  readonly to: readonly number[];
  readonly move: PathMove;
  readonly result: LinkResult;
}

/** Simulates every segment; the failures (none when the path is walkable). */
export function walkPath(
  model: CollisionModel,
  points: readonly (readonly number[])[],
  moves: readonly PathMove[],
): SegmentFailure[] {
  const out: SegmentFailure[] = [];
  for (let s = 0; s + 1 < points.length; s++) {
    const from = points[s];
    const to = points[s + 1];
    const result = simulateLink(model, {
      from: [from[0], from[1], from[2]],
      to: [to[0], to[1], to[2]],
      ...LINKS[moves[s]],
    });
    if (!result.passed) out.push({ segment: s, from, to, move: moves[s], result });
  }
  return out;
}
