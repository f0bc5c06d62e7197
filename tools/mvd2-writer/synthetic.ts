/**
 * Synthetic demos with known truth, for operator tests and benchmarks: describe each player as
 * a track (one sample per 0.1 s frame, see `tracks.ts`) and get the demo plus the exact frames
 * a reader must report for it.
 *
 * Each player in a normal, dead, gib or freeze state is also a visible entity (number slot+1,
 * the player model) that carries the sample's event; spectators have no entity, like the
 * engine's, so they cannot carry events. As in the AQtion recordings, the recorder's dummy is a
 * spectator in the last slot unless `dummySlot` says otherwise.
 *
 * @example
 * const demo = writeScenario({ map: 'wizs', players: [{ slot: 0, name: 'a', track: walkPolyline(path, 300) }] });
 * @see generateLargeDemo for multi-gigabyte streams
 */
import {
  MVD_FRAME_TIME,
  MVD_VERSION_DEFAULT,
  MVF_NOMSGS,
  PmType,
} from '../../src/sources/mvd2/protocol.js';
import type { Frame, PlayerFrame } from '../../src/sources/demo/events.js';
import type { DemoInput, EntityState, FrameState } from './demo-input.js';
import { writeDemoFile } from './demo-file.js';
import { playerEntity, playerFrame } from './track-frames.js';
import type { Track, ReadonlyVec3 } from './tracks.js';
import { writeDemo, type WriteDemoOptions } from './writer.js';

export * from './tracks.js';
export * from './track-frames.js';
export { generateLargeDemo, type LargeDemoOptions } from './large-demo.js';

export interface SyntheticPlayer {
  readonly slot: number;
  readonly name: string;
  /** `model/skin` of the player-skin configstring. Default `male/grunt`. */
  readonly skin?: string;
  /** Frame (0 = baseline) of the track's first sample; the slot is free before it. Default 0. */
  readonly startFrame?: number;
  readonly track: Track;
}

export interface ScenarioOptions {
  readonly map: string;
  readonly players: readonly SyntheticPlayer[];
  /** Frames including the baseline. Default: until the last track ends. [Units: frames] */
  readonly frames?: number;
  /** Default 2010, with flags NOMSGS, as most AQtion recordings. */
  readonly version?: number;
  readonly flags?: number;
  /** Default 16. */
  readonly maxclients?: number;
  /** Slot of the recorder's dummy (a still spectator), or null for none. Default maxclients - 1. */
  readonly dummySlot?: number | null;
  /** Where the dummy stands. [Units: world units] Default (0, 0, 0). */
  readonly dummyOrigin?: ReadonlyVec3;
}

export interface Scenario {
  readonly demo: DemoInput;
  /** What `readDemo` reports for the demo with default options (no details, no entities). */
  readonly truth: readonly Frame[];
}

/** Builds the demo of a scenario and its truth. */
export function buildScenario(options: ScenarioOptions): Scenario {
  const maxclients = options.maxclients ?? 16;
  const dummySlot = options.dummySlot === undefined ? maxclients - 1 : options.dummySlot;
  const frames =
    options.frames ??
    Math.max(1, ...options.players.map((p) => (p.startFrame ?? 0) + p.track.length));
  const skins: string[] = [];
  for (const p of options.players) {
    if (p.slot === dummySlot)
      throw new RangeError(`player ${p.name} is in the dummy's slot ${p.slot}`);
    skins[p.slot] = `${p.name}\\${p.skin ?? 'male/grunt'}`;
  }
  if (dummySlot !== null) skins[dummySlot] = 'MVDSPEC\\male/grunt';

  const states: FrameState[] = [];
  const truth: Frame[] = [];
  for (let index = 0; index < frames; index++) {
    const players: PlayerFrame[] = [];
    const entities: EntityState[] = [];
    for (const p of options.players) {
      const sample = p.track[index - (p.startFrame ?? 0)] ?? null;
      if (sample === null) continue;
      const player = playerFrame(p.slot, sample);
      players.push(player);
      if (player.pmType !== PmType.Spectator) entities.push(playerEntity(player));
      else if (player.event !== 0)
        throw new RangeError(`spectator ${p.name} cannot carry event ${player.event}`);
    }
    if (dummySlot !== null) {
      players.push(
        playerFrame(dummySlot, {
          origin: options.dummyOrigin ?? [0, 0, 0],
          pmType: PmType.Spectator,
        }),
      );
    }
    players.sort((a, b) => a.slot - b.slot);
    states.push({ players, entities });
    truth.push({
      kind: 'frame',
      segment: 0,
      index,
      time: index * MVD_FRAME_TIME,
      players,
      entities: null,
    });
  }

  const demo: DemoInput = {
    segments: [
      {
        serverdata: {
          version: options.version ?? MVD_VERSION_DEFAULT,
          flags: options.flags ?? MVF_NOMSGS,
          maxclients,
          clientNum: dummySlot ?? -1,
          map: options.map,
          playerSkins: skins,
        },
        baseline: states[0],
        frames: states.slice(1),
      },
    ],
  };
  return { demo, truth };
}

/** The bytes of a scenario's demo. */
export function writeScenario(options: ScenarioOptions, write: WriteDemoOptions = {}): Uint8Array {
  return writeDemo(buildScenario(options).demo, write).bytes;
}

/** Writes a scenario's demo to `path` (atomically) and returns the scenario with its truth. */
export async function writeScenarioFile(
  path: string,
  options: ScenarioOptions,
  write: WriteDemoOptions = {},
): Promise<Scenario> {
  const scenario = buildScenario(options);
  await writeDemoFile(path, writeDemo(scenario.demo, write).bytes);
  return scenario;
}
