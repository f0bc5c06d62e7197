/**
 * A demo of any size for scale benchmarks, streamed: an iterator of byte chunks of the MVD2
 * stream, produced frame by frame, so a multi-gigabyte demo never sits in memory. The same
 * options and seed give the same bytes.
 *
 * The players run around a 3000 × 3000 unit square at 300 u/s (crouching at 100 u/s now and
 * then, swimming in its western part), turn, jump under gravity, make footsteps and landing
 * events, die and respawn with a teleport event, and sometimes leave the game for a while; a
 * few static items stand around; prints and sounds come between frames. Nothing here is
 * meant as truth for operators: use `buildScenario` for that.
 *
 * @example
 * await writeDemoFile('big.mvd2.gz', generateLargeDemo({ players: 16, frames: 5e6, seed: 1 }), { gzip: true });
 */
import {
  EV_FALL,
  EV_FALLSHORT,
  EV_FOOTSTEP,
  EV_PLAYER_TELEPORT,
  MVD_FRAME_TIME,
  MVD_VERSION_DEFAULT,
  MVF_NOMSGS,
  PmType,
  RDF_UNDERWATER,
} from '../../src/sources/mvd2/protocol.js';
import type { PlayerFrame } from '../../src/sources/demo/events.js';
import { checkInt } from './byte-writer.js';
import type { MvdCommand } from './commands.js';
import type { EntityState, FrameState } from './demo-input.js';
import { SeededRandom } from './seeded-random.js';
import { playerEntity, playerFrame } from './track-frames.js';
import { GRAVITY, JUMP_VELOCITY } from './tracks.js';
import { Mvd2Writer } from './writer.js';

export interface LargeDemoOptions {
  /** Players besides the recorder's dummy. [Limit: 1..254] */
  readonly players: number;
  /** Frames in all, baselines included. [Limit: >= 1] */
  readonly frames: number;
  readonly seed: number;
  /** Default `synthetic`. */
  readonly map?: string;
  /** Default 2010 with NOMSGS, as most AQtion recordings. */
  readonly version?: number;
  readonly flags?: number;
  /** A new segment (serverdata) every this many frames. [Units: frames] Default: one segment. */
  readonly framesPerSegment?: number;
  /** Yielded chunks are at least this long (except the last). [Units: bytes] Default 1 MiB. */
  readonly chunkBytes?: number;
}

/** Half the side of the square the players run in. [Units: world units] */
const ARENA = 1500;
/** West of this x the players are under water. [Units: world units] */
const WATER_X = -1000;
const RUN_SPEED = 300;
const CROUCH_SPEED = 100;
/** Items standing around, numbered after the player entities. */
const ITEMS = 8;

/** One simulated player. */
class Runner {
  x = 0;
  y = 0;
  z = 0;
  vz = 0;
  airborne = false;
  heading = 0;
  crouchFrames = 0;
  deadFrames = 0;
  awayFrames = 0;
  stepCounter = 0;
  event = 0;

  constructor(
    readonly slot: number,
    private readonly rnd: SeededRandom,
  ) {
    this.respawn();
  }

  private respawn(): void {
    this.x = this.rnd.range(-ARENA, ARENA);
    this.y = this.rnd.range(-ARENA, ARENA);
    this.z = 0;
    this.vz = 0;
    this.airborne = false;
    this.heading = this.rnd.range(-180, 180);
  }

  /** Advances one frame; returns the sample, or null while away. */
  step(): PlayerFrame | null {
    const rnd = this.rnd;
    this.event = 0;
    if (this.awayFrames > 0) {
      if (--this.awayFrames > 0) return null;
      this.respawn();
      this.event = EV_PLAYER_TELEPORT;
    } else if (this.deadFrames > 0) {
      if (--this.deadFrames > 0) return this.sample(PmType.Dead, -20);
      this.respawn();
      this.event = EV_PLAYER_TELEPORT;
    } else if (!this.airborne && rnd.chance(0.0003)) {
      this.awayFrames = rnd.int(20, 80);
      return null;
    } else if (!this.airborne && rnd.chance(0.001)) {
      this.deadFrames = rnd.int(20, 40);
      return this.sample(PmType.Dead, -20);
    } else {
      this.move();
    }
    return this.sample(PmType.Normal, 100);
  }

