/**
 * Random but engine-consistent demos for round-trip tests, and the events a reader must
 * report for them.
 *
 * "Engine-consistent" means the input only says what the engine's stream can carry, so that
 * reader(writer(x)) = x must hold exactly:
 * - values sit on the wire grids (1/8 unit, 1/4 unit, 16-bit view angles, 8-bit entity angles
 *   except BSP entities under EXTLIMITS);
 * - the entity of a live (pm_type NORMAL) player sits where the game puts it: the player's
 *   origin, pitch / 3, yaw, roll 0 (the engine's reader derives it from the player state);
 * - a non-beam entity's old origin only changes when it appears; what a reader knows of it
 *   otherwise follows the engine's reader: 0 after a serverdata, and the entity's origin when
 *   it is removed (`MVD_ParsePacketEntities` "shuffle current origin to old if removed").
 */
import {
  PACKED_BSP,
  PmType,
  RF_BEAM,
  configstringSize,
} from '../../../src/sources/mvd2/protocol.js';
import type {
  DemoEvent,
  EntityFrame,
  PlayerDetail,
  PlayerFrame,
} from '../../../src/sources/demo/events.js';
import type { MvdCommand, UnicastItem } from '../../../tools/mvd2-writer/commands.js';
import type {
  DemoInput,
  EntityState,
  FrameInput,
  FrameState,
  SegmentInput,
} from '../../../tools/mvd2-writer/demo-input.js';
import { SeededRandom } from '../../../tools/mvd2-writer/seeded-random.js';
import type { ServerdataInput } from '../../../tools/mvd2-writer/serverdata.js';
import { wireFormat, type WireFormat } from '../../../tools/mvd2-writer/wire-format.js';
import { NEW, OLD } from './hand-bytes.js';
import type { WrittenDemo } from '../../../tools/mvd2-writer/writer.js';
import type { ReadonlyVec3 } from '../../../src/geometry/vec3.js';

export interface RandomDemoOptions {
  readonly version: number;
  readonly flags: number;
  readonly seed: number;
  /** Default 2. */
  readonly segments?: number;
  /** Frames per segment after the baseline. Default 30. */
  readonly frames?: number;
}

const BYTE_ANGLE = 360 / 256;
/** svc opcodes a reader parses inside a unicast: layout, print, stufftext, configstring. */
const PARSED_SVC = [4, 10, 11, 13];
const SHORT_ANGLE = 360 / 65536;

export function randomDemo(o: RandomDemoOptions): DemoInput {
  const rnd = new SeededRandom(o.seed);
  const fmt = wireFormat(o.version, o.flags);
  const segments: SegmentInput[] = [];
  for (let s = 0; s < (o.segments ?? 2); s++) {
    const maxclients = rnd.int(10, 20);
    const clientNum = rnd.chance(0.7) ? maxclients - 1 : -1;
    const skins: string[] = [];
    for (let slot = 0; slot < maxclients; slot++)
      if (rnd.chance(0.6)) skins[slot] = `p${s}_${slot}\\male/grunt`;
    const serverdata: ServerdataInput = {
      version: o.version,
      flags: o.flags,
      servercount: rnd.int(-2_000_000_000, 2_000_000_000),
      gamedir: rnd.chance(0.5) ? 'action' : 'baseq2',
      clientNum,
      maxclients,
      map: `map${s}`,
      mapChecksum: rnd.chance(0.7) ? rnd.int(-2_000_000_000, 2_000_000_000) : undefined,
      playerSkins: skins,
    };
    const gen = new SegmentGenerator(rnd, fmt, maxclients, clientNum);
    const baseline = gen.next(true);
    const frames: FrameInput[] = [];
    for (let f = 0; f < (o.frames ?? 30); f++) {
      frames.push({ ...gen.next(false), before: gen.commands(), after: gen.commands() });
    }
    segments.push({ serverdata, baseline, frames });
  }
  return { segments };
}

class SegmentGenerator {
  private players = new Map<number, PlayerFrame>();
  private entities = new Map<number, EntityState>();
  /** The old origin a reader holds for each entity number (see the file comment). */
  private readonly readerOld = new Map<number, ReadonlyVec3>();
  private readonly pool: number[];
  private readonly beams: Set<number>;
  private readonly bsp: Set<number>;
  private readonly solids = new Map<number, number>();

