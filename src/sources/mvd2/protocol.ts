/**
 * Wire constants of q2pro's MVD2 demo format, as the engine defines them (see
 * `docs/engine-facts.md`; engine: `inc/common/protocol.h`, `inc/shared/shared.h`).
 *
 * Only numbers live here: no parsing. Both the reader (`decoder.ts`) and our own writer
 * (`tools/mvd2-writer/writer.ts`, a development tool) take their values from this one file.
 */

/** The game protocol under the MVD framing (entity bits, configstrings, events), shared with client demos. */
export * from '../demo/q2-protocol.js';
import { SERVER_FRAME_TIME, SERVER_FRAMES_PER_SECOND } from '../demo/q2-protocol.js';

/** `MVD2` read as a little-endian u32. */
export const MVD_MAGIC = 0x3244564d;
/** The only major protocol an MVD stream carries. */
export const PROTOCOL_VERSION_MVD = 37;
/** Minor versions the engine accepts (2009..2012). */
export const MVD_VERSION_MINIMUM = 2009;
export const MVD_VERSION_DEFAULT = 2010;
export const MVD_VERSION_EXTENDED_LIMITS = 2011;
export const MVD_VERSION_EXTENDED_LIMITS_2 = 2012;
export const MVD_VERSION_CURRENT = 2012;

/** Largest block (message) the engine reads: `MAX_MSGLEN`. [Units: bytes] */
export const MAX_MSGLEN = 0x8000;

/** Low 5 bits of a command byte are the opcode, the high 3 bits are `extrabits`. */
export const SVCMD_BITS = 5;
export const SVCMD_MASK = (1 << SVCMD_BITS) - 1;

/** MVD opcodes (`mvd_ops_t`). */
export enum MvdOp {
  Bad = 0,
  Nop = 1,
  Disconnect = 2,
  Reconnect = 3,
  Serverdata = 4,
  Configstring = 5,
  Frame = 6,
  FrameNodelta = 7,
  Unicast = 8,
  UnicastR = 9,
  MulticastAll = 10,
  MulticastPhs = 11,
  MulticastPvs = 12,
  MulticastAllR = 13,
  MulticastPhsR = 14,
  MulticastPvsR = 15,
  Sound = 16,
  Print = 17,
  Stufftext = 18,
}

/** Names of the opcodes, for messages. */
export const MVD_OP_NAMES: readonly string[] = [
  'bad',
  'nop',
  'disconnect',
  'reconnect',
  'serverdata',
  'configstring',
  'frame',
  'frame_nodelta',
  'unicast',
  'unicast_r',
  'multicast_all',
  'multicast_phs',
  'multicast_pvs',
  'multicast_all_r',
  'multicast_phs_r',
  'multicast_pvs_r',
  'sound',
  'print',
  'stufftext',
];

/** MVD stream flags (`mvd_flags_t`). */
export const MVF_NOMSGS = 1;
export const MVF_SINGLEPOV = 2;
export const MVF_EXTLIMITS = 4;
export const MVF_EXTLIMITS_2 = 8;

/** Packetized player state bits (`PPS_*`), in the order their payloads are read. */
export const PPS_M_TYPE = 1 << 0;
export const PPS_M_ORIGIN = 1 << 1;
export const PPS_M_ORIGIN2 = 1 << 2;
export const PPS_VIEWOFFSET = 1 << 3;
export const PPS_VIEWANGLES = 1 << 4;
export const PPS_VIEWANGLE2 = 1 << 5;
export const PPS_KICKANGLES = 1 << 6;
export const PPS_BLEND = 1 << 7;
export const PPS_FOV = 1 << 8;
export const PPS_WEAPONINDEX = 1 << 9;
export const PPS_WEAPONFRAME = 1 << 10;
export const PPS_GUNOFFSET = 1 << 11;
export const PPS_GUNANGLES = 1 << 12;
export const PPS_RDFLAGS = 1 << 13;
export const PPS_STATS = 1 << 14;
export const PPS_REMOVE = 1 << 15;

/** Slot number that ends the player list of a frame (`CLIENTNUM_NONE` = MAX_CLIENTS - 1). */
export const CLIENTNUM_NONE = 255;

/** Stats carried per player: 32 with the old encoding (u32 mask), 64 with EXTLIMITS_2 (varint mask). */
export const MAX_STATS_OLD = 32;
export const MAX_STATS_NEW = 64;

/** Server frames per second of an MVD stream: every server frame (`SERVER_FRAMES_PER_SECOND`). */
export const MVD_FRAMES_PER_SECOND = SERVER_FRAMES_PER_SECOND;
/** Time between two MVD frames. [Units: s] */
export const MVD_FRAME_TIME = SERVER_FRAME_TIME;