  private move(): void {
    const rnd = this.rnd;
    this.heading += rnd.range(-15, 15);
    if (this.crouchFrames > 0) this.crouchFrames--;
    else if (!this.airborne && rnd.chance(0.005)) this.crouchFrames = rnd.int(10, 30);
    const speed = this.crouchFrames > 0 ? CROUCH_SPEED : RUN_SPEED;
    const rad = (this.heading * Math.PI) / 180;
    this.x += Math.cos(rad) * speed * MVD_FRAME_TIME;
    this.y += Math.sin(rad) * speed * MVD_FRAME_TIME;
    if (Math.abs(this.x) > ARENA || Math.abs(this.y) > ARENA) {
      this.x = Math.max(-ARENA, Math.min(ARENA, this.x));
      this.y = Math.max(-ARENA, Math.min(ARENA, this.y));
      this.heading += 180;
    }
    this.heading = ((((this.heading + 180) % 360) + 360) % 360) - 180;
    if (this.airborne) {
      this.vz -= GRAVITY * MVD_FRAME_TIME;
      this.z += this.vz * MVD_FRAME_TIME;
      if (this.z <= 0) {
        this.event = this.vz < -400 ? EV_FALL : EV_FALLSHORT;
        this.z = 0;
        this.vz = 0;
        this.airborne = false;
      }
    } else if (this.crouchFrames === 0 && rnd.chance(0.02)) {
      this.airborne = true;
      this.vz = JUMP_VELOCITY;
    } else if (++this.stepCounter % 3 === 0) {
      this.event = EV_FOOTSTEP;
    }
  }

  private sample(pmType: number, health: number): PlayerFrame {
    return playerFrame(this.slot, {
      origin: [this.x, this.y, this.z],
      pmType,
      viewangles: [0, this.heading, 0],
      crouch: this.crouchFrames > 0 && pmType === PmType.Normal,
      rdflags: this.x < WATER_X ? RDF_UNDERWATER : 0,
      health,
      event: this.event,
    });
  }
}

/** Streams a large synthetic demo. */
export function* generateLargeDemo(
  options: LargeDemoOptions,
): Generator<Uint8Array, void, undefined> {
  checkInt('players', options.players, 1, 254);
  checkInt('frames', options.frames, 1, Number.MAX_SAFE_INTEGER);
  const perSegment = options.framesPerSegment ?? options.frames;
  checkInt('framesPerSegment', perSegment, 1, Number.MAX_SAFE_INTEGER);
  const chunkBytes = options.chunkBytes ?? 1 << 20;
  const rnd = new SeededRandom(options.seed);
  const dummySlot = options.players;
  const maxclients = options.players + 1;
  const runners = Array.from({ length: options.players }, (_, slot) => new Runner(slot, rnd));
  const items = itemEntities(options.players, rnd);
  const skins = runners.map((r) => `bot${r.slot}\\male/grunt`);
  skins[dummySlot] = 'MVDSPEC\\male/grunt';

  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const writer = new Mvd2Writer({}, (bytes) => {
    pending.push(bytes);
    pendingBytes += bytes.length;
  });
  const take = (): Uint8Array => {
    const out = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  };

  for (let frame = 0; frame < options.frames; frame++) {
    const state = nextState(runners, items, dummySlot);
    if (frame % perSegment === 0) {
      writer.serverdata(
        {
          version: options.version ?? MVD_VERSION_DEFAULT,
          flags: options.flags ?? MVF_NOMSGS,
          servercount: 1 + frame / perSegment,
          maxclients,
          clientNum: dummySlot,
          map: options.map ?? 'synthetic',
          playerSkins: skins,
        },
        state,
      );
    } else {
      writer.frame({ ...state, ...frameCommands(frame, state, rnd) });
    }
    if (pendingBytes >= chunkBytes) yield take();
  }
  writer.finish();
  yield take();
}

function nextState(
  runners: readonly Runner[],
  items: readonly EntityState[],
  dummySlot: number,
): FrameState {
  const players: PlayerFrame[] = [];
  const entities: EntityState[] = [];
  for (const r of runners) {
    const p = r.step();
    if (p === null) continue;
    players.push(p);
    entities.push(playerEntity(p));
  }
  players.push(playerFrame(dummySlot, { origin: [0, 0, 0], pmType: PmType.Spectator }));
  return { players, entities: entities.concat(items) };
}

function itemEntities(players: number, rnd: SeededRandom): EntityState[] {
  return Array.from({ length: ITEMS }, (_, k) => ({
    number: players + 2 + k,
    modelindex: [10 + k, 0, 0, 0] as const,
    frame: 0,
    skinnum: 0,
    effects: 0,
    renderfx: 0,
    origin: [
      Math.round(rnd.range(-ARENA, ARENA)),
      Math.round(rnd.range(-ARENA, ARENA)),
      16,
    ] as const,
    angles: [0, 0, 0] as const,
    oldOrigin: [0, 0, 0] as const,
    sound: 0,
    event: 0,
    solid: 0,
    morefx: 0,
    alpha: 0,
    scale: 0,
  }));
}

/** A print now and then before the frame, a sound on some player after it. */
function frameCommands(
  frame: number,
  state: FrameState,
  rnd: SeededRandom,
): { before: MvdCommand[]; after: MvdCommand[] } {
  const before: MvdCommand[] =
    frame % 50 === 0 ? [{ kind: 'print', level: 2, text: `frame ${frame}\n` }] : [];
  const after: MvdCommand[] = [];
  if (state.players.length > 1 && rnd.chance(0.15)) {
    const p = state.players[rnd.int(0, state.players.length - 2)];
    after.push({
      kind: 'sound',
      index: rnd.int(1, 40),
      entity: p.slot + 1,
      channel: 2,
      volume: 255,
    });
  }
  return { before, after };
}