  constructor(
    private readonly rnd: SeededRandom,
    private readonly fmt: WireFormat,
    private readonly maxclients: number,
    private readonly clientNum: number,
  ) {
    const limit = fmt.layout.maxEdicts;
    this.pool = [30, 31, 77, 200, 255, 256, 300, 700, limit - 1];
    if (fmt.ext) this.pool.push(1024, 2047, 5000);
    this.beams = new Set([31, 300]);
    this.bsp = new Set([77, 700]);
  }

  next(baseline: boolean): FrameState {
    const rnd = this.rnd;
    const players = new Map<number, PlayerFrame>();
    for (let slot = 0; slot < this.maxclients; slot++) {
      const prev = this.players.get(slot);
      if (slot === this.clientNum) {
        players.set(slot, this.player(slot, prev, PmType.Spectator));
        continue;
      }
      const present = prev ? rnd.chance(0.9) : rnd.chance(baseline ? 0.5 : 0.15);
      if (!present) continue;
      const pmType = prev && rnd.chance(0.8) ? prev.pmType : pickPmType(rnd);
      players.set(slot, this.player(slot, prev, pmType));
    }

    const entities = new Map<number, EntityState>();
    for (const [slot, p] of players) {
      if (slot === this.clientNum || p.pmType === PmType.Spectator) continue;
      entities.set(slot + 1, this.playerEntity(p, this.entities.get(slot + 1)));
    }
    // A corpse may outlive its player for a while.
    for (const [n, e] of this.entities) {
      if (n <= this.maxclients && !entities.has(n) && !players.has(n - 1) && rnd.chance(0.6)) {
        entities.set(n, { ...e, event: 0 });
      }
    }
    for (const n of this.pool) {
      const prev = this.entities.get(n);
      const present = prev ? rnd.chance(0.85) : rnd.chance(baseline ? 0.5 : 0.15);
      if (present) entities.set(n, this.entity(n, prev));
    }

    this.fixOldOrigins(entities, players, baseline);
    this.players = players;
    this.entities = entities;
    const sortedPlayers = [...players.values()].sort((a, b) => a.slot - b.slot);
    const playersWithEvents = sortedPlayers.map((p) => ({
      ...p,
      event: entities.get(p.slot + 1)?.event ?? 0,
    }));
    return {
      players: playersWithEvents,
      entities: [...entities.values()].sort((a, b) => a.number - b.number),
      portalBits: rnd.chance(0.3) ? randomBytes(rnd, rnd.int(0, 40)) : undefined,
    };
  }

  /** Applies the old-origin rules of the file comment to the new entity set. */
  private fixOldOrigins(
    entities: Map<number, EntityState>,
    players: Map<number, PlayerFrame>,
    baseline: boolean,
  ): void {
    for (const [n, prev] of this.entities) {
      if (entities.has(n)) continue;
      this.readerOld.set(n, prev.renderfx & RF_BEAM ? prev.oldOrigin : prev.origin);
    }
    for (const [n, e] of entities) {
      const beam = (e.renderfx & RF_BEAM) !== 0;
      const prev = this.entities.get(n);
      let old: ReadonlyVec3;
      if (beam) old = this.coord3(undefined);
      else if (prev) old = prev.oldOrigin;
      else if (baseline) old = [0, 0, 0];
      else {
        const known = this.readerOld.get(n) ?? [0, 0, 0];
        const p = players.get(n - 1);
        const firstPerson = n <= this.maxclients && p !== undefined && p.pmType === PmType.Normal;
        old = firstPerson || this.rnd.chance(0.5) ? known : this.coord3(undefined);
      }
      entities.set(n, { ...e, oldOrigin: old });
      this.readerOld.set(n, old);
    }
  }

  private player(slot: number, prev: PlayerFrame | undefined, pmType: number): PlayerFrame {
    const rnd = this.rnd;
    const fmt = this.fmt;
    const change = (): boolean => !prev || rnd.chance(0.3);
    const d = prev?.detail ?? null;
    const stats =
      d && !rnd.chance(0.3)
        ? d.stats
        : Array.from({ length: fmt.numStats }, () =>
            rnd.chance(0.5) ? 0 : rnd.int(-32768, 32767),
          );
    const detail: PlayerDetail = {
      kickAngles: d && !change() ? d.kickAngles : quarter3(rnd),
      gunIndex: d && !change() ? d.gunIndex : rnd.int(0, fmt.ext ? 65535 : 255),
      gunFrame: d && !change() ? d.gunFrame : rnd.int(0, 255),
      gunOffset: d && !change() ? d.gunOffset : quarter3(rnd),
      gunAngles: d && !change() ? d.gunAngles : quarter3(rnd),
      blend: d && !change() ? d.blend : bytes4(rnd),
      damageBlend: d && !change() ? d.damageBlend : fmt.ext2 ? bytes4(rnd) : [0, 0, 0, 0],
      fov: d && !change() ? d.fov : rnd.int(1, 255),
      stats,
    };
    return {
      slot,
      pmType,
      origin: prev && !change() ? prev.origin : this.coord3(prev?.origin),
      viewoffset: prev && !change() ? prev.viewoffset : quarter3(rnd),
      viewangles: prev && !change() ? prev.viewangles : viewAngles(rnd),
      rdflags: prev && !change() ? prev.rdflags : rnd.int(0, 255),
      health: stats[1],
      event: 0,
      detail,
    };
  }

