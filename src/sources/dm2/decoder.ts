/**
 * The client demo (`.dm2`) decoder: bytes in (any chunking), {@link DemoEvent}s out,
 * synchronously, in the same event shapes as the MVD2 decoder so that every consumer (info,
 * frames, the pipeline's per-demo stages) takes both.
 *
 * Framing: blocks of a signed 32-bit little-endian length and that many bytes (at most 32 KiB,
 * the engine's demo buffer), ended by a length of -1. A file that just stops is TRUNCATED:
 * every frame before the cut has been emitted. Each block holds server messages of protocol
 * 34 (what q2pro's client records; 3434/3435 when it recorded a server with the extended
 * limits), or of 35 (R1Q2) or 36 (Q2PRO) when serverdata says so: packed frame headers with
 * extra player bits, compressed packets, Q2PRO's gamestate and extension flags. Every message
 * is read by its format (also the ones navgen does not use), and an opcode the engine's
 * client would reject is a {@link DemoParseError} naming file, block and byte offset.
 *
 * What a frame reports: the recorder as a player (slot = serverdata's player number; pm_type,
 * origin, viewoffset, viewangles, rdflags, health from its player state; event from its own
 * entity), and, when asked, the other players as inferred from their entities
 * (`entity-players.ts`) and every entity in use.
 *
 * This class keeps the hot loop (framing, the command switch, the frame and packet-entity
 * loop) and the segment state; the segment's configstrings and baselines are in
 * `configstring-store.ts`, the frame events are built by `frame-assembler.ts`, and the
 * messages navgen does not use are read past by `message-skip.ts`. Those take plain numbers
 * and objects and return faults as values: the decoder raises every error at its offset.
 */
import { constants as zlibConstants, inflateRawSync } from 'node:zlib';
import { BlockFramedDecoder, Phase } from '../demo/block-framing.js';
import type { DemoDecoder } from '../demo/demo-decoder.js';
import { ByteCursor } from '../demo/cursor.js';
import { BlockFault, type DemoParseErrorCode } from '../demo/errors.js';
import { CS_LAYOUT_NEW, CS_LAYOUT_OLD, type ConfigstringLayout } from '../demo/q2-protocol.js';
import * as q2Protocol from '../demo/q2-protocol.js';
import type { DemoEvent, SegmentHeader } from '../demo/events.js';
import { ConfigstringStore } from './configstring-store.js';
import {
  EntityState,
  NULL_STATE,
  readEntityDelta,
  readEntityHeader,
  shareable,
} from './entity-state.js';
import { EMPTY_LIST, EntityHistory, type EntityList } from './entity-history.js';
import type { SolidFormat } from './entity-players.js';
import { Dm2FrameAssembler } from './frame-assembler.js';
import * as messageSkip from './message-skip.js';
import { PlayerState, readPlayerDelta, readPlayerDeltaEnhanced } from './player-state.js';
import { SVC_NAMES } from './protocol.js';
import * as protocol from './protocol.js';

/**
 * The protocol's numbers as constants of this module: V8's optimizing compiler loads an imported
 * binding on every use (its cell, and a check that it is initialized), but builds a module
 * `const` into the code (callgrind, decoder-only loop over the fixture demos, with the same in
 * decoder.ts, entity-state.ts and player-state.ts: 6094 -> 5396 instructions per frame). The
 * opcodes too (`Svc`, whose members the command switch compares with): 5396 -> 5248.
 */
const { U_REMOVE } = q2Protocol;
const {
  DM2_MAX_MSGLEN,
  ENTITYNUM_BITS,
  EPS_CLIENTNUM,
  FRAME_DELTA_NONE,
  FRAMENUM_BITS,
  FRAMENUM_MASK,
  Q2PRO_MINOR_CLIENTNUM_SHORT,
  Q2PRO_MINOR_EXTENDED_LIMITS,
  Q2PRO_MINOR_MAX,
  Q2PRO_MINOR_MIN,
  Q2PRO_MINOR_SHORT_ANGLES,
  Q2PRO_MINOR_EXTENDED_LIMITS_2,
  Q2PRO_PF_EXTENSIONS,
  Q2PRO_PF_EXTENSIONS_2,
  R1Q2_MINOR_LONG_SOLID,
  R1Q2_MINOR_MAX,
  R1Q2_MINOR_MIN,
  SVS_FPS,
  MAX_AREA_BYTES,
  MAX_ITEMS,
  PROTOCOL_VERSION_DEFAULT,
  PROTOCOL_VERSION_EXTENDED,
  PROTOCOL_VERSION_EXTENDED_OLD,
  PROTOCOL_VERSION_Q2PRO,
  PROTOCOL_VERSION_R1Q2,
  UPDATE_BACKUP,
  ES_EXTENSIONS,
  ES_EXTENSIONS_2,
  ES_LONGSOLID,
  ES_SHORTANGLES,
  PS_EXT,
  PS_EXT2,
  Svc,
} = protocol;
/** The skips of the messages navgen does not use, held the same way. */
const { SKIPPED, skipSound, skipTempEntity } = messageSkip;

