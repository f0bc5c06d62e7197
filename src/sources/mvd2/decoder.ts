/**
 * The MVD2 decoder: bytes in (any chunking), {@link DemoEvent}s out, synchronously.
 *
 * Layers, after demoinfocs-golang: the framing loop below cuts the stream into blocks (u16
 * length + payload, at most 32 KiB); {@link Mvd2Decoder.parseBlock} walks the commands of a
 * block with a bounded {@link ByteCursor}; frames update the player and entity tables and are
 * emitted as fresh plain objects. A block that straddles two chunks, or that ends less than
 * {@link READ_SLACK} bytes before its chunk does, is copied once into a fixed carry buffer
 * (32 KiB + slack); all other blocks are parsed in place.
 *
 * Hot units (a player delta, an entity header and delta) read without per-byte bounds checks
 * and check once afterwards, as the engine does (it reads past the end and then notices): the
 * slack guarantees such reads stay inside the buffer, and no value read past the end is ever
 * used, because the unit then fails with BLOCK_OVERRUN.
 *
 * Faithful to the engine's reader (`src/server/mvd/parse.c`): every opcode it accepts is
 * parsed, everything it rejects is a {@link DemoParseError} naming file, segment, block, byte
 * offset and frame.
 */
import { BlockFramedDecoder, Phase } from '../demo/block-framing.js';
import type { Vec3 } from '../../geometry/vec3.js';
import type { DemoDecoder } from '../demo/demo-decoder.js';
import { ByteCursor } from '../demo/cursor.js';
import { EntityTable, skipEntityDelta } from './entity-table.js';
import { BlockFault, type DemoParseErrorCode } from '../demo/errors.js';
import { PlayerTable } from './player-table.js';
import * as playerTable from './player-table.js';
import * as cursor from '../demo/cursor.js';
import {
  CS_LAYOUT_NEW,
  CS_LAYOUT_OLD,
  MVD_OP_NAMES,
  configstringSize,
  type ConfigstringLayout,
} from './protocol.js';
import * as protocol from './protocol.js';
import type {
  DemoEvent,
  EntityFrame,
  Frame,
  FrameSlots,
  PlayerDetail,
  PlayerFrame,
  SegmentHeader,
} from '../demo/events.js';

/**
 * The protocol's numbers as constants of this module: V8's optimizing compiler loads an imported
 * binding on every use (its cell, and a check that it is initialized), but builds a module
 * `const` into the code (as in the dm2 decoder).
 */
const {
  CLIENTNUM_NONE,
  MAX_CLIENTS,
  MAX_MSGLEN,
  MAX_STATS_NEW,
  MAX_STATS_OLD,
  MVD_FRAME_TIME,
  MVD_MAGIC,
  MVD_VERSION_CURRENT,
  MVD_VERSION_EXTENDED_LIMITS,
  MVD_VERSION_EXTENDED_LIMITS_2,
  MVD_VERSION_MINIMUM,
  MVF_EXTLIMITS,
  MVF_EXTLIMITS_2,
  MvdOp,
  PPS_M_ORIGIN,
  PPS_M_ORIGIN2,
  PPS_REMOVE,
  PPS_VIEWANGLE2,
  PPS_VIEWANGLES,
  PPS_VIEWOFFSET,
  PROTOCOL_VERSION_MVD,
  PmType,
  RF_BEAM,
  SND_ATTENUATION,
  SND_INDEX16,
  SND_OFFSET,
  SND_VOLUME,
  STAT_HEALTH,
  SVCMD_BITS,
  SVCMD_MASK,
  U_REMOVE,
} = protocol;
const { STATS_STRIDE } = playerTable;
const { READ_SLACK } = cursor;

/** What the decoder materialises besides the navgen essentials. */
export interface DecoderOptions {
  /** Name used in errors and warnings (usually the path). */
  readonly file: string;
  /** Emit every in-use entity with each frame (`Frame.entities`). Default false. */
  readonly entities?: boolean;
  /** Fill `PlayerFrame.detail` with every player-state field. Default false. */
  readonly fullPlayers?: boolean;
  /** Emit {@link FrameSlots} (the slots in use) instead of frames. Default false. */
  readonly summary?: boolean;
}