  /** The player's entity, where the game puts it (origin, pitch / 3, yaw, no roll). */
  private playerEntity(p: PlayerFrame, prev: EntityState | undefined): EntityState {
    const rnd = this.rnd;
    const fields = this.mutableFields(p.slot + 1, prev, false);
    return {
      ...fields,
      modelindex: [255, fields.modelindex[1], fields.modelindex[2], fields.modelindex[3]],
      renderfx: fields.renderfx & ~0xc0,
      origin: p.origin,
      angles: [p.viewangles[0] / 3, p.viewangles[1], 0],
      event: rnd.chance(0.3) ? rnd.int(1, 255) : 0,
    };
  }

  private entity(n: number, prev: EntityState | undefined): EntityState {
    const fields = this.mutableFields(n, prev, this.beams.has(n));
    const bsp = this.fmt.ext && this.bsp.has(n);
    const change = (): boolean => !prev || this.rnd.chance(0.3);
    return {
      ...fields,
      origin: prev && !change() ? prev.origin : this.coord3(prev?.origin),
      angles: prev && !change() ? prev.angles : entityAngles(this.rnd, bsp),
      event: this.rnd.chance(0.2) ? this.rnd.int(1, 255) : 0,
    };
  }

  /** Every field but origin, angles and event; each changes now and then. */
  private mutableFields(n: number, prev: EntityState | undefined, beam: boolean): EntityState {
    const rnd = this.rnd;
    const fmt = this.fmt;
    const change = (): boolean => !prev || rnd.chance(0.3);
    const model = (): number => rnd.int(0, fmt.ext && rnd.chance(0.3) ? 65535 : 255);
    let solid = this.solids.get(n);
    if (solid === undefined) {
      solid = this.bsp.has(n)
        ? PACKED_BSP
        : fmt.ext && rnd.chance(0.5)
          ? rnd.int(-2_000_000_000, -1)
          : rnd.int(32, 65535);
      this.solids.set(n, solid);
    }
    const ext = (value: () => number): number => (fmt.ext ? value() : 0);
    return {
      number: n,
      modelindex:
        prev && !change()
          ? prev.modelindex
          : [rnd.int(1, fmt.ext ? 65535 : 255), model(), model(), model()],
      frame: prev && !change() ? prev.frame : rnd.int(0, rnd.chance(0.5) ? 255 : 65535),
      skinnum: prev && !change() ? prev.skinnum : sized(rnd),
      effects: prev && !change() ? prev.effects : sized(rnd),
      renderfx: prev && !change() ? prev.renderfx : (sized(rnd) & ~0xc0) | (beam ? RF_BEAM : 0),
      origin: [0, 0, 0],
      angles: [0, 0, 0],
      oldOrigin: [0, 0, 0],
      sound: prev && !change() ? prev.sound : rnd.int(0, fmt.ext ? 0x3fff : 255),
      event: 0,
      solid,
      morefx: prev && !change() ? prev.morefx : ext(() => sized(rnd)),
      alpha: prev && !change() ? prev.alpha : ext(() => rnd.int(0, 255)),
      scale: prev && !change() ? prev.scale : ext(() => rnd.int(0, 255)),
      loopVolume: prev && !change() ? prev.loopVolume : ext(() => rnd.int(0, 255)),
      loopAttenuation: prev && !change() ? prev.loopAttenuation : ext(() => rnd.int(0, 255)),
    };
  }

  /** A position: a short step from `prev`, or anywhere (far, under EXTLIMITS_2). */
  private coord3(prev: ReadonlyVec3 | undefined): ReadonlyVec3 {
    const rnd = this.rnd;
    const max = this.fmt.ext2 ? 0x3fffff : 0x7fff;
    const one = (p: number | undefined): number => {
      if (p !== undefined && rnd.chance(0.6)) {
        const v = Math.round(p * 8) + rnd.int(-3000, 3000);
        return Math.max(-max - 1, Math.min(max, v)) / 8;
      }
      const span = this.fmt.ext2 && rnd.chance(0.5) ? max : 30000;
      return rnd.int(-span - 1, span) / 8;
    };
    return [one(prev?.[0]), one(prev?.[1]), one(prev?.[2])];
  }

