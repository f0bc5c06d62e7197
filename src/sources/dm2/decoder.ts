/**
 * The client demo (`.dm2`) decoder: bytes in (any chunking), {@link DemoEvent}s out,
 * synchronously, in the same event shapes as the MVD2 decoder so that every consumer (info,
 * frames, the pipeline's per-demo stages) takes both.
 *
 * Framing: blocks of a signed 32-bit little-endian length and that many bytes (at most 32 KiB,
 * the engine's demo buffer), ended by a length of -1. A file that just stops is TRUNCATED:
 * every frame before the cut has been emitted. Each block holds server messages of protocol
 * 34; every message is read by its format (also the ones navgen does not use), and an opcode
 * the engine's client would reject is a {@link DemoParseError} naming file, block and byte
 * offset.
 *
 * What a frame reports: the recorder as a player (slot = serverdata's player number; pm_type,
 * origin, viewoffset, viewangles, rdflags, health from its player state; event from its own
 * entity), and, when asked, the other players as inferred from their entities
 * (`entity-players.ts`) and every entity in use.
 */
import { ByteCursor } from '../mvd2/cursor.js';
import {
  BlockFault,
  DemoParseError,
  type DemoParseErrorCode,
  type ParsePosition,
} from '../mvd2/errors.js';
import {
  CS_LAYOUT_OLD,
  RF_BEAM,
  SND_ATTENUATION,
  SND_ENT,
  SND_OFFSET,
  SND_POS,
  SND_VOLUME,
  STAT_HEALTH,
  U_REMOVE,
  configstringSize,
} from '../mvd2/protocol.js';
import type { DemoEvent, EntityFrame, Frame, PlayerFrame, SegmentHeader } from '../mvd2/types.js';
import { EntityState, NULL_STATE, readEntityDelta, readEntityHeader } from './entity-state.js';
import { entityPlayers } from './entity-players.js';
import { PlayerState, readPlayerDelta } from './player-state.js';
import {
  DM2_FRAME_TIME,
  DM2_MAX_MSGLEN,
  MAX_AREA_BYTES,
  MAX_ITEMS,
  PROTOCOL_VERSION_DEFAULT,
  PROTOCOL_VERSION_EXTENDED,
  PROTOCOL_VERSION_EXTENDED_OLD,
  PROTOCOL_VERSION_Q2PRO,
  PROTOCOL_VERSION_R1Q2,
  SVC_NAMES,
  Svc,
  TE_LAYOUTS,
  TE_STEAM,
  UPDATE_BACKUP,
} from './protocol.js';
import type { Dm2PlayerDetail } from './types.js';

export interface Dm2DecoderOptions {
  /** Name used in errors and warnings (usually the path). */
  readonly file: string;
  /** Emit every entity in use with each frame (`Frame.entities`). Default false. */
  readonly entities?: boolean;
  /** Fill the recorder's `PlayerFrame.detail` with every player-state field. Default false. */
  readonly fullPlayers?: boolean;
  /** Report the other players, inferred from their entities, as players. Default false. */
  readonly entityPlayers?: boolean;
}

const enum Phase {
  Length,
  Body,
  Ended,
}

/** Bytes of a block length. */
const LENGTH_BYTES = 4;

/** One decoded frame kept for later deltas (`server_frame_t`). */
class StoredFrame {
  number = -1;
  readonly ps = new PlayerState();
  /** Entities in ascending number; owned by this slot of the ring. */
  ents: EntityState[] = [];
  count = 0;
}

export class Dm2Decoder {
  private readonly file: string;
  private readonly wantEntities: boolean;
  private readonly wantDetail: boolean;
  private readonly wantEntityPlayers: boolean;
  private readonly emit: (event: DemoEvent) => void;

  private readonly cursor = new ByteCursor();
  private readonly carry = new Uint8Array(DM2_MAX_MSGLEN);
  private carryLen = 0;
  private phase = Phase.Length;
  private need = LENGTH_BYTES;
  private streamOffset = 0;
  private bufBase = 0;
  private blockIndex = -1;
  private commandOffset = 0;
  private trailingWarned = false;

