/**
 * Wire constants of Quake 2 client demos (`.dm2`) and the server messages of protocol 34, as
 * the engine defines them (`inc/common/protocol.h`, `inc/shared/shared.h`, read at source).
 *
 * Only numbers live here. Entity bits (`U_*`), sound bits, the configstring layouts and the
 * player movement types are the same as in MVD2 streams and come from `../demo/q2-protocol.ts`.
 */

import { SERVER_FRAME_TIME, SERVER_FRAMES_PER_SECOND } from '../demo/q2-protocol.js';

/** The original Quake 2 network protocol: every fixture, and what q2pro's client records. */
export const PROTOCOL_VERSION_DEFAULT = 34;
/** R1Q2 and Q2PRO protocols: demos recorded by servers or clients that speak them. */
export const PROTOCOL_VERSION_R1Q2 = 35;
export const PROTOCOL_VERSION_Q2PRO = 36;
/** q2pro's client records protocol 34 with the extended limits under these numbers. */
export const PROTOCOL_VERSION_EXTENDED_OLD = 3434;
export const PROTOCOL_VERSION_EXTENDED = 3435;

/** Largest message the engine's demo player reads (`msg_read_buffer`). [Units: bytes] */
export const DM2_MAX_MSGLEN = 0x8000;
/** The length word that marks the end of a demo (`(uint32_t)-1`). */
export const DM2_END_MARK = -1;

/**
 * Server message opcodes (`svc_ops_t`); 21 and above exist only in protocols 35..38. A plain
 * enum (the build emits the object either way), so that the decoder can hold it in a module
 * constant (see `decoder.ts`).
 */
export enum Svc {
  Bad = 0,
  MuzzleFlash = 1,
  MuzzleFlash2 = 2,
  TempEntity = 3,
  Layout = 4,
  Inventory = 5,
  Nop = 6,
  Disconnect = 7,
  Reconnect = 8,
  Sound = 9,
  Print = 10,
  Stufftext = 11,
  Serverdata = 12,
  Configstring = 13,
  SpawnBaseline = 14,
  CenterPrint = 15,
  Download = 16,
  PlayerInfo = 17,
  PacketEntities = 18,
  DeltaPacketEntities = 19,
  Frame = 20,
  // Protocols 35 (R1Q2) and 36 (Q2PRO) only.
  ZPacket = 21,
  ZDownload = 22,
  /** Q2PRO: configstrings and baselines in one message. */
  Gamestate = 23,
  Setting = 24,
  /** Q2PRO: configstrings only, baselines only. */
  ConfigstringStream = 25,
  BaselineStream = 26,
}

/** Names of the protocol-34 opcodes, for messages. */
export const SVC_NAMES: readonly string[] = [
  'bad',
  'muzzleflash',
  'muzzleflash2',
  'temp_entity',
  'layout',
  'inventory',
  'nop',
  'disconnect',
  'reconnect',
  'sound',
  'print',
  'stufftext',
  'serverdata',
  'configstring',
  'spawnbaseline',
  'centerprint',
  'download',
  'playerinfo',
  'packetentities',
  'deltapacketentities',
  'frame',
  'zpacket',
  'zdownload',
  'gamestate',
  'setting',
  'configstringstream',
  'baselinestream',
];

/** Minor versions of the R1Q2 and Q2PRO protocols the engine accepts. */
export const R1Q2_MINOR_MIN = 1903;
export const R1Q2_MINOR_MAX = 1905;
/** From this R1Q2 minor version on, solids are 32 bits. */
export const R1Q2_MINOR_LONG_SOLID = 1905;
export const Q2PRO_MINOR_MIN = 1015;
export const Q2PRO_MINOR_MAX = 1025;
/** Q2PRO minor versions that change the format. */
export const Q2PRO_MINOR_SHORT_ANGLES = 1018;
export const Q2PRO_MINOR_CLIENTNUM_SHORT = 1022;
export const Q2PRO_MINOR_EXTENDED_LIMITS = 1024;
/** Q2PRO serverdata flags: the extended limits, and more extensions (minor 1025 on). */
export const Q2PRO_PF_EXTENSIONS = 1 << 3;
export const Q2PRO_PF_EXTENSIONS_2 = 1 << 4;
export const Q2PRO_MINOR_EXTENDED_LIMITS_2 = 1025;
/** Entity number bits of a muzzle flash under the extended limits (the rest is weapon). */
export const ENTITYNUM_BITS = 13;

/** Frame header of protocols 35/36: a u32 of frame number (27 bits) and delta distance (5 bits). */
export const FRAMENUM_BITS = 27;
export const FRAMENUM_MASK = (1 << FRAMENUM_BITS) - 1;
/** A delta distance of 31: no delta frame. */
export const FRAME_DELTA_NONE = 31;

