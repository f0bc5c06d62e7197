/**
 * What the MVD2 writer takes: full states per frame, in the reader's own types, so that
 * `readDemo(writeDemo(x), { fullPlayers: true, entities: true })` can be compared with `x`
 * directly. The writer computes the deltas itself, as the engine's recorder does.
 *
 * Where the engine's stream cannot carry an input exactly, the reader sees what the engine's
 * reader would see (quantisation to 1/8 unit, 16-bit or 8-bit angles, the old-origin and
 * first-person rules in `entity-delta.ts` and `frame-encoder.ts`).
 */
import type { EntityFrame, PlayerFrame } from '../../src/sources/demo/events.js';
import type { MvdCommand } from './commands.js';
import type { ServerdataInput } from './serverdata.js';

/** An entity in use after a frame: the reader's entity plus the loop-sound bytes it does not report. */
export interface EntityState extends EntityFrame {
  /** EXTLIMITS loop volume byte (0 = full). Default 0. */
  readonly loopVolume?: number;
  /** EXTLIMITS loop attenuation byte. Default 0. */
  readonly loopAttenuation?: number;
}

/** The game state after one frame. */
export interface FrameState {
  /**
   * Player slots in use, any order. `event` must equal the event of entity slot+1 in
   * `entities` (0 without one): events travel on entities only. `detail: null` writes
   * zeros, fov 90 and stat 1 = health.
   */
  readonly players: readonly PlayerFrame[];
  /** Entities in use, any order. Default none. */
  readonly entities?: readonly EntityState[];
  /** Area portal bits; the reader skips them. [Limit: <= 255 bytes] Default none. */
  readonly portalBits?: Uint8Array;
}

/** A frame after the baseline, with the commands of its block around it. */
export interface FrameInput extends FrameState {
  /** Commands before the frame in its block (the recorder's reliable part: prints, configstrings). */
  readonly before?: readonly MvdCommand[];
  /** Commands after the frame in its block (the recorder's datagram: sounds, unicasts). */
  readonly after?: readonly MvdCommand[];
}

/** One map: a serverdata command with its baseline frame, then the frames. */
export interface SegmentInput {
  readonly serverdata: ServerdataInput;
  /** Frame 0, carried inside the serverdata command. */
  readonly baseline: FrameState;
  readonly frames: readonly FrameInput[];
}

export interface DemoInput {
  readonly segments: readonly SegmentInput[];
}