  // Segment state.
  private segment = -1;
  private frameIndex = -1;
  private framesBefore = 0;
  private pendingHeader: Omit<
    SegmentHeader,
    'map' | 'worldmodel' | 'maxclients' | 'mapChecksum' | 'playerNames'
  > | null = null;
  private headerSent = false;
  private recorder = 0;
  private configstrings = new Map<number, string>();
  private baselines: (EntityState | undefined)[] = [];
  private readonly ring: StoredFrame[] = Array.from(
    { length: UPDATE_BACKUP },
    () => new StoredFrame(),
  );
  private last: StoredFrame | null = null;
  private readonly scratchBits = new Int32Array(1);
  /** The segment's maxclients configstring, read when its header is emitted. */
  private maxclients = 0;
  /** The recorder as emitted in the last frame (its tuples are shared when unchanged). */
  private lastMe: PlayerFrame | null = null;

  constructor(options: Dm2DecoderOptions, emit: (event: DemoEvent) => void) {
    this.file = options.file;
    this.wantEntities = options.entities ?? false;
    this.wantDetail = options.fullPlayers ?? false;
    this.wantEntityPlayers = options.entityPlayers ?? false;
    this.emit = emit;
  }

  /** Bytes consumed so far. */
  get offset(): number {
    return this.streamOffset + this.carryLen;
  }

  /** True once the end mark (a length of -1) was read. */
  get ended(): boolean {
    return this.phase === Phase.Ended;
  }

  get segments(): number {
    return this.segment + 1;
  }

  get totalFrames(): number {
    return this.framesBefore + this.frameIndex + 1;
  }

  position(): ParsePosition {
    return {
      file: this.file,
      segment: this.segment,
      block: this.blockIndex,
      offset: this.offset,
      frame: this.frameIndex,
    };
  }

