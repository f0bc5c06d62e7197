/**
 * Per-slot run bookkeeping for the gate, and kinematics. MVD2 has no velocities, so they are
 * recovered by differencing origins of consecutive frames (0.1 s apart). Each sample waits one
 * frame so its derivatives can be central: the second difference z(t+1) − 2z(t) + z(t−1) is
 * −gravity·dt² exactly while a player flies, and near 0 on the ground, at the apex of a jump as
 * anywhere else — backward differences lag a frame and miss both the apex and the landing.
 * At the ends of a run the differences are one-sided and the acceleration is unknown (0).
 */
import { SERVER_FRAME_TIME } from '../../sources/demo/q2-protocol.js';
import type { ReadonlyVec3 } from '../../geometry/vec3.js';
import type { Sample } from '../../stage/nav-events.js';

/** A sample whose kinematics are not known yet (its next frame has not arrived). */
export type SampleWithoutKinematics = Omit<Sample, 'vz' | 'az' | 'hspeed'>;

interface SlotState {
  run: number;
  /** Position of the frame before the pending one, if in the same run. [Form: (x, y, z)] */
  before: ReadonlyVec3 | null;
  /** The sample waiting for its next frame. */
  pending: SampleWithoutKinematics | null;
}

/** Horizontal distance (Math.hypot is several times slower in V8). [Units: world units] */
function horizontal(a: readonly number[], b: readonly number[]): number {
  const dx = a[0] - b[0];
  const dy = a[1] - b[1];
  return Math.sqrt(dx * dx + dy * dy);
}

export class PlayerTracker {
  segment = -1;
  /** One past the last frame index seen in the segment. */
  nextFrame = 0;
  private readonly slots = new Map<number, SlotState>();
  private readonly seen = new Set<number>();

  constructor(private readonly emit: (sample: Sample) => void) {}

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

  /** Slots with a run in progress that were not in the current frame, ascending. */
  missingSlots(): number[] {
    const out: number[] = [];
    for (const slot of this.slots.keys()) if (!this.seen.has(slot)) out.push(slot);
    return out.length > 1 ? out.sort((a, b) => a - b) : out;
  }

  runOf(slot: number): number {
    return this.slots.get(slot)?.run ?? -1;
  }

  /** The latest sample of the slot's run (frame and origin), if any. */
  last(slot: number): SampleWithoutKinematics | null {
    return this.slots.get(slot)?.pending ?? null;
  }

  start(slot: number, run: number): number {
    this.slots.set(slot, { run, before: null, pending: null });
    return run;
  }

  /**
   * Ends the slot's run: its last sample is emitted (one-sided kinematics) and the run's number
   * returned, or -1 if none was in progress.
   */
  end(slot: number): number {
    const s = this.slots.get(slot);
    if (!s) return -1;
    if (s.pending) this.release(s.pending, s.before, null);
    this.slots.delete(slot);
    return s.run;
  }

  /** Adds a sample to the slot's run; the previous one, now complete, is emitted. */
  push(slot: number, sample: SampleWithoutKinematics): void {
    const s = this.slots.get(slot);
    if (!s) throw new Error(`no run for slot ${slot}`);
    if (s.pending) {
      this.release(s.pending, s.before, sample.origin);
      s.before = s.pending.origin;
    }
    s.pending = sample;
  }

  private release(
    s: SampleWithoutKinematics,
    before: ReadonlyVec3 | null,
    after: ReadonlyVec3 | null,
  ): void {
    // Both demo formats record one frame per server frame.
    const dt = SERVER_FRAME_TIME;
    const o = s.origin;
    let vz = 0;
    let az = 0;
    let hspeed = 0;
    if (before && after) {
      vz = (after[2] - before[2]) / (2 * dt);
      az = (after[2] - 2 * o[2] + before[2]) / (dt * dt);
      hspeed = horizontal(after, before) / (2 * dt);
    } else if (before) {
      vz = (o[2] - before[2]) / dt;
      hspeed = horizontal(o, before) / dt;
    } else if (after) {
      vz = (after[2] - o[2]) / dt;
      hspeed = horizontal(after, o) / dt;
    }
    // Spelled out (not a spread): one object shape for every sample keeps the operators fast.
    this.emit({
      kind: 'sample',
      segment: s.segment,
      slot: s.slot,
      run: s.run,
      frame: s.frame,
      time: s.time,
      origin: s.origin,
      weight: s.weight,
      vz,
      az,
      hspeed,
      crouched: s.crouched,
      underwater: s.underwater,
      event: s.event,
      health: s.health,
    });
  }
}
