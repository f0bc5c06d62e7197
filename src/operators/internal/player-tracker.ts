/**
 * Per-slot run bookkeeping for the gate: which run each live player is in, and its last two
 * positions for finite-difference kinematics (MVD2 has no velocities; they are recovered by
 * differencing origins of consecutive frames, 0.1 s apart).
 */
import { MVD_FRAME_TIME } from '../../sources/mvd2/protocol.js';

export interface LastPosition {
  readonly frame: number;
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

export interface Kinematics {
  /** [Units: u/s] */
  vz: number;
  /** [Units: u/s²] */
  az: number;
  /** [Units: u/s] */
  hspeed: number;
}

interface SlotState {
  run: number;
  /** Positions of the run's last two frames: [frame, x, y, z] each, newest first. */
  history: number[][];
}

export class PlayerTracker {
  segment = -1;
  /** One past the last frame index seen in the segment. */
  nextFrame = 0;
  private readonly slots = new Map<number, SlotState>();
  private readonly seen = new Set<number>();
  private readonly k: Kinematics = { vz: 0, az: 0, hspeed: 0 };

  reset(segment: number): void {
    this.segment = segment;
    this.nextFrame = 0;
    this.slots.clear();
  }

  /** Starts frame `index`; returns the set to fill with the slots present in it. */
  beginFrame(index: number): Set<number> {
    this.nextFrame = index + 1;
    this.seen.clear();
    return this.seen;
  }

  /** Slots with a run in progress, ascending (deterministic order for run ends). */
  activeSlots(): number[] {
    return [...this.slots.keys()].sort((a, b) => a - b);
  }

  runOf(slot: number): number {
    return this.slots.get(slot)?.run ?? -1;
  }

  last(slot: number): LastPosition | null {
    const h = this.slots.get(slot)?.history[0];
    return h ? { frame: h[0], x: h[1], y: h[2], z: h[3] } : null;
  }

  start(slot: number, run: number): number {
    this.slots.set(slot, { run, history: [] });
    return run;
  }

  /** Ends the slot's run; returns its number, or -1 if none was in progress. */
  end(slot: number): number {
    const s = this.slots.get(slot);
    if (!s) return -1;
    this.slots.delete(slot);
    return s.run;
  }

  /**
   * Records a frame of a live player and returns its kinematics (backward differences; zero
   * where the run is too short). The returned object is reused: read it at once.
   */
  push(slot: number, frame: number, x: number, y: number, z: number): Kinematics {
    const s = this.slots.get(slot);
    const k = this.k;
    k.vz = 0;
    k.az = 0;
    k.hspeed = 0;
    if (!s) return k;
    const h = s.history;
    const dt = MVD_FRAME_TIME;
    if (h.length > 0) {
      const p = h[0];
      k.vz = (z - p[3]) / dt;
      k.hspeed = Math.hypot(x - p[1], y - p[2]) / dt;
      if (h.length > 1) {
        const q = h[1];
        k.az = (z - 2 * p[3] + q[3]) / (dt * dt);
      }
    }
    h.unshift([frame, x, y, z]);
    if (h.length > 2) h.length = 2;
    return k;
  }
}