/** svc opcodes that can appear inside a unicast (`svc_ops_t`). */
const SVC_LAYOUT = 4;
const SVC_PRINT = 10;
const SVC_STUFFTEXT = 11;
const SVC_CONFIGSTRING = 13;

/** Degrees per unit of a 16-bit angle; exact in float64 (45/8192). */
const VIEWANGLE_SCALE = 360 / 65536;
/** The engine's float32 version of the same factor, for entity angles. */
const VIEWANGLE_SCALE_F32 = Math.fround(360 / 65536);
/** Marks a slot that received a delta this frame (an empty delta has no PPS bits). */
const PPS_CHANGED = 1 << 16;

/**
 * Last emitted objects per slot. Frames are immutable plain data, so an unchanged tuple or
 * player can be shared by consecutive frames: this halves the allocations of a typical demo
 * (measured with bench/parse.ts).
 */
class FrameCache {
  readonly player: (PlayerFrame | null)[] = new Array<PlayerFrame | null>(MAX_CLIENTS).fill(null);
  readonly origin: (Vec3 | null)[] = new Array(MAX_CLIENTS).fill(null);
  readonly viewoffset: (Vec3 | null)[] = new Array(MAX_CLIENTS).fill(null);
  readonly viewangles: (Vec3 | null)[] = new Array(MAX_CLIENTS).fill(null);
}

export class Mvd2Decoder extends BlockFramedDecoder implements DemoDecoder {
  private readonly wantEntities: boolean;
  private readonly wantDetail: boolean;
  private readonly summary: boolean;
  /** The slots of the last {@link FrameSlots} (summary mode), shared while unchanged. */
  private lastSlots: number[] = [];

  // Segment state.
  private stamp = 0;
  private header: SegmentHeader | null = null;
  private cs: ConfigstringLayout = CS_LAYOUT_OLD;
  private ext = false;
  private ext2 = false;
  private maxclients = 0;
  private clientNum = -1;
  private configstrings = new Map<number, string>();
  private readonly players = new PlayerTable();
  private entities = new EntityTable(CS_LAYOUT_OLD.maxEdicts);
  /** PPS bits received per slot (plus {@link PPS_CHANGED}), valid where `changedAt` = stamp. */
  private readonly changed = new Int32Array(MAX_CLIENTS);
  private readonly changedAt = new Int32Array(MAX_CLIENTS);
  private frameCache = new FrameCache();

  constructor(options: DecoderOptions, emit: (event: DemoEvent) => void) {
    super(options.file, emit, MAX_MSGLEN, READ_SLACK, Phase.Magic, 4);
    this.wantEntities = options.entities ?? false;
    this.wantDetail = options.fullPlayers ?? false;
    this.summary = options.summary ?? false;
  }

  /**
   * Feeds the next bytes of the stream; emits every event they complete. (This reader's own
   * loop, so that its `consume` call stays monomorphic: see `block-framing.ts`.)
   */
  push(input: Uint8Array): void {
    // One array class for every chunk: a Buffer here and a Uint8Array there would make the
    // cursor's reads polymorphic (measured: deopts and ~30% slower).
    const chunk =
      input.constructor === Uint8Array
        ? input
        : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    const n = chunk.length;
    let p = 0;
    while (p < n && this.phase !== Phase.Ended) {
      const need = this.need;
      // In place only with the read slack after the item (block bodies need it).
      if (this.carryLen === 0 && n - p >= need + READ_SLACK) {
        this.consume(chunk, p, need);
        p += need;
        this.streamOffset += need;
      } else {
        const take = Math.min(need - this.carryLen, n - p);
        this.carry.set(chunk.subarray(p, p + take), this.carryLen);
        this.carryLen += take;
        p += take;
        if (this.carryLen === need) {
          this.carryLen = 0;
          this.consume(this.carry, 0, need);
          this.streamOffset += need;
        }
      }
    }
    if (p < n) this.skipTrailing(n - p);
  }