export interface Dm2DecoderOptions {
  /** Name used in errors and warnings (usually the path). */
  readonly file: string;
  /** Emit every entity in use with each frame (`Frame.entities`). Default false. */
  readonly entities?: boolean;
  /** Fill the recorder's `PlayerFrame.detail` with every player-state field. Default false. */
  readonly fullPlayers?: boolean;
  /** Report the other players, inferred from their entities, as players. Default false. */
  readonly entityPlayers?: boolean;
  /** Emit `FrameSlots` (the slots in use) instead of frames. Default false. */
  readonly summary?: boolean;
}

/** Bytes of a block length. */
const LENGTH_BYTES = 4;

/** One decoded frame kept for later deltas (`server_frame_t`). */
class StoredFrame {
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

function takeRing(): StoredFrame[] {
  return spareRings.pop() ?? Array.from({ length: UPDATE_BACKUP }, () => new StoredFrame());
}

function returnRing(ring: StoredFrame[]): void {
  if (spareRings.length >= MAX_SPARE_RINGS) return;
  // Cleared now, so that a spare ring holds none of the finished demo's entities.
  for (const f of ring) {
    f.number = -1;
    f.list = EMPTY_LIST;
  }
  spareRings.push(ring);
}

export class Dm2Decoder extends BlockFramedDecoder implements DemoDecoder {
  private readonly wantEntities: boolean;
  private readonly wantDetail: boolean;
  private readonly wantEntityPlayers: boolean;
  private readonly summary: boolean;
  /**
   * Whether the other entities' states are kept (only entity output needs them). When not,
   * every delta is still read field by field, into a scratch state, and each list holds for
   * each entity a placeholder of its number alone (see `placeholder`): a state per changed
   * entity and frame, copied from its last, was a third of decoding a frame.
   */
  private readonly keepStates: boolean;
  /** Where deltas are read when states are not kept. */
  private readonly scratch = new EntityState(NULL_STATE);
  /** States not kept: the placeholder of each entity number (made on first use). */
  private readonly placeholders: EntityState[] = [];
  /**
   * States not kept: the position in the new list of the first delta this frame gave the
   * recorder's entity (-1: none), and that delta's event.
   */
  private recorderAt = -1;
  private recorderEvent = 0;

  // Segment state.
  private pendingHeader: Omit<
    SegmentHeader,
    'map' | 'worldmodel' | 'maxclients' | 'mapChecksum' | 'playerNames'
  > | null = null;
  private headerSent = false;
  private recorder = 0;
  /** The segment's configstrings and entity baselines. */
  private readonly store = new ConfigstringStore();
  /** Builds each frame's event from the decoded state. */
  private readonly assembler: Dm2FrameAssembler;
  private readonly ring: StoredFrame[] = takeRing();
  /** Set once the ring went back to the spare rings (`finish`). */
  private ringReturned = false;
  private last: StoredFrame | null = null;
  /** The entity list of the last frame, and how to rebuild the lists of the frames before. */
  private readonly history = new EntityHistory();
  private readonly scratchBits = new Int32Array(2);
  /** serverdata's protocol (34, 35 or 36) and minor version (0 for 34). */
  private protocol = PROTOCOL_VERSION_DEFAULT;
  private minor = 0;
  /** Entity encoding options of the protocol (`ES_*` of `entity-state.ts`). */
  private esFlags = 0;
  /** Player-state encoding options (`PS_EXT*` of `player-state.ts`). */
  private psFlags = 0;
  /** Configstring layout and entity limit: the extended one under the extended limits. */
  private cs: ConfigstringLayout = CS_LAYOUT_OLD;
  private inZPacket = false;