  /** 0 to 3 random commands for one side of a frame. */
  commands(): MvdCommand[] {
    const rnd = this.rnd;
    const cs = this.fmt.layout;
    const out: MvdCommand[] = [];
    for (let k = rnd.int(0, 3); k > 0; k--) {
      switch (rnd.int(0, 6)) {
        case 0:
          out.push({
            kind: 'multicast',
            to: (['all', 'phs', 'pvs'] as const)[rnd.int(0, 2)],
            reliable: rnd.chance(0.5),
            leaf: rnd.int(0, 65535),
            payload: randomBytes(rnd, rnd.chance(0.3) ? rnd.int(256, 2047) : rnd.int(0, 255)),
          });
          break;
        case 1:
          out.push({
            kind: 'unicast',
            reliable: rnd.chance(0.5),
            client: rnd.int(0, this.maxclients - 1),
            items: this.unicastItems(),
          });
          break;
        case 2:
          out.push({
            kind: 'sound',
            index: rnd.int(0, this.fmt.ext && rnd.chance(0.5) ? 0xffff : 255),
            entity: rnd.int(0, cs.maxEdicts - 1),
            channel: rnd.int(0, 7),
            volume: rnd.chance(0.5) ? rnd.int(0, 255) : undefined,
            attenuation: rnd.chance(0.5) ? rnd.int(0, 255) : undefined,
            offset: rnd.chance(0.5) ? rnd.int(0, 255) : undefined,
            noPhsAdd: rnd.chance(0.5),
            reliable: rnd.chance(0.5),
          });
          break;
        case 3:
          out.push({ kind: 'print', level: rnd.int(0, 3), text: `message ${rnd.int(0, 1e6)}\n` });
          break;
        case 4: {
          const slot = rnd.int(0, this.maxclients - 1);
          out.push({
            kind: 'configstring',
            index: cs.playerskins + slot,
            value: `renamed${rnd.int(0, 99)}\\female/jezebel`,
          });
          break;
        }
        case 5: {
          const index = rnd.int(0, cs.end - 1);
          const size = configstringSize(cs, index);
          out.push({
            kind: 'configstring',
            index,
            value: 'x'.repeat(rnd.int(0, Math.min(size - 1, 200))),
          });
          break;
        }
        default:
          out.push({ kind: 'nop' });
      }
    }
    return out;
  }

  private unicastItems(): UnicastItem[] {
    const rnd = this.rnd;
    const items: UnicastItem[] = [];
    for (let k = rnd.int(0, 4); k > 0; k--) {
      switch (rnd.int(0, 3)) {
        case 0:
          items.push({ kind: 'layout', text: 'xv 0 yv 0 string "hi"' });
          break;
        case 1:
          items.push({ kind: 'print', level: 2, text: 'you died\n' });
          break;
        case 2:
          items.push({
            kind: 'stufftext',
            text: rnd.chance(0.5) ? 'play misc/secret.wav\n' : 'echo hi\n',
          });
          break;
        default:
          items.push({
            kind: 'configstring',
            index: rnd.int(0, this.fmt.layout.end - 1),
            value: 'cs',
          });
      }
    }
    // An svc the reader does not parse ends the list: it forwards the rest untouched.
    if (rnd.chance(0.3)) {
      const bytes = randomBytes(rnd, rnd.int(1, 30));
      while (PARSED_SVC.includes(bytes[0])) bytes[0] = rnd.int(0, 255);
      items.push({ kind: 'raw', bytes });
    }
    return items;
  }
}

function pickPmType(rnd: SeededRandom): number {
  const r = rnd.next();
  if (r < 0.7) return PmType.Normal;
  if (r < 0.85) return PmType.Dead;
  if (r < 0.9) return PmType.Spectator;
  return r < 0.95 ? PmType.Gib : PmType.Freeze;
}

/** Pitch a multiple of 3 × 360/256 (so pitch / 3 is a byte angle), yaw a byte angle, any roll. */
function viewAngles(rnd: SeededRandom): ReadonlyVec3 {
  return [
    3 * rnd.int(-42, 42) * BYTE_ANGLE,
    rnd.int(-128, 127) * BYTE_ANGLE,
    rnd.int(-32768, 32767) * SHORT_ANGLE,
  ];
}