  /**
   * Ends the input. A stream that stopped without the end mark gets a TRUNCATED warning (its
   * complete frames were already emitted); a stream without any block is an error.
   */
  finish(): void {
    if (this.phase === Phase.Ended) return;
    const at = this.offset;
    if (this.phase === Phase.Magic) {
      this.fail('EMPTY', `file is ${at} byte(s) long, shorter than the MVD2 magic`, at);
    }
    if (this.blockIndex < 0 && this.phase === Phase.Length && this.carryLen === 0) {
      this.fail('EMPTY', 'no block after the MVD2 magic', at);
    }
    const what =
      this.phase === Phase.Body
        ? `inside block ${this.blockIndex + 1} (${this.carryLen} of ${this.need} bytes)`
        : 'between blocks';
    this.warnTruncated(what);
  }

  /** Handles one complete framing item: magic, length or block body. */
  private consume(buf: Uint8Array, start: number, len: number): void {
    switch (this.phase) {
      case Phase.Magic: {
        const magic =
          (buf[start] | (buf[start + 1] << 8) | (buf[start + 2] << 16) | (buf[start + 3] << 24)) >>>
          0;
        if (magic !== MVD_MAGIC) {
          this.fail('BAD_MAGIC', `not an MVD2 demo (magic 0x${magic.toString(16)})`, 0);
        }
        this.phase = Phase.Length;
        this.need = 2;
        return;
      }
      case Phase.Length: {
        const length = buf[start] | (buf[start + 1] << 8);
        if (length === 0) {
          if (this.blockIndex < 0)
            this.fail('EMPTY', 'end mark before any block', this.streamOffset);
          this.phase = Phase.Ended;
          return;
        }
        if (length > MAX_MSGLEN) {
          this.blockIndex++;
          this.fail(
            'BAD_BLOCK_LENGTH',
            `block length ${length} exceeds the engine's limit of ${MAX_MSGLEN}`,
            this.streamOffset,
          );
        }
        this.phase = Phase.Body;
        this.need = length;
        return;
      }
      case Phase.Body: {
        this.blockIndex++;
        this.bufBase = this.streamOffset - start;
        this.parseBlock(buf, start, start + len);
        this.phase = Phase.Length;
        this.need = 2;
        return;
      }
    }
  }

  /** Parses every command of one block. */
  private parseBlock(buf: Uint8Array, start: number, end: number): void {
    const c = this.cursor;
    c.reset(buf, start, end);
    try {
      while (c.pos < end) {
        this.commandOffset = c.pos;
        const byte = c.u8();
        const op = byte & SVCMD_MASK;
        const extrabits = byte >> SVCMD_BITS;
        if (this.segment < 0 && op !== MvdOp.Serverdata && op !== MvdOp.Nop) {
          this.failHere(
            'NO_SERVERDATA',
            `command ${MVD_OP_NAMES[op] ?? op} before the first serverdata`,
          );
        }
        switch (op) {
          case MvdOp.Frame:
            this.parseFrame(c);
            break;
          case MvdOp.MulticastAll:
          case MvdOp.MulticastPhs:
          case MvdOp.MulticastPvs:
          case MvdOp.MulticastAllR:
          case MvdOp.MulticastPhsR:
          case MvdOp.MulticastPvsR:
            this.skipMulticast(c, op, extrabits);
            break;
          case MvdOp.Unicast:
          case MvdOp.UnicastR:
            this.parseUnicast(c, extrabits);
            break;
          case MvdOp.Sound:
            this.parseSound(c);
            break;
          default:
            this.parseRareCommand(c, op, extrabits);
        }
      }
    } catch (e) {
      if (e instanceof BlockFault) this.failHere(e.code, e.reason);
      throw e;
    }
    if (this.segment < 0) {
      this.failHere('NO_SERVERDATA', 'first block does not contain serverdata');
    }
  }

