/**
 * The frames a client demo decoder keeps for later deltas: the engine's ring of the last
 * `UPDATE_BACKUP` server frames (`server_frame_t`), each a player state and an entity list,
 * indexed by frame number. Rings of finished decoders are kept for the next ones.
 */
import { EMPTY_LIST, type EntityList } from './entity-history.js';
import { PlayerState } from './player-state.js';
import * as protocol from './protocol.js';

const { UPDATE_BACKUP } = protocol;

/** One decoded frame kept for later deltas (`server_frame_t`). */
export class StoredFrame {
  number = -1;
  readonly ps = new PlayerState();
  /** Its entities (see `entity-history.ts`). */
  list: EntityList = EMPTY_LIST;
}

/**
 * Rings of finished decoders, for the next ones: making a ring (sixteen player states of
 * twelve typed arrays each) took about 35 µs, several per cent of reading a small demo.
 */
const spareRings: StoredFrame[][] = [];
/** Spare rings kept at most (a process rarely reads more demos at once). */
const MAX_SPARE_RINGS = 8;

/** A ring of `UPDATE_BACKUP` frames: a spare one, or a new one. */
export function takeRing(): StoredFrame[] {
  return spareRings.pop() ?? Array.from({ length: UPDATE_BACKUP }, () => new StoredFrame());
}

/** Gives a ring back once its decoder has finished. */
export function returnRing(ring: StoredFrame[]): void {
  if (spareRings.length >= MAX_SPARE_RINGS) return;
  // Cleared now, so that a spare ring holds none of the finished demo's entities.
  for (const f of ring) {
    f.number = -1;
    f.list = EMPTY_LIST;
  }
  spareRings.push(ring);
}
