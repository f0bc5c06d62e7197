/**
 * What the demo source emits (both formats): plain data only (numbers, strings, arrays), so that frames can
 * cross worker boundaries and be buffered by operators without sharing decoder state.
 *
 * A demo is a sequence of segments (one per serverdata command); each segment starts with a
 * {@link SegmentHeader} and continues with its {@link Frame}s. Warnings about recoverable
 * oddities (a file that stops without the end mark, for example) arrive as
 * {@link ParseWarning}s. Together these are the {@link DemoEvent}s of one demo.
 */
import type { ReadonlyVec3 } from '../../geometry/vec3.js';

/** The header of one segment: what its serverdata command said. */
export interface SegmentHeader {
  readonly kind: 'segment';
  /** 0-based index of the serverdata command in the file. */
  readonly segment: number;
  /** Major protocol (always 37 for MVD). */
  readonly protocol: number;
  /** Minor MVD version, 2009..2012. */
  readonly version: number;
  /** Stream flags: the u16 for version >= 2012, else the command byte's extra bits. */
  readonly flags: number;
  readonly servercount: number;
  readonly gamedir: string;
  /** Slot of the recorder's dummy spectator (the MVD dummy), or -1 for none. Never a player. */
  readonly clientNum: number;
  /** Integer value of the maxclients configstring. */
  readonly maxclients: number;
  /** Map name: the world model without `maps/` and `.bsp`. */
  readonly map: string;
  /** The world model configstring verbatim, e.g. `maps/wizs.bsp`. */
  readonly worldmodel: string;
  /** Map checksum configstring (integer value; 0 when absent). */
  readonly mapChecksum: number;
  /** Player names by slot (the part of the player-skin configstring before `\`), '' if none. */
  readonly playerNames: readonly string[];
  /** True when the extended configstring layout and entity limits are in use (EXTLIMITS). */
  readonly extendedLimits: boolean;
  /** Absolute byte offset of the serverdata command in the (decompressed) stream. */
  readonly offset: number;
  /**
   * Client demos (`.dm2`) only: the recorder's slot (serverdata's player number), a real
   * player whose frames carry the exact player state. `clientNum` is then -1 (no MVD dummy).
   */
  readonly recorder?: number;
}

/** One in-use player slot after a frame. */
export interface PlayerFrame {
  /** Client slot (entity number - 1). */
  readonly slot: number;
  /** `pmtype_t`: 0 normal, 1 spectator, 2 dead, 3 gib, 4 freeze. */
  readonly pmType: number;
  /** Position. [Units: world units; Form: (x, y, z)] */
  readonly origin: ReadonlyVec3;
  /** Eye offset above the origin; z < 10 means crouched. [Units: world units] */
  readonly viewoffset: ReadonlyVec3;
  /** View angles (pitch, yaw, roll). [Units: degrees] */
  readonly viewangles: ReadonlyVec3;
  /** Render flags; bit 0 = under water. */
  readonly rdflags: number;
  /** Stat 1 (signed 16-bit; -999 occurs). */
  readonly health: number;
  /** Event byte sent for entity slot+1 in this frame (a removal counts), else 0. */
  readonly event: number;
  /** The rest of the player state, present only when the source was asked for `fullPlayers`. */
  readonly detail: PlayerDetail | null;
}

/** Player state fields that navgen does not use but the format carries (every PPS field). */
export interface PlayerDetail {
  readonly kickAngles: ReadonlyVec3;
  readonly gunIndex: number;
  readonly gunFrame: number;
  readonly gunOffset: ReadonlyVec3;
  readonly gunAngles: ReadonlyVec3;
  /** RGBA screen blend (0..255 each). */
  readonly blend: readonly [number, number, number, number];
  /** RGBA damage blend (EXTLIMITS_2 only; 0..255 each). */
  readonly damageBlend: readonly [number, number, number, number];
  readonly fov: number;
  /** All stats, 32 or 64 of them. */
  readonly stats: readonly number[];
}

/** One entity in use after a frame (only when the source was asked for `entities`). */
export interface EntityFrame {
  readonly number: number;
  readonly modelindex: readonly [number, number, number, number];
  readonly frame: number;
  readonly skinnum: number;
  readonly effects: number;
  readonly renderfx: number;
  /** [Units: world units] */
  readonly origin: ReadonlyVec3;
  /** [Units: degrees] */
  readonly angles: ReadonlyVec3;
  /** [Units: world units] */
  readonly oldOrigin: ReadonlyVec3;
  readonly sound: number;
  /** Event of this frame only (events are not delta compressed). */
  readonly event: number;
  readonly solid: number;
  readonly morefx: number;
  /** Raw 0..255 byte; 0 = unset. */
  readonly alpha: number;
  /** Raw byte (scale × 16); 0 = unset. */
  readonly scale: number;
}

/** The state of the game after one MVD frame. */
export interface Frame {
  readonly kind: 'frame';
  /** Segment this frame belongs to. */
  readonly segment: number;
  /** 0-based within the segment; frame 0 is the baseline carried by serverdata. */
  readonly index: number;
  /** Seconds since the segment's baseline frame (index × 0.1). [Units: s] */
  readonly time: number;
  /** In-use player slots, ascending, the MVD dummy included. */
  readonly players: readonly PlayerFrame[];
  /** In-use entities, ascending, or null unless asked for. */
  readonly entities: readonly EntityFrame[] | null;
}

/** Machine-readable kinds of warnings. */
export type ParseWarningCode =
  /** The file ended without the recorder's end mark (length 0); frames before the cut were delivered. */
  | 'TRUNCATED'
  /** Bytes follow the end mark. */
  | 'TRAILING_DATA'
  /** Client demos: a frame deltas from one that was never read; decoded from the last frame, as the engine's demo player does. */
  | 'DELTA_RECOVERED';

/** A recoverable oddity; counted in reports, never fatal. */
export interface ParseWarning {
  readonly kind: 'warning';
  readonly code: ParseWarningCode;
  readonly file: string;
  /** Absolute byte offset in the decompressed stream where the oddity was seen. */
  readonly offset: number;
  readonly message: string;
}

/** The last event of a demo that was read to its end (also after a TRUNCATED warning). */
export interface DemoEnd {
  readonly kind: 'end';
  readonly file: string;
  /** Size of the file on disk. [Units: bytes] */
  readonly fileBytes: number;
  /** Size of the demo stream after gunzip. [Units: bytes] */
  readonly streamBytes: number;
  readonly gzip: boolean;
  /** True when the recorder's end mark was read. */
  readonly endMark: boolean;
  readonly segments: number;
  /** Frames in all segments, baselines included. */
  readonly frames: number;
}

/** A player's name changed (a player-skin configstring) after the segment header. */
export interface PlayerNameChange {
  readonly kind: 'player-name';
  readonly segment: number;
  readonly slot: number;
  readonly name: string;
}

/**
 * A frame as a summary reads it (`readDemo(path, { summary: true })`, instead of
 * {@link Frame}): which player slots are in use, without their state, which the decoder then
 * never builds. `navgen info` reports slots and frame counts only, and building every player
 * object was about a tenth of its run on a long demo.
 */
export interface FrameSlots {
  readonly kind: 'frame-slots';
  readonly segment: number;
  /** As {@link Frame.index}. */
  readonly index: number;
  /** The slots `Frame.players` would list, ascending; shared by frames while unchanged. */
  readonly slots: readonly number[];
}

/** Everything the demo source emits for one demo, in file order. */
export type DemoEvent =
  SegmentHeader | Frame | FrameSlots | PlayerNameChange | ParseWarning | DemoEnd;