  /**
   * The commands of a segment's start or of now and then (serverdata, configstrings, prints),
   * and illegible ones, through one call site: serverdata passes here before the block loop is
   * optimised, so the first configstring of a long demo does not meet a call the optimised
   * loop has never seen (that threw the loop's optimised code away mid-demo, and a cold
   * `navgen info` ran unoptimised for a while).
   */
  private parseRareCommand(c: ByteCursor, op: number, extrabits: number): void {
    switch (op) {
      case MvdOp.Print:
        c.u8();
        c.skipString();
        return;
      case MvdOp.Configstring:
        this.parseConfigstring(c);
        return;
      case MvdOp.Serverdata:
        this.parseServerdata(c, extrabits);
        return;
      case MvdOp.Nop:
        return;
      default:
        this.failHere('BAD_OPCODE', `illegible command ${op} (${MVD_OP_NAMES[op] ?? 'unknown'})`);
    }
  }

  private failHere(code: DemoParseErrorCode, reason: string): never {
    this.fail(code, reason, this.bufBase + this.commandOffset);
  }

  // ---------------------------------------------------------------- serverdata

  private parseServerdata(c: ByteCursor, extrabits: number): void {
    const offset = this.bufBase + this.commandOffset;
    this.segment++;
    this.framesBefore += this.frameIndex + 1;
    this.frameIndex = -1;
    this.players.clear();
    this.entities.clear();
    this.frameCache = new FrameCache();
    this.configstrings = new Map();

    const protocol = c.i32();
    if (protocol !== PROTOCOL_VERSION_MVD) {
      this.failHere('BAD_SERVERDATA', `unsupported protocol ${protocol}`);
    }
    const version = c.u16();
    if (version < MVD_VERSION_MINIMUM || version > MVD_VERSION_CURRENT) {
      this.failHere('BAD_SERVERDATA', `unsupported MVD version ${version}`);
    }
    const flags = version >= MVD_VERSION_EXTENDED_LIMITS_2 ? c.u16() : extrabits;
    const servercount = c.i32();
    const gamedir = c.string();
    if (gamedir.length >= 64) this.failHere('BAD_SERVERDATA', 'oversize gamedir string');
    const clientNum = c.i16();

    this.ext = version >= MVD_VERSION_EXTENDED_LIMITS && (flags & MVF_EXTLIMITS) !== 0;
    this.ext2 = version >= MVD_VERSION_EXTENDED_LIMITS_2 && (flags & MVF_EXTLIMITS_2) !== 0;
    if (this.ext2 && !this.ext) this.failHere('BAD_SERVERDATA', 'EXTLIMITS_2 without EXTLIMITS');
    const cs = this.ext ? CS_LAYOUT_NEW : CS_LAYOUT_OLD;
    this.cs = cs;
    if (this.entities.capacity !== cs.maxEdicts) this.entities = new EntityTable(cs.maxEdicts);

    for (;;) {
      const index = c.u16();
      if (index === cs.end) break;
      this.readConfigstring(c, index);
    }

    const maxclients = atoi(this.configstrings.get(cs.maxclients) ?? '');
    if (maxclients < 1 || maxclients > MAX_CLIENTS) {
      this.failHere('BAD_SERVERDATA', `invalid maxclients ${maxclients}`);
    }
    if (clientNum !== -1 && (clientNum < 0 || clientNum >= maxclients)) {
      this.failHere('BAD_SERVERDATA', `invalid client number ${clientNum}`);
    }
    const worldmodel = this.configstrings.get(cs.models + 1) ?? '';
    const map = parseMapName(worldmodel);
    if (map === null) this.failHere('BAD_SERVERDATA', `bad world model "${worldmodel}"`);
    this.maxclients = maxclients;
    this.clientNum = clientNum;

    const playerNames: string[] = [];
    for (let i = 0; i < maxclients; i++) {
      playerNames.push(playerName(this.configstrings.get(cs.playerskins + i) ?? ''));
    }

    const header: SegmentHeader = {
      kind: 'segment',
      segment: this.segment,
      protocol,
      version,
      flags,
      servercount,
      gamedir,
      clientNum,
      maxclients,
      map,
      worldmodel,
      mapChecksum: atoi(this.configstrings.get(cs.mapchecksum) ?? ''),
      playerNames,
      extendedLimits: this.ext,
      offset,
    };
    this.header = header;
    this.emit(header);

    // The baseline frame follows the configstrings inside the same command.
    this.parseFrame(c);
  }