  /** Feeds the next bytes of the stream; emits every event they complete. */
  push(input: Uint8Array): void {
    const chunk =
      input.constructor === Uint8Array
        ? input
        : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    const n = chunk.length;
    let p = 0;
    while (p < n) {
      if (this.phase === Phase.Ended) {
        this.warnTrailing(n - p);
        return;
      }
      const need = this.need;
      if (this.carryLen === 0 && n - p >= need) {
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
  }

  /** Ends the input: a stream without the end mark gets a TRUNCATED warning. */
  finish(): void {
    if (this.phase === Phase.Ended) return;
    const at = this.offset;
    if (this.blockIndex < 0 && this.carryLen === 0 && this.phase === Phase.Length) {
      this.fail('EMPTY', 'no block in the file', at);
    }
    this.flushHeader();
    const what =
      this.phase === Phase.Body
        ? `inside block ${this.blockIndex + 1} (${this.carryLen} of ${this.need} bytes)`
        : this.carryLen > 0
          ? `inside the length of block ${this.blockIndex + 1}`
          : 'between blocks';
    this.emit({
      kind: 'warning',
      code: 'TRUNCATED',
      file: this.file,
      offset: at,
      message: `${this.file}@0x${at.toString(16)}: demo stops without the end mark, ${what}; ${
        this.segment + 1
      } segment(s), ${this.frameIndex + 1} frame(s) in the last one were read`,
    });
    this.phase = Phase.Ended;
  }

  private warnTrailing(bytes: number): void {
    if (!this.trailingWarned) {
      this.trailingWarned = true;
      const at = this.streamOffset;
      this.emit({
        kind: 'warning',
        code: 'TRAILING_DATA',
        file: this.file,
        offset: at,
        message: `${this.file}@0x${at.toString(16)}: data after the end mark ignored`,
      });
    }
    this.streamOffset += bytes;
  }

  private consume(buf: Uint8Array, start: number, len: number): void {
    if (this.phase === Phase.Length) {
      const length =
        buf[start] | (buf[start + 1] << 8) | (buf[start + 2] << 16) | (buf[start + 3] << 24);
      if (length === -1) {
        if (this.blockIndex < 0) this.fail('EMPTY', 'end mark before any block', this.streamOffset);
        this.flushHeader();
        this.phase = Phase.Ended;
        return;
      }
      if (length < 0 || length > DM2_MAX_MSGLEN) {
        const first = this.blockIndex < 0;
        this.blockIndex++;
        this.fail(
          first ? 'BAD_MAGIC' : 'BAD_BLOCK_LENGTH',
          `${first ? 'not a client demo: first ' : ''}block length ${length} is outside 0..${DM2_MAX_MSGLEN}`,
          this.streamOffset,
        );
      }
      if (length === 0) {
        // An empty block: legal, nothing to parse.
        this.blockIndex++;
        return;
      }
      this.phase = Phase.Body;
      this.need = length;
      return;
    }
    this.blockIndex++;
    this.bufBase = this.streamOffset - start;
    this.parseBlock(buf, start, start + len);
    this.phase = Phase.Length;
    this.need = LENGTH_BYTES;
  }

  private fail(code: DemoParseErrorCode, reason: string, offset: number, cause?: unknown): never {
    throw new DemoParseError(
      code,
      reason,
      {
        file: this.file,
        segment: this.segment,
        block: this.blockIndex,
        offset,
        frame: this.frameIndex,
      },
      cause === undefined ? undefined : { cause },
    );
  }

  private parseBlock(buf: Uint8Array, start: number, end: number): void {
    const c = this.cursor;
    c.reset(buf, start, end);
    try {
      while (c.pos < end) {
        this.commandOffset = this.bufBase + c.pos;
        const cmd = c.u8();
        this.parseCommand(c, cmd);
      }
    } catch (e) {
      if (e instanceof BlockFault) this.fail(e.code, e.reason, this.commandOffset);
      throw e;
    }
  }

  private parseCommand(c: ByteCursor, cmd: number): void {
    if (cmd !== Svc.Serverdata && this.segment < 0) {
      this.fail(
        'NO_SERVERDATA',
        `${SVC_NAMES[cmd] ?? `opcode ${cmd}`} before the first serverdata`,
        this.commandOffset,
      );
    }
    switch (cmd) {
      case Svc.Nop:
      case Svc.Disconnect:
      case Svc.Reconnect:
        return;
      case Svc.Print:
        c.u8();
        c.skipString();
        return;
      case Svc.CenterPrint:
      case Svc.Stufftext:
      case Svc.Layout:
        c.skipString();
        return;
      case Svc.Serverdata:
        this.parseServerdata(c);
        return;
      case Svc.Configstring:
        this.parseConfigstring(c);
        return;
      case Svc.SpawnBaseline:
        this.parseBaseline(c);
        return;
      case Svc.Sound:
        this.skipSound(c);
        return;
      case Svc.TempEntity:
        this.skipTempEntity(c);
        return;
      case Svc.MuzzleFlash:
      case Svc.MuzzleFlash2: {
        const entity = c.u16();
        c.u8();
        if (entity < 1 || entity >= CS_LAYOUT_OLD.maxEdicts) {
          this.fail('BAD_ENTITY_NUMBER', `muzzle flash of entity ${entity}`, this.commandOffset);
        }
        return;
      }
      case Svc.Inventory:
        c.skip(MAX_ITEMS * 2);
        return;
      case Svc.Download: {
        const size = c.i16();
        c.u8();
        if (size > 0) c.skip(size);
        return;
      }
      case Svc.Frame:
        this.parseFrame(c);
        return;
      default:
        this.fail(
          'BAD_OPCODE',
          `unknown server message ${cmd}${SVC_NAMES[cmd] ? ` (${SVC_NAMES[cmd]} out of place)` : ''}`,
          this.commandOffset,
        );
    }
  }

  private parseServerdata(c: ByteCursor): void {
    const at = this.commandOffset;
    const protocol = c.i32();
    const servercount = c.i32();
    c.u8(); // attract loop: always 1 in demos
    const gamedir = c.string();
    const playernum = c.i16();
    c.skipString(); // level name (the map's title)
    if (protocol === PROTOCOL_VERSION_R1Q2 || protocol === PROTOCOL_VERSION_Q2PRO) {
      this.fail(
        'BAD_SERVERDATA',
        `protocol ${protocol} (${protocol === PROTOCOL_VERSION_R1Q2 ? 'R1Q2' : 'Q2PRO'}) client demos are not read yet (only 34)`,
        at,
      );
    }
    if (protocol === PROTOCOL_VERSION_EXTENDED || protocol === PROTOCOL_VERSION_EXTENDED_OLD) {
      this.fail('BAD_SERVERDATA', `protocol ${protocol} (extended limits) is not read yet`, at);
    }
    if (protocol !== PROTOCOL_VERSION_DEFAULT) {
      this.fail('BAD_SERVERDATA', `unsupported protocol ${protocol}`, at);
    }
    if (playernum < 0 || playernum >= 256) {
      this.fail('BAD_SERVERDATA', `player number ${playernum} (cinematics carry no frames)`, at);
    }
    this.flushHeader();
    if (this.segment >= 0) this.framesBefore += this.frameIndex + 1;
    this.segment++;
    this.frameIndex = -1;
    this.headerSent = false;
    this.recorder = playernum;
    this.configstrings = new Map();
    this.baselines = [];
    for (const f of this.ring) f.number = -1;
    this.last = null;
    this.lastMe = null;
    this.maxclients = 0;
    this.pendingHeader = {
      kind: 'segment',
      segment: this.segment,
      protocol,
      version: 0,
      flags: 0,
      servercount,
      gamedir,
      clientNum: -1,
      extendedLimits: false,
      offset: at,
      recorder: playernum,
    };
  }

  /** Emits the segment header once its configstrings are known (before its first frame). */
  private flushHeader(): void {
    const h = this.pendingHeader;
    if (!h || this.headerSent) return;
    this.headerSent = true;
    const cs = CS_LAYOUT_OLD;
    const worldmodel = this.configstrings.get(cs.models + 1) ?? '';
    const maxclients = parseInt(this.configstrings.get(cs.maxclients) ?? '0', 10) || 0;
    this.maxclients = maxclients;
    const playerNames: string[] = [];
    for (let i = 0; i < maxclients; i++) playerNames.push(this.playerName(i));
    this.emit({
      ...h,
      maxclients,
      map: mapName(worldmodel),
      worldmodel,
      mapChecksum: parseInt(this.configstrings.get(cs.mapchecksum) ?? '0', 10) | 0,
      playerNames,
    } as SegmentHeader);
  }

  private playerName(slot: number): string {
    const s = this.configstrings.get(CS_LAYOUT_OLD.playerskins + slot) ?? '';
    const cut = s.indexOf('\\');
    return cut < 0 ? s : s.slice(0, cut);
  }

  private parseConfigstring(c: ByteCursor): void {
    const index = c.u16();
    const value = c.string();
    const cs = CS_LAYOUT_OLD;
    if (index >= cs.end) {
      this.fail('BAD_CONFIGSTRING', `configstring index ${index} >= ${cs.end}`, this.commandOffset);
    }
    if (value.length >= configstringSize(cs, index)) {
      this.fail(
        'BAD_CONFIGSTRING',
        `configstring ${index} of ${value.length} bytes does not fit its ${configstringSize(cs, index)}`,
        this.commandOffset,
      );
    }
    this.configstrings.set(index, value);
    if (this.headerSent && index >= cs.playerskins && index < cs.playerskins + 256) {
      this.emit({
        kind: 'player-name',
        segment: this.segment,
        slot: index - cs.playerskins,
        name: this.playerName(index - cs.playerskins),
      });
    }
  }

  private parseBaseline(c: ByteCursor): void {
    const number = readEntityHeader(c, this.scratchBits);
    this.checkEntityNumber(number);
    const state = new EntityState();
    readEntityDelta(c, state, NULL_STATE, number, this.scratchBits[0]);
    this.baselines[number] = state;
  }

  private checkEntityNumber(number: number): void {
    if (number < 1 || number >= CS_LAYOUT_OLD.maxEdicts) {
      this.fail(
        'BAD_ENTITY_NUMBER',
        `entity number ${number} outside 1..${CS_LAYOUT_OLD.maxEdicts - 1}`,
        this.commandOffset,
      );
    }
  }

  private skipSound(c: ByteCursor): void {
    const flags = c.u8();
    c.u8(); // sound index (8 bits without the extended limits)
    if (flags & SND_VOLUME) c.u8();
    if (flags & SND_ATTENUATION) c.u8();
    if (flags & SND_OFFSET) c.u8();
    if (flags & SND_ENT) {
      const entity = c.u16() >> 3;
      if (entity >= CS_LAYOUT_OLD.maxEdicts) {
        this.fail('BAD_ENTITY_NUMBER', `sound on entity ${entity}`, this.commandOffset);
      }
    }
    if (flags & SND_POS) c.skip(6);
  }

  private skipTempEntity(c: ByteCursor): void {
    const type = c.u8();
    if (type === TE_STEAM) {
      const entity = c.i16();
      c.skip(1 + 6 + 1 + 1 + 2); // count, position, direction, colour, second entity
      if (entity !== -1) c.skip(4); // duration
      return;
    }
    const layout = TE_LAYOUTS.get(type);
    if (layout === undefined) {
      this.fail('BAD_OPCODE', `unknown temp entity type ${type}`, this.commandOffset);
    }
    for (let i = 0; i < layout.length; i++) {
      const k = layout.charCodeAt(i);
      c.skip(k === 112 /* p */ ? 6 : k === 115 /* s */ ? 2 : 1);
    }
  }

  private parseFrame(c: ByteCursor): void {
    const at = this.commandOffset;
    const number = c.i32();
    const deltaNumber = c.i32();
    c.u8(); // frames the server suppressed (rate drops): no effect on the state
    if (number < 0) this.fail('BAD_FRAME', `frame number ${number} < 0`, at);
    const areabytes = c.u8();
    if (areabytes > MAX_AREA_BYTES) {
      this.fail('BAD_FRAME', `area bits of ${areabytes} bytes (at most ${MAX_AREA_BYTES})`, at);
    }
    c.skip(areabytes);

    // The frame this one deltas from, if any. A demo whose delta frame was never read is
    // decoded from the last frame, as the engine's demo player recovers it.
    let from: StoredFrame | null = null;
    if (deltaNumber > 0) {
      const stored = this.ring[deltaNumber & (UPDATE_BACKUP - 1)];
      if (stored.number === deltaNumber && deltaNumber !== number) from = stored;
      else if (this.last) {
        from = this.last;
        this.emit({
          kind: 'warning',
          code: 'DELTA_RECOVERED',
          file: this.file,
          offset: at,
          message: `${this.file}@0x${at.toString(16)}: frame ${number} deltas from frame ${deltaNumber}, which was not read; decoded from frame ${this.last.number}`,
        });
      } else {
        this.fail(
          'BAD_FRAME',
          `frame ${number} deltas from frame ${deltaNumber}, and no frame was read before it`,
          at,
        );
      }
    }

    const target = this.ring[number & (UPDATE_BACKUP - 1)];
    // The target slot may be the one we delta from (16 frames apart): decode into a scratch.
    const out = target === from ? new StoredFrame() : target;

    const op = c.u8();
    if (op !== Svc.PlayerInfo) {
      this.fail('BAD_FRAME', `frame without playerinfo (opcode ${op})`, this.bufBase + c.pos - 1);
    }
    if (from) out.ps.copyFrom(from.ps);
    else out.ps.clear();
    readPlayerDelta(c, out.ps, c.u16());

    const op2 = c.u8();
    if (op2 !== Svc.PacketEntities) {
      this.fail(
        'BAD_FRAME',
        `frame without packetentities (opcode ${op2})`,
        this.bufBase + c.pos - 1,
      );
    }
    this.parsePacketEntities(c, from, out);
    if (out.ps.fov === 0) this.fail('BAD_FRAME', 'player state with fov 0', at);
    out.number = number;
    if (out !== target) this.ring[this.ring.indexOf(target)] = out;
    this.last = out;
    this.flushHeader();
    this.frameIndex++;
    this.emitFrame(out);
  }

  /** Entities of the new frame: deltas from `from` (or the baselines) in ascending order. */
  private parsePacketEntities(c: ByteCursor, from: StoredFrame | null, out: StoredFrame): void {
    const old = from ? from.ents : [];
    const oldCount = from ? from.count : 0;
    // A stored frame keeps its own array; the states in it are never changed once stored, so
    // an entity the frame leaves unchanged shares the previous frame's object (most entities
    // in most frames: measured about half the decoding time).
    const ents = out === from ? [] : out.ents;
    let n = 0;
    let oi = 0;
    const bits = this.scratchBits;
    const put = (number: number, source: Readonly<EntityState>, b: number): void => {
      if (n >= CS_LAYOUT_OLD.maxEdicts)
        this.fail('BAD_FRAME', 'too many entities', this.commandOffset);
      if (b === 0 && source.number === number && shareable(source)) {
        ents[n++] = source as EntityState;
        return;
      }
      const s = new EntityState().copyFrom(source);
      readEntityDelta(c, s, source, number, b);
      ents[n++] = s;
    };
    for (;;) {
      const unitAt = this.bufBase + c.pos;
      const number = readEntityHeader(c, bits);
      if (number === 0) break;
      if (number >= CS_LAYOUT_OLD.maxEdicts) {
        this.fail(
          'BAD_ENTITY_NUMBER',
          `entity number ${number} >= ${CS_LAYOUT_OLD.maxEdicts}`,
          unitAt,
        );
      }
      while (oi < oldCount && old[oi].number < number) {
        const o = old[oi++];
        if (shareable(o)) ents[n++] = o;
        else put(o.number, o, 0);
      }
      if (bits[0] & U_REMOVE) {
        if (!from)
          this.fail(
            'BAD_FRAME',
            `removal of entity ${number} without a frame to delta from`,
            unitAt,
          );
        // The engine drops the next old entity even when its number differs (it only
        // prints a developer note), so a removal always consumes one.
        if (oi < oldCount) oi++;
        continue;
      }
      if (oi < oldCount && old[oi].number === number) {
        put(number, old[oi], bits[0]);
        oi++;
      } else {
        put(number, this.baselines[number] ?? NULL_STATE, bits[0]);
      }
    }
    while (oi < oldCount) {
      const o = old[oi++];
      if (shareable(o)) ents[n++] = o;
      else put(o.number, o, 0);
    }
    out.ents = ents;
    out.count = n;
  }

  private emitFrame(f: StoredFrame): void {
    const ps = f.ps;
    const recorderEntity = this.recorder + 1;
    let event = 0;
    for (let i = 0; i < f.count; i++) {
      if (f.ents[i].number === recorderEntity) {
        event = f.ents[i].event;
        break;
      }
    }
    // Frames are immutable plain data: an unchanged tuple (or a whole unchanged player) is
    // shared with the previous frame, as the MVD2 decoder does.
    const prev = this.lastMe;
    const ox = ps.origin[0] * 0.125;
    const oy = ps.origin[1] * 0.125;
    const oz = ps.origin[2] * 0.125;
    const vo = ps.viewoffset;
    const va = ps.viewangles;
    const origin =
      prev && prev.origin[0] === ox && prev.origin[1] === oy && prev.origin[2] === oz
        ? prev.origin
        : ([ox, oy, oz] as const);
    const viewoffset =
      prev &&
      prev.viewoffset[0] === vo[0] &&
      prev.viewoffset[1] === vo[1] &&
      prev.viewoffset[2] === vo[2]
        ? prev.viewoffset
        : ([vo[0], vo[1], vo[2]] as const);
    const viewangles =
      prev &&
      prev.viewangles[0] === va[0] &&
      prev.viewangles[1] === va[1] &&
      prev.viewangles[2] === va[2]
        ? prev.viewangles
        : ([va[0], va[1], va[2]] as const);
    const health = ps.stats[STAT_HEALTH];
    const me: PlayerFrame =
      prev &&
      !this.wantDetail &&
      prev.origin === origin &&
      prev.viewoffset === viewoffset &&
      prev.viewangles === viewangles &&
      prev.pmType === ps.pmType &&
      prev.rdflags === ps.rdflags &&
      prev.health === health &&
      prev.event === event
        ? prev
        : {
            slot: this.recorder,
            pmType: ps.pmType,
            origin,
            viewoffset,
            viewangles,
            rdflags: ps.rdflags,
            health,
            event,
            detail: this.wantDetail ? detailOf(ps) : null,
          };
    this.lastMe = me;
    let players: PlayerFrame[] = [me];
    if (this.wantEntityPlayers) {
      players = entityPlayers(f.ents, f.count, this.maxclients, this.recorder);
      let at = 0;
      while (at < players.length && players[at].slot < this.recorder) at++;
      players.splice(at, 0, me);
    }
    const frame: Frame = {
      kind: 'frame',
      segment: this.segment,
      index: this.frameIndex,
      time: this.frameIndex * DM2_FRAME_TIME,
      players,
      entities: this.wantEntities ? entityFrames(f) : null,
    };
    this.emit(frame);
  }
}

/**
 * Whether an entity that a frame leaves unchanged can share its previous state object: a
 * delta with no bits only clears the event and moves the origin into the previous origin
 * (except for beams), so a state with no event whose previous origin already is its origin
 * stays the same.
 */
function shareable(e: Readonly<EntityState>): boolean {
  return (
    e.event === 0 &&
    ((e.renderfx & RF_BEAM) !== 0 || (e.oldx === e.ox && e.oldy === e.oy && e.oldz === e.oz))
  );
}

function mapName(worldmodel: string): string {
  const m = /^maps\/(.*)\.bsp$/i.exec(worldmodel);
  return m ? m[1] : worldmodel;
}

function detailOf(ps: PlayerState): Dm2PlayerDetail {
  return {
    kickAngles: [ps.kickAngles[0], ps.kickAngles[1], ps.kickAngles[2]],
    gunIndex: ps.gunIndex,
    gunFrame: ps.gunFrame,
    gunOffset: [ps.gunOffset[0], ps.gunOffset[1], ps.gunOffset[2]],
    gunAngles: [ps.gunAngles[0], ps.gunAngles[1], ps.gunAngles[2]],
    blend: [ps.blend[0], ps.blend[1], ps.blend[2], ps.blend[3]],
    damageBlend: [0, 0, 0, 0],
    fov: ps.fov,
    stats: Array.from(ps.stats),
    pmove: {
      velocity: [ps.velocity[0] * 0.125, ps.velocity[1] * 0.125, ps.velocity[2] * 0.125],
      pmFlags: ps.pmFlags,
      pmTime: ps.pmTime,
      gravity: ps.gravity,
      deltaAngles: [ps.deltaAngles[0], ps.deltaAngles[1], ps.deltaAngles[2]],
    },
  };
}

function entityFrames(f: StoredFrame): EntityFrame[] {
  const out: EntityFrame[] = [];
  for (let i = 0; i < f.count; i++) {
    const e = f.ents[i];
    out.push({
      number: e.number,
      modelindex: [e.modelindex, e.modelindex2, e.modelindex3, e.modelindex4],
      frame: e.frame,
      skinnum: e.skinnum,
      effects: e.effects,
      renderfx: e.renderfx,
      origin: [e.ox, e.oy, e.oz],
      angles: [e.ax, e.ay, e.az],
      oldOrigin: [e.oldx, e.oldy, e.oldz],
      sound: e.sound,
      event: e.event,
      solid: e.solid,
      morefx: 0,
      alpha: 0,
      scale: 0,
    });
  }
  return out;
}