function entityAngles(rnd: SeededRandom, short: boolean): ReadonlyVec3 {
  const one = (): number =>
    short ? rnd.int(-32768, 32767) * SHORT_ANGLE : rnd.int(-128, 127) * BYTE_ANGLE;
  return [one(), one(), one()];
}

function quarter3(rnd: SeededRandom): ReadonlyVec3 {
  return [rnd.int(-128, 127) / 4, rnd.int(-128, 127) / 4, rnd.int(-128, 127) / 4];
}

function bytes4(rnd: SeededRandom): [number, number, number, number] {
  return [rnd.int(0, 255), rnd.int(0, 255), rnd.int(0, 255), rnd.int(0, 255)];
}

/** A value that needs 8, 16 or 32 bits (negative ones included). */
function sized(rnd: SeededRandom): number {
  const r = rnd.next();
  if (r < 0.4) return rnd.int(0, 255);
  if (r < 0.7) return rnd.int(256, 65535);
  return rnd.int(-0x80000000, 0x7fffffff);
}

function randomBytes(rnd: SeededRandom, n: number): Uint8Array {
  return Uint8Array.from({ length: n }, () => rnd.int(0, 255));
}

/** What `readDemo(path, { fullPlayers: true, entities: true })` must emit for a written demo. */
export function expectedEvents(
  demo: DemoInput,
  written: WrittenDemo,
  file: string,
  gzip: boolean,
): DemoEvent[] {
  const serverdataOffsets = written.blocks
    .flatMap((b) => b.commands)
    .filter((c) => c.kind === 'serverdata');
  const events: DemoEvent[] = [];
  let frames = 0;
  demo.segments.forEach((seg, segment) => {
    const s = seg.serverdata;
    // From the format description, not from the writer: EXTLIMITS counts from 2011.
    const ext = s.version >= 2011 && ((s.flags ?? 0) & 4) !== 0;
    const playerskins = ext ? NEW.playerskins : OLD.playerskins;
    const names = Array.from(
      { length: s.maxclients },
      (_, slot) => (s.playerSkins?.[slot] ?? '').split('\\')[0],
    );
    events.push({
      kind: 'segment',
      segment,
      protocol: 37,
      version: s.version,
      flags: s.flags ?? 0,
      servercount: s.servercount ?? 1,
      gamedir: s.gamedir ?? 'action',
      clientNum: s.clientNum ?? -1,
      maxclients: s.maxclients,
      map: s.map,
      worldmodel: `maps/${s.map}.bsp`,
      mapChecksum: s.mapChecksum ?? 0,
      playerNames: names,
      extendedLimits: ext,
      offset: serverdataOffsets[segment].offset,
    });
    const frame = (state: FrameState, index: number): DemoEvent => ({
      kind: 'frame',
      segment,
      index,
      time: index * 0.1,
      players: [...state.players].sort((a, b) => a.slot - b.slot),
      entities: [...(state.entities ?? [])].sort((a, b) => a.number - b.number).map(entityFrame),
    });
    const nameEvents = (commands: readonly MvdCommand[] | undefined): DemoEvent[] =>
      (commands ?? []).flatMap((c) => {
        const slot = c.kind === 'configstring' ? c.index - playerskins : -1;
        return slot >= 0 && slot < s.maxclients && c.kind === 'configstring'
          ? [{ kind: 'player-name' as const, segment, slot, name: c.value.split('\\')[0] }]
          : [];
      });
    events.push(frame(seg.baseline, 0));
    seg.frames.forEach((f, i) => {
      events.push(...nameEvents(f.before), frame(f, i + 1), ...nameEvents(f.after));
    });
    frames += seg.frames.length + 1;
  });
  events.push({
    kind: 'end',
    file,
    fileBytes: written.bytes.length,
    streamBytes: written.stream.length,
    gzip,
    endMark: true,
    segments: demo.segments.length,
    frames,
  });
  return events;
}

/** The reader's view of an entity: everything but the loop-sound bytes. */
export function entityFrame(e: EntityState): EntityFrame {
  return {
    number: e.number,
    modelindex: e.modelindex,
    frame: e.frame,
    skinnum: e.skinnum,
    effects: e.effects,
    renderfx: e.renderfx,
    origin: e.origin,
    angles: e.angles,
    oldOrigin: e.oldOrigin,
    sound: e.sound,
    event: e.event,
    solid: e.solid,
    morefx: e.morefx,
    alpha: e.alpha,
    scale: e.scale,
  };
}