  private readConfigstring(c: ByteCursor, index: number): void {
    const cs = this.cs;
    if (index >= cs.end) {
      this.failHere('BAD_CONFIGSTRING', `bad configstring index ${index} (limit ${cs.end})`);
    }
    const start = c.pos;
    const value = c.string();
    const size = configstringSize(cs, index);
    if (c.pos - start - 1 >= size) {
      this.failHere('BAD_CONFIGSTRING', `configstring ${index} overflowed (${size} bytes max)`);
    }
    this.configstrings.set(index, value);
  }

  private parseConfigstring(c: ByteCursor): void {
    const index = c.u16();
    this.readConfigstring(c, index);
    const slot = index - this.cs.playerskins;
    if (slot >= 0 && slot < this.maxclients) {
      const skin = this.configstrings.get(index) ?? '';
      this.emit({ kind: 'player-name', segment: this.segment, slot, name: playerName(skin) });
    }
  }

  // ---------------------------------------------------------------- other commands

  private skipMulticast(c: ByteCursor, op: number, extrabits: number): void {
    const length = c.u8() | (extrabits << 8);
    let to = op - MvdOp.MulticastAll;
    if (to >= 3) to -= 3;
    if (to !== 0) c.u16(); // leaf number for PHS / PVS
    c.skip(length);
  }

  /**
   * A unicast holds svc commands for one client. The engine reads layouts, configstrings,
   * prints and stufftexts and skips the rest; a configstring index out of range or a read past
   * the unicast's end is fatal there, so it is here.
   */
  private parseUnicast(c: ByteCursor, extrabits: number): void {
    const length = c.u8() | (extrabits << 8);
    const client = c.u8();
    if (client >= this.maxclients) {
      this.failHere('BAD_PLAYER_NUMBER', `unicast to client ${client} of ${this.maxclients}`);
    }
    const last = c.pos + length;
    if (last > c.end) this.failHere('BLOCK_OVERRUN', 'unicast runs past the end of the block');
    while (c.pos < last) {
      const cmd = c.u8();
      if (cmd === SVC_LAYOUT || cmd === SVC_STUFFTEXT) {
        c.skipString();
      } else if (cmd === SVC_PRINT) {
        c.u8();
        c.skipString();
      } else if (cmd === SVC_CONFIGSTRING) {
        const index = c.u16();
        c.skipString();
        if (index >= this.cs.end) {
          this.failHere('BAD_CONFIGSTRING', `unicast configstring index ${index}`);
        }
      } else {
        c.pos = last; // the engine forwards the rest untouched
        return;
      }
    }
    if (c.pos > last) this.failHere('BLOCK_OVERRUN', 'read past the end of a unicast');
  }

  private parseSound(c: ByteCursor): void {
    const flags = c.u8();
    // The optional bytes are skipped in one step, without a read that first runs when a
    // flag turns up mid-demo (it threw the optimised block loop away); a sound cut short by
    // the block's end goes the long way, for the same error.
    const skip =
      (this.cs.extended && flags & SND_INDEX16 ? 2 : 1) +
      (flags & SND_VOLUME ? 1 : 0) +
      (flags & SND_ATTENUATION ? 1 : 0) +
      (flags & SND_OFFSET ? 1 : 0);
    if (c.end - c.pos >= skip + 2) {
      c.pos += skip;
    } else {
      if (this.cs.extended && flags & SND_INDEX16) c.u16();
      else c.u8();
      if (flags & SND_VOLUME) c.u8();
      if (flags & SND_ATTENUATION) c.u8();
      if (flags & SND_OFFSET) c.u8();
    }
    const entnum = c.u16() >> 3;
    if (entnum >= this.cs.maxEdicts) {
      this.failHere('BAD_ENTITY_NUMBER', `sound on entity ${entnum} (limit ${this.cs.maxEdicts})`);
    }
  }