  constructor(options: Dm2DecoderOptions, emit: (event: DemoEvent) => void) {
    // Client demo units are read through the bounded cursor: no read slack.
    super(options.file, emit, DM2_MAX_MSGLEN, 0, Phase.Length, LENGTH_BYTES);
    this.wantEntities = options.entities ?? false;
    this.wantDetail = options.fullPlayers ?? false;
    this.wantEntityPlayers = options.entityPlayers ?? false;
    this.summary = options.summary ?? false;
    this.keepStates = this.wantEntities || this.wantEntityPlayers;
    this.assembler = new Dm2FrameAssembler({
      detail: this.wantDetail,
      entities: this.wantEntities,
      entityPlayers: this.wantEntityPlayers,
      statesKept: this.keepStates,
    });
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
    if (p < n) this.skipTrailing(n - p);
  }

  /** Ends the input: a stream without the end mark gets a TRUNCATED warning. */
  finish(): void {
    try {
      this.finishStream();
    } finally {
      // Nothing decodes after the end: the next decoder can have the ring.
      if (!this.ringReturned) {
        this.ringReturned = true;
        returnRing(this.ring);
      }
    }
  }

  private finishStream(): void {
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
    this.warnTruncated(what);
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
          // The format is chosen by the first bytes: a first block that fails here means the
          // file is neither format (random bytes, another file type), whatever its name says.
          first
            ? `not a demo: it does not start with "MVD2" (a multi-view demo), and as a client demo its first block length ${length} is outside 0..${DM2_MAX_MSGLEN}`
            : `block length ${length} is outside 0..${DM2_MAX_MSGLEN}`,
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

  private parseBlock(buf: Uint8Array, start: number, end: number): void {
    const c = this.cursor;
    c.reset(buf, start, end);
    try {
      while (c.pos < end) {
        this.commandOffset = this.bufBase + c.pos;
        this.parseCommand(c, c.u8());
      }
    } catch (e) {
      if (e instanceof BlockFault) this.fail(e.code, e.reason, this.commandOffset);
      throw e;
    }
  }

  private parseCommand(c: ByteCursor, byte: number): void {
    // The top three bits carry extra player-state bits on frames of protocols 35/36 only.
    const cmd = byte & 31;
    const extrabits = byte >> 5;
    if (extrabits !== 0 && (this.protocol < PROTOCOL_VERSION_R1Q2 || cmd !== Svc.Frame)) {
      this.fail('BAD_OPCODE', `unknown server message ${byte}`, this.commandOffset);
    }
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
      case Svc.Sound: {
        const entity = skipSound(c, this.esFlags, this.cs.extended, this.cs.maxEdicts);
        if (entity !== SKIPPED) this.failSkip('BAD_ENTITY_NUMBER', 'sound on entity', entity);
        return;
      }
      case Svc.TempEntity: {
        const type = skipTempEntity(c, this.esFlags);
        if (type !== SKIPPED) this.failSkip('BAD_OPCODE', 'unknown temp entity type', type);
        return;
      }
      case Svc.MuzzleFlash:
      case Svc.MuzzleFlash2: {
        let entity = c.u16();
        c.u8();
        // Monster flashes of the extended limits keep weapon bits above the entity number.
        if (cmd === Svc.MuzzleFlash2 && this.cs.extended) entity &= (1 << ENTITYNUM_BITS) - 1;
        if (entity < 1 || entity >= this.cs.maxEdicts) {
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
        this.parseFrame(c, extrabits);
        return;
      case Svc.ZPacket:
        if (this.protocol < PROTOCOL_VERSION_R1Q2) break;
        this.parseZPacket(c);
        return;
      case Svc.ZDownload: {
        if (this.protocol < PROTOCOL_VERSION_R1Q2) break;
        const size = c.i16();
        c.u8();
        if (size === -1) return;
        if (this.protocol === PROTOCOL_VERSION_R1Q2) c.i16(); // inflated size
        if (size > 0) c.skip(size);
        return;
      }
      case Svc.Setting: {
        if (this.protocol < PROTOCOL_VERSION_R1Q2) break;
        const index = c.i32();
        const value = c.i32();
        if (index === SVS_FPS && value > 0) this.assembler.setFrameRate(value);
        return;
      }
      case Svc.Gamestate:
      case Svc.ConfigstringStream:
      case Svc.BaselineStream:
        if (this.protocol !== PROTOCOL_VERSION_Q2PRO) break;
        this.parseGamestate(c, cmd);
        return;
    }
    this.fail(
      'BAD_OPCODE',
      `unknown server message ${cmd}${SVC_NAMES[cmd] ? ` (${SVC_NAMES[cmd]} out of place in protocol ${this.protocol})` : ''}`,
      this.commandOffset,
    );
  }

  /**
   * A message skip's fault (`what` and the number it names), out of the command switch so that
   * the switch stays small: the message text is built only here.
   */
  private failSkip(code: DemoParseErrorCode, what: string, value: number): never {
    this.fail(code, `${what} ${value}`, this.commandOffset);
  }

  /** Configstrings until the layout's end index, then baselines until entity 0 (Q2PRO). */
  private parseGamestate(c: ByteCursor, cmd: number): void {
    if (cmd !== Svc.BaselineStream) {
      for (;;) {
        const index = c.u16();
        if (index === this.cs.end) break;
        this.readConfigstring(c, index);
      }
    }
    if (cmd !== Svc.ConfigstringStream) {
      for (;;) {
        const number = readEntityHeader(c, this.scratchBits, this.esFlags);
        if (number === 0) break;
        this.readBaseline(c, number);
      }
    }
  }

  /**
   * A block of server messages compressed with raw deflate (R1Q2/Q2PRO), parsed in place of
   * the command; errors inside name the compressed packet's offset.
   */
  private parseZPacket(c: ByteCursor): void {
    if (this.inZPacket) {
      this.fail('BAD_OPCODE', 'compressed packet inside a compressed packet', this.commandOffset);
    }
    const inlen = c.u16();
    const outlen = c.u16();
    if (outlen > DM2_MAX_MSGLEN) {
      this.fail(
        'BAD_BLOCK_LENGTH',
        `compressed packet of ${outlen} bytes inflated`,
        this.commandOffset,
      );
    }
    const start = c.pos;
    c.skip(inlen);
    let inner: Uint8Array;
    try {
      inner = inflateRawSync(c.buf.subarray(start, start + inlen), {
        finishFlush: zlibConstants.Z_SYNC_FLUSH,
      });
    } catch (e) {
      this.fail(
        'BAD_FRAME',
        `compressed packet does not inflate: ${(e as Error).message}`,
        this.commandOffset,
        e,
      );
    }
    if (inner.length !== outlen) {
      this.fail(
        'BAD_FRAME',
        `compressed packet inflates to ${inner.length} bytes, not ${outlen}`,
        this.commandOffset,
      );
    }
    const at = this.commandOffset;
    const saved = { buf: c.buf, pos: c.pos, end: c.end, base: this.bufBase };
    const z = new ByteCursor();
    z.reset(new Uint8Array(inner.buffer, inner.byteOffset, inner.length), 0, inner.length);
    this.inZPacket = true;
    try {
      while (z.pos < z.end) {
        this.commandOffset = at;
        this.parseCommand(z, z.u8());
      }
    } catch (e) {
      if (e instanceof BlockFault)
        this.fail(e.code, `inside the compressed packet: ${e.reason}`, at);
      throw e;
    } finally {
      this.inZPacket = false;
      this.commandOffset = at;
      c.reset(saved.buf, saved.pos, saved.end);
      this.bufBase = saved.base;
    }
  }

  /** How entity solids are packed: 16 bits, or 32 bits (R1Q2/Q2PRO), or 32 bits per axis (extended). */
  private solidFormat(): SolidFormat {
    if (!(this.esFlags & ES_LONGSOLID)) return 'packed16';
    return this.cs.extended ? 'packed32v2' : 'packed32v1';
  }

  private parseServerdata(c: ByteCursor): void {
    const at = this.commandOffset;
    const protocol = c.i32();
    const servercount = c.i32();
    c.u8(); // attract loop: always 1 in demos
    const gamedir = c.string();
    const playernum = c.i16();
    c.skipString(); // level name (the map's title)
    let minor = 0;
    let esFlags = 0;
    let psFlags = 0;
    let cs = CS_LAYOUT_OLD;
    let framing = protocol;
    if (protocol === PROTOCOL_VERSION_R1Q2) {
      if (c.u8() !== 0)
        this.fail('BAD_SERVERDATA', "'enhanced' R1Q2 servers are not supported", at);
      minor = c.u16();
      c.u8(); // advanced deltas (unused)
      c.u8(); // strafe-jump hack
      // The engine clamps unknown minor versions into its range and goes on.
      minor = Math.min(Math.max(minor, R1Q2_MINOR_MIN), R1Q2_MINOR_MAX);
      if (minor >= R1Q2_MINOR_LONG_SOLID) esFlags |= ES_LONGSOLID;
    } else if (protocol === PROTOCOL_VERSION_Q2PRO) {
      minor = c.u16();
      if (minor < Q2PRO_MINOR_MIN || minor > Q2PRO_MINOR_MAX) {
        this.fail('BAD_SERVERDATA', `unsupported Q2PRO minor version ${minor}`, at);
      }
      c.u8(); // server state
      if (minor >= Q2PRO_MINOR_EXTENDED_LIMITS) {
        const pf = c.u16();
        if (pf & Q2PRO_PF_EXTENSIONS) {
          cs = CS_LAYOUT_NEW;
          esFlags |= ES_EXTENSIONS;
          psFlags |= PS_EXT;
        }
        if (minor >= Q2PRO_MINOR_EXTENDED_LIMITS_2 && pf & Q2PRO_PF_EXTENSIONS_2) {
          if (!(pf & Q2PRO_PF_EXTENSIONS)) {
            this.fail('BAD_SERVERDATA', 'Q2PRO extensions 2 without extensions', at);
          }
          esFlags |= ES_EXTENSIONS_2;
          psFlags |= PS_EXT2;
        }
      } else {
        c.skip(3); // strafe-jump hack, QW mode, water-jump hack
      }
      esFlags |= ES_LONGSOLID;
      if (minor >= Q2PRO_MINOR_SHORT_ANGLES) esFlags |= ES_SHORTANGLES;
    } else if (
      protocol === PROTOCOL_VERSION_EXTENDED ||
      protocol === PROTOCOL_VERSION_EXTENDED_OLD
    ) {
      // q2pro's client recording a server with the extended limits: protocol-34 framing, the
      // extended layout, and every extension flag of its own recordings.
      framing = PROTOCOL_VERSION_DEFAULT;
      cs = CS_LAYOUT_NEW;
      esFlags = ES_LONGSOLID | ES_SHORTANGLES | ES_EXTENSIONS;
      psFlags = PS_EXT;
      if (protocol === PROTOCOL_VERSION_EXTENDED) {
        esFlags |= ES_EXTENSIONS_2;
        psFlags |= PS_EXT2;
      }
    } else if (protocol !== PROTOCOL_VERSION_DEFAULT) {
      this.fail('BAD_SERVERDATA', `unsupported protocol ${protocol}`, at);
    }
    if (playernum < 0 || playernum >= 256) {
      this.fail('BAD_SERVERDATA', `player number ${playernum} (cinematics carry no frames)`, at);
    }
    this.protocol = framing;
    this.minor = minor;
    this.esFlags = esFlags;
    this.psFlags = psFlags;
    this.cs = cs;
    this.store.setLayout(cs);
    this.flushHeader();
    if (this.segment >= 0) this.framesBefore += this.frameIndex + 1;
    this.segment++;
    this.frameIndex = -1;
    this.headerSent = false;
    this.recorder = playernum;
    this.store.clear();
    for (const f of this.ring) f.number = -1;
    this.last = null;
    this.assembler.beginSegment(playernum, this.solidFormat(), psFlags & PS_EXT2 ? 64 : 32);
    this.pendingHeader = {
      kind: 'segment',
      segment: this.segment,
      protocol,
      version: minor,
      flags: 0,
      servercount,
      gamedir,
      clientNum: -1,
      extendedLimits: this.cs.extended,
      offset: at,
      recorder: playernum,
    };
  }

  /** Emits the segment header once its configstrings are known (before its first frame). */
  private flushHeader(): void {
    const h = this.pendingHeader;
    if (!h || this.headerSent) return;
    this.headerSent = true;
    const store = this.store;
    const worldmodel = store.worldmodel();
    const maxclients = store.maxclients();
    this.assembler.setMaxclients(maxclients);
    const playerNames: string[] = [];
    for (let i = 0; i < maxclients; i++) playerNames.push(store.playerName(i));
    this.emit({
      ...h,
      maxclients,
      map: mapName(worldmodel),
      worldmodel,
      mapChecksum: store.mapChecksum(),
      playerNames,
    } as SegmentHeader);
  }

  private parseConfigstring(c: ByteCursor): void {
    this.readConfigstring(c, c.u16());
  }

  /** Configstring `index` into the store; a player's new name after the header is an event. */
  private readConfigstring(c: ByteCursor, index: number): void {
    const store = this.store;
    const refused = store.readString(c, index);
    if (refused !== '') this.fail('BAD_CONFIGSTRING', refused, this.commandOffset);
    const slot = store.playerSlot(index);
    if (slot >= 0 && this.headerSent) {
      this.emit({
        kind: 'player-name',
        segment: this.segment,
        slot,
        name: store.playerName(slot),
      });
    }
  }

  private parseBaseline(c: ByteCursor): void {
    this.readBaseline(c, readEntityHeader(c, this.scratchBits, this.esFlags));
  }

  /** The baseline of entity `number`, whose header was just read into `scratchBits`. */
  private readBaseline(c: ByteCursor, number: number): void {
    this.checkEntityNumber(number);
    this.store.readBaseline(c, number, this.scratchBits[0], this.scratchBits[1], this.esFlags);
  }

  private checkEntityNumber(number: number): void {
    if (number < 1 || number >= this.cs.maxEdicts) {
      this.fail(
        'BAD_ENTITY_NUMBER',
        `entity number ${number} outside 1..${this.cs.maxEdicts - 1}`,
        this.commandOffset,
      );
    }
  }

  private parseFrame(c: ByteCursor, extrabits: number): void {
    const at = this.commandOffset;
    const enhanced = this.protocol !== PROTOCOL_VERSION_DEFAULT;
    let number: number;
    let deltaNumber: number;
    let extra = 0;
    if (enhanced) {
      const word = c.i32() >>> 0;
      number = word & FRAMENUM_MASK;
      const distance = word >>> FRAMENUM_BITS;
      deltaNumber = distance === FRAME_DELTA_NONE ? -1 : number - distance;
      const b = c.u8(); // low nibble: suppressed frames; high nibble: extra player bits
      extra = (extrabits << 4) | (b >> 4);
    } else {
      number = c.i32();
      deltaNumber = c.i32();
      c.u8(); // frames the server suppressed (rate drops): no effect on the state
    }
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

    const op = enhanced ? Svc.PlayerInfo : c.u8();
    if (op !== Svc.PlayerInfo) {
      this.fail('BAD_FRAME', `frame without playerinfo (opcode ${op})`, this.bufBase + c.pos - 1);
    }
    if (from) out.ps.copyFrom(from.ps);
    else out.ps.clear();
    if (enhanced) {
      readPlayerDeltaEnhanced(c, out.ps, c.u16(), extra, this.psFlags);
      if (this.protocol === PROTOCOL_VERSION_Q2PRO && extra & EPS_CLIENTNUM) {
        // The player whose view the frame shows (a demo of a chasing spectator).
        const clientNum = this.minor >= Q2PRO_MINOR_CLIENTNUM_SHORT ? c.i16() : c.u8();
        if (clientNum < 0 || clientNum >= 256) {
          this.fail('BAD_FRAME', `frame shows client ${clientNum}`, at);
        }
      }
    } else {
      readPlayerDelta(c, out.ps, c.u16(), this.psFlags);
    }

    const op2 = enhanced ? Svc.PacketEntities : c.u8();
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
    // The frame just decoded: its entities are the live list. (No method of this class in
    // between: see `frame-assembler.ts` on the inlining budget.)
    const h = this.history;
    this.emit(
      this.summary
        ? this.assembler.slots(this.segment, this.frameIndex, h.ents, h.count)
        : this.assembler.frame(
            this.segment,
            this.frameIndex,
            out.ps,
            h,
            this.recorderAt,
            this.recorderEvent,
          ),
    );
  }

  /**
   * Entities of the new frame: deltas from `from` (or the baselines) in ascending order,
   * patched into the live list (`entity-history.ts`), which is `from`'s list until now.
   */
  private parsePacketEntities(c: ByteCursor, from: StoredFrame | null, out: StoredFrame): void {
    const h = this.history;
    h.begin(from ? from.list : EMPTY_LIST);
    this.recorderAt = -1;
    // The new list is ents[0, p), the entities of `from` still to walk are ents[p, count):
    // the engine's merge of the old list with the deltas, in place. An entity the frame leaves
    // unchanged stays where it is and shares its state object (the states in a list are never
    // changed once stored). One loop without closures, so that the counters stay in registers.
    const ents = h.ents;
    let nums = h.nums;
    let keep = h.keep;
    let count = h.count;
    let p = 0;
    /** Entities of `from` not yet walked whose `keep` is 0. */
    let pending = h.dirty;
    const bits = this.scratchBits;
    const maxEdicts = this.cs.maxEdicts;
    for (;;) {
      const unitAt = this.bufBase + c.pos;
      let number = readEntityHeader(c, bits, this.esFlags);
      const last = number === 0;
      if (last) number = 0x7fffffff;
      else if (number >= maxEdicts) {
        this.fail('BAD_ENTITY_NUMBER', `entity number ${number} >= ${maxEdicts}`, unitAt);
      }
      // The old entities before this one, unchanged: only the ones a delta without bits
      // changes (an event to clear, an origin to move into the previous origin) get a state;
      // when none is left, the walk to the end of the list is skipped.
      if (pending === 0) {
        if (last) break;
        while (p < count && nums[p] < number) p++;
      } else {
        while (p < count && nums[p] < number) {
          if (keep[p] === 0) {
            pending--;
            h.replace(p, this.deltaEntity(c, p, nums[p], ents[p], 0, 0));
          }
          p++;
        }
        if (last) break;
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
        if (p < count) {
          if (keep[p] === 0) pending--;
          h.remove(p);
          count--;
        }
        continue;
      }
      if (p < count && nums[p] === number) {
        if (keep[p] === 0) pending--;
        const source = ents[p];
        const e = this.deltaEntity(c, p, number, source, bits[0], bits[1]);
        if (e !== source) h.replace(p, e);
      } else {
        const source = this.store.baseline(number);
        h.insert(p, this.deltaEntity(c, p, number, source, bits[0], bits[1]));
        count++;
        nums = h.nums;
        keep = h.keep;
      }
      p++;
    }
    // The engine's limit on a frame's entities (`CL_ParseDeltaEntity`), which it checks for
    // unchanged entities too: a damaged demo's list never grows past it.
    if (count > maxEdicts) this.fail('BAD_FRAME', 'too many entities', this.commandOffset);
    out.list = h.end();
  }

  /**
   * The state of entity `number`, the `n`th of the frame: `source` itself when the delta
   * leaves it as it is, else a new state decoded from it.
   */
  private deltaEntity(
    c: ByteCursor,
    n: number,
    number: number,
    source: Readonly<EntityState>,
    b: number,
    hi: number,
  ): EntityState {
    if (n >= this.cs.maxEdicts) this.fail('BAD_FRAME', 'too many entities', this.commandOffset);
    if (!this.keepStates) {
      // Read (every field, so the bytes and the errors are the same), then dropped: only the
      // recorder's event is reported.
      const s = this.scratch;
      readEntityDelta(c, s, s, number, b, this.esFlags, hi);
      if (number === this.recorder + 1 && this.recorderAt < 0) {
        this.recorderAt = n;
        this.recorderEvent = s.event;
      }
      return this.placeholder(number);
    }
    if (b === 0 && hi === 0 && source.number === number && shareable(source)) {
      return source as EntityState;
    }
    const s = new EntityState(source);
    readEntityDelta(c, s, source, number, b, this.esFlags, hi);
    return s;
  }

  /**
   * The state standing for entity `number` in the lists when states are not kept: its
   * number, every other field zero, so `shareable` (no change to record when a frame leaves
   * it as it is). Positions, removals and errors follow the entity numbers as with states.
   */
  private placeholder(number: number): EntityState {
    let e = this.placeholders[number];
    if (e === undefined) {
      e = new EntityState(NULL_STATE);
      e.number = number;
      this.placeholders[number] = e;
    }
    return e;
  }
}

function mapName(worldmodel: string): string {
  const m = /^maps\/(.*)\.bsp$/i.exec(worldmodel);
  return m ? m[1] : worldmodel;
}