/** Extra player state bits of protocols 35/36 (`EPS_*`): frame byte high nibble and command extrabits. */
export const EPS_GUNOFFSET = 1 << 0;
export const EPS_GUNANGLES = 1 << 1;
export const EPS_M_VELOCITY2 = 1 << 2;
export const EPS_M_ORIGIN2 = 1 << 3;
export const EPS_VIEWANGLE2 = 1 << 4;
export const EPS_STATS = 1 << 5;
export const EPS_CLIENTNUM = 1 << 6;

/** `svc_setting` index of the server's frame rate (Q2PRO). */
export const SVS_FPS = 1;

/** Player state delta bits of protocol 34 (`PS_*`): a 16-bit word before the fields. */
export const PS_M_TYPE = 1 << 0;
export const PS_M_ORIGIN = 1 << 1;
export const PS_M_VELOCITY = 1 << 2;
export const PS_M_TIME = 1 << 3;
export const PS_M_FLAGS = 1 << 4;
export const PS_M_GRAVITY = 1 << 5;
export const PS_M_DELTA_ANGLES = 1 << 6;
export const PS_VIEWOFFSET = 1 << 7;
export const PS_VIEWANGLES = 1 << 8;
export const PS_KICKANGLES = 1 << 9;
export const PS_BLEND = 1 << 10;
export const PS_FOV = 1 << 11;
export const PS_WEAPONINDEX = 1 << 12;
export const PS_WEAPONFRAME = 1 << 13;
export const PS_RDFLAGS = 1 << 14;

/**
 * Entity encoding options of protocols 35/36 (`MSG_ES_*` on the reading side). Here with the
 * other numbers, so that the decoding modules hold them in module constants like the rest.
 */
export const ES_LONGSOLID = 1 << 0;
export const ES_SHORTANGLES = 1 << 1;
/** The extended limits: 16-bit models and sounds, more effects, alpha, scale, a fifth bits byte. */
export const ES_EXTENSIONS = 1 << 2;
/** More extensions: coordinates as DeltaInt23 (`MSG_ReadDeltaCoord`). */
export const ES_EXTENSIONS_2 = 1 << 3;

/** Player-state encoding options (`MSG_PS_*` on the reading side). */
export const PS_EXT = 1 << 0;
export const PS_EXT2 = 1 << 1;

/** Frames a server keeps for delta compression (`UPDATE_BACKUP`); a power of two. */
export const UPDATE_BACKUP = 16;
/** Stats of a protocol-34 player state, and with the extended limits' EXTENSIONS_2. */
export const MAX_STATS = 32;
export const MAX_STATS_NEW = 64;
/** Shorts in an inventory message (`MAX_ITEMS`). */
export const MAX_ITEMS = 256;
/** Largest area bits of a frame (`MAX_MAP_AREAS / 8`). [Units: bytes] */
export const MAX_AREA_BYTES = 32;

/** Server frames per second of a client demo: q2pro records its key frames, one per server frame. */
export const DM2_FRAMES_PER_SECOND = SERVER_FRAMES_PER_SECOND;
export const DM2_FRAME_TIME = SERVER_FRAME_TIME;

/**
 * What follows a temp entity's type byte, by type (`temp_event_t`), in protocol 34: a string
 * over the letters `p` position (3 shorts), `d` direction (1 byte), `b` byte, `s` short,
 * `l` long; `steam` is the one type whose size depends on a value. Types not listed are
 * errors, as in the engine.
 */
export const TE_STEAM = 40;
export const TE_LAYOUTS: ReadonlyMap<number, string> = new Map(
  (
    [
      // Impacts: position and direction.
      ['pd', [0, 1, 2, 4, 9, 12, 13, 14, 26, 30, 42, 43, 44, 46, 55, 56, 58]],
      // Splashes and sparks: count, position, direction, colour.
      ['bpdb', [10, 15, 25, 29]],
      // Trails and beams between two points.
      ['pp', [3, 11, 23, 27, 31, 34, 41, 57]],
      // Explosions and effects at one point.
      ['p', [5, 6, 7, 8, 17, 18, 20, 21, 22, 28, 35, 45, 47, 48, 49, 51, 52, 53, 54, 62, 63]],
      // Cables and beams from an entity: entity, start, end.
      ['spp', [16, 19, 38, 39, 59, 61]],
      ['sppp', [24]], // grapple cable: entity, start, end, offset
      ['sspp', [33]], // lightning: two entities, start, end
      ['ps', [36]], // flashlight: position, entity
      ['ppb', [37]], // force wall: start, end, colour
      ['sp', [50]], // widow beam out: entity, position
      ['sb', [60]], // power splash: entity, count
      ['s', [128]], // damage dealt: amount
    ] as const
  ).flatMap(([layout, types]) => types.map((t) => [t, layout] as [number, string])),
);