  // ---------------------------------------------------------------- frames

  private parseFrame(c: ByteCursor): void {
    const players = this.players;
    const entities = this.entities;
    const maxclients = this.maxclients;
    const ext = this.ext;
    const ext2 = this.ext2;
    const stamp = ++this.stamp;
    this.frameIndex++;

    c.skip(c.u8()); // portal bits

    const changed = this.changed;
    const changedAt = this.changedAt;
    // A summary reports slots only: deltas are stepped over, not stored (but EXTLIMITS_2
    // deltas build on stored coordinates and have value-dependent lengths).
    const skip = this.summary && !ext2;
    for (;;) {
      const slot = c.u8();
      if (slot === CLIENTNUM_NONE) break;
      if (slot >= maxclients) {
        this.failHere('BAD_PLAYER_NUMBER', `player slot ${slot} of maxclients ${maxclients}`);
      }
      const bits = c.u16();
      c.pos = skip
        ? players.skipDelta(c.buf, c.pos, bits, ext)
        : players.parseDelta(c.buf, c.pos, slot, bits, ext, ext2);
      if (c.pos > c.end)
        this.failHere('BLOCK_OVERRUN', `player ${slot} delta runs past the end of the block`);
      players.inuse[slot] = bits & PPS_REMOVE ? 0 : 1;
      // Any delta, even an empty one (a slot coming back), invalidates the cached objects.
      // Stamps instead of clearing the array every frame (TypedArray#fill is not inlined).
      changed[slot] =
        changedAt[slot] === stamp ? changed[slot] | bits | PPS_CHANGED : bits | PPS_CHANGED;
      changedAt[slot] = stamp;
    }

    const maxEdicts = this.cs.maxEdicts;
    for (;;) {
      c.pos = entities.parseHeader(c.buf, c.pos, ext);
      if (c.pos > c.end)
        this.failHere('BLOCK_OVERRUN', 'entity header runs past the end of the block');
      const n = entities.number;
      if (n >= maxEdicts) {
        this.failHere('BAD_ENTITY_NUMBER', `entity ${n} (limit ${maxEdicts})`);
      }
      if (n === 0) break;
      c.pos = skip
        ? skipEntityDelta(c.buf, c.pos, entities.bitsLo, entities.bitsHi, ext)
        : entities.parseDelta(c.buf, c.pos, n, ext, ext2);
      if (c.pos > c.end)
        this.failHere('BLOCK_OVERRUN', `entity ${n} delta runs past the end of the block`);
      entities.seen[n] = stamp;
      if (entities.bitsLo & U_REMOVE) {
        entities.inuse[n] = 0;
        // The engine keeps a removed entity's origin as its old origin (beams excepted); the
        // recorder relies on it: a returning entity's old origin is not resent when equal.
        if (!(entities.renderfx[n] & RF_BEAM)) {
          const o = n * 3;
          entities.oldOrigin[o] = entities.origin[o];
          entities.oldOrigin[o + 1] = entities.origin[o + 1];
          entities.oldOrigin[o + 2] = entities.origin[o + 2];
        }
      } else {
        entities.inuse[n] = 1;
      }
    }

    // Entity origins only matter as the base of EXTLIMITS_2 deltas, and entity angles only
    // when entities are emitted; otherwise the engine's copy would be wasted work.
    if (ext2 || this.wantEntities) this.playersToEntities();
    this.emit(this.summary ? this.slotsFrame() : this.buildFrame(stamp));
  }

  /** The in-use slots, as `buildFrame` would list its players. */
  private slotsFrame(): FrameSlots {
    const inuse = this.players.inuse;
    const last = this.lastSlots;
    let same = true;
    let count = 0;
    for (let slot = 0; slot < this.maxclients; slot++) {
      if (!inuse[slot]) continue;
      if (last[count++] !== slot) same = false;
    }
    let slots = last;
    if (!same || count !== last.length) {
      slots = [];
      for (let slot = 0; slot < this.maxclients; slot++) if (inuse[slot]) slots.push(slot);
      this.lastSlots = slots;
    }
    return { kind: 'frame-slots', segment: this.segment, index: this.frameIndex, slots };
  }

  /**
   * The engine copies each live player's position and view into its entity after every frame
   * (`MVD_PlayerToEntityStates`); later entity deltas build on that, so the tables must too.
   */
  private playersToEntities(): void {
    const p = this.players;
    const e = this.entities;
    for (let slot = 0; slot < this.maxclients; slot++) {
      if (!p.inuse[slot] || slot === this.clientNum || p.pmType[slot] !== PmType.Normal) continue;
      const n = slot + 1;
      if (!e.inuse[n]) continue;
      const po = slot * 3;
      const eo = n * 3;
      e.origin[eo] = p.origin[po];
      e.origin[eo + 1] = p.origin[po + 1];
      e.origin[eo + 2] = p.origin[po + 2];
      let pitch = Math.fround(p.viewangles[po] * VIEWANGLE_SCALE_F32);
      if (pitch > 180) pitch -= 360;
      e.angles[eo] = pitch / 3;
      e.angles[eo + 1] = p.viewangles[po + 1] * VIEWANGLE_SCALE_F32;
      e.angles[eo + 2] = 0;
    }
  }

  private buildFrame(stamp: number): Frame {
    const p = this.players;
    const e = this.entities;
    const cache = this.frameCache;
    const list: PlayerFrame[] = [];
    for (let slot = 0; slot < this.maxclients; slot++) {
      if (!p.inuse[slot]) continue;
      const n = slot + 1;
      const event = e.seen[n] === stamp ? e.event[n] : 0;
      const changed = this.changedAt[slot] === stamp ? this.changed[slot] : 0;
      const previous = cache.player[slot];
      // A slot untouched by this frame reuses last frame's object (frames are immutable).
      if (previous !== null && changed === 0 && event === 0 && previous.event === 0) {
        list.push(previous);
        continue;
      }
      const o = slot * 3;
      let origin = cache.origin[slot];
      if (origin === null || changed & (PPS_M_ORIGIN | PPS_M_ORIGIN2)) {
        origin = [p.origin[o] / 8, p.origin[o + 1] / 8, p.origin[o + 2] / 8];
        cache.origin[slot] = origin;
      }
      let viewoffset = cache.viewoffset[slot];
      if (viewoffset === null || changed & PPS_VIEWOFFSET) {
        viewoffset = [p.viewoffset[o] / 4, p.viewoffset[o + 1] / 4, p.viewoffset[o + 2] / 4];
        cache.viewoffset[slot] = viewoffset;
      }
      let viewangles = cache.viewangles[slot];
      if (viewangles === null || changed & (PPS_VIEWANGLES | PPS_VIEWANGLE2)) {
        viewangles = [
          p.viewangles[o] * VIEWANGLE_SCALE,
          p.viewangles[o + 1] * VIEWANGLE_SCALE,
          p.viewangles[o + 2] * VIEWANGLE_SCALE,
        ];
        cache.viewangles[slot] = viewangles;
      }
      const player: PlayerFrame = {
        slot,
        pmType: p.pmType[slot],
        origin,
        viewoffset,
        viewangles,
        rdflags: p.rdflags[slot],
        health: p.stats[slot * STATS_STRIDE + STAT_HEALTH],
        event,
        detail: this.wantDetail ? this.playerDetail(slot) : null,
      };
      cache.player[slot] = player;
      list.push(player);
    }
    return {
      kind: 'frame',
      segment: this.segment,
      index: this.frameIndex,
      time: this.frameIndex * MVD_FRAME_TIME,
      players: list,
      entities: this.wantEntities ? this.entityList(stamp) : null,
    };
  }

  private playerDetail(slot: number): PlayerDetail {
    const p = this.players;
    const o = slot * 3;
    const b = slot * 4;
    const numStats = this.ext2 ? MAX_STATS_NEW : MAX_STATS_OLD;
    const s = slot * STATS_STRIDE;
    return {
      kickAngles: [p.kickAngles[o] / 4, p.kickAngles[o + 1] / 4, p.kickAngles[o + 2] / 4],
      gunIndex: p.gunIndex[slot],
      gunFrame: p.gunFrame[slot],
      gunOffset: [p.gunOffset[o] / 4, p.gunOffset[o + 1] / 4, p.gunOffset[o + 2] / 4],
      gunAngles: [p.gunAngles[o] / 4, p.gunAngles[o + 1] / 4, p.gunAngles[o + 2] / 4],
      blend: [p.blend[b], p.blend[b + 1], p.blend[b + 2], p.blend[b + 3]],
      damageBlend: [
        p.damageBlend[b],
        p.damageBlend[b + 1],
        p.damageBlend[b + 2],
        p.damageBlend[b + 3],
      ],
      fov: p.fov[slot],
      stats: Array.from(p.stats.subarray(s, s + numStats)),
    };
  }

  private entityList(stamp: number): EntityFrame[] {
    const e = this.entities;
    const out: EntityFrame[] = [];
    const limit = this.cs.maxEdicts;
    for (let n = 1; n < limit; n++) {
      if (!e.inuse[n]) continue;
      const m = n * 4;
      const o = n * 3;
      out.push({
        number: n,
        modelindex: [e.model[m], e.model[m + 1], e.model[m + 2], e.model[m + 3]],
        frame: e.frame[n],
        skinnum: e.skinnum[n],
        effects: e.effects[n],
        renderfx: e.renderfx[n],
        origin: [e.origin[o] / 8, e.origin[o + 1] / 8, e.origin[o + 2] / 8],
        angles: [e.angles[o], e.angles[o + 1], e.angles[o + 2]],
        oldOrigin: [e.oldOrigin[o] / 8, e.oldOrigin[o + 1] / 8, e.oldOrigin[o + 2] / 8],
        sound: e.sound[n],
        event: e.seen[n] === stamp ? e.event[n] : 0,
        solid: e.solid[n],
        morefx: e.morefx[n],
        alpha: e.alpha[n],
        scale: e.scale[n],
      });
    }
    return out;
  }
}

/** The name part of a player-skin configstring (`name\\model/skin`). */
function playerName(skin: string): string {
  const cut = skin.indexOf('\\');
  return cut < 0 ? skin : skin.slice(0, cut);
}

/** C `atoi` as `Q_atoi` uses it: optional blanks and sign, then digits; 0 if none. */
function atoi(s: string): number {
  const m = /^\s*([+-]?\d+)/.exec(s);
  if (!m) return 0;
  const v = Number.parseInt(m[1], 10);
  return Math.max(-0x80000000, Math.min(0x7fffffff, v));
}

/** `Com_ParseMapName`: `maps/<name>.bsp` (case-insensitive prefix and extension) to `<name>`. */
export function parseMapName(worldmodel: string): string | null {
  if (worldmodel.slice(0, 5).toLowerCase() !== 'maps/') return null;
  const rest = worldmodel.slice(5);
  const dot = rest.lastIndexOf('.');
  if (dot <= 0 || dot < rest.lastIndexOf('/')) return null;
  if (rest.slice(dot).toLowerCase() !== '.bsp') return null;
  const name = rest.slice(0, dot);
  return name.length < 64 ? name : null;
}
