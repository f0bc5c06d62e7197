/**
 * Wire constants of q2pro's MVD2 demo format, as the engine defines them (see
 * `../shared/spec/engine-facts.md`; engine: `inc/common/protocol.h`, `inc/shared/shared.h`).
 *
 * Only numbers live here: no parsing. Both the reader (`decoder.ts`) and our own writer
 * (`test/support/mvd2-writer/writer.ts`, test support) take their values from this one file.
 */

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
/** `MAX_CLIENTS`: the largest maxclients the engine accepts. */
export const MAX_CLIENTS = 256;

/** Stats carried per player: 32 with the old encoding (u32 mask), 64 with EXTLIMITS_2 (varint mask). */
export const MAX_STATS_OLD = 32;
export const MAX_STATS_NEW = 64;
export const STAT_HEALTH = 1;

/**
 * Entity state bits (`U_*`). Bits above 31 do not fit a JS int; they are kept in a second
 * word (`hi`) by the decoder: U_SCALE is bit 0 of `hi`, U_MOREFX16 bit 1.
 */
export const U_ORIGIN1 = 1 << 0;
export const U_ORIGIN2 = 1 << 1;
export const U_ANGLE2 = 1 << 2;
export const U_ANGLE3 = 1 << 3;
export const U_FRAME8 = 1 << 4;
export const U_EVENT = 1 << 5;
export const U_REMOVE = 1 << 6;
export const U_MOREBITS1 = 1 << 7;
export const U_NUMBER16 = 1 << 8;
export const U_ORIGIN3 = 1 << 9;
export const U_ANGLE1 = 1 << 10;
export const U_MODEL = 1 << 11;
export const U_RENDERFX8 = 1 << 12;
export const U_ANGLE16 = 1 << 13;
export const U_EFFECTS8 = 1 << 14;
export const U_MOREBITS2 = 1 << 15;
export const U_SKIN8 = 1 << 16;
export const U_FRAME16 = 1 << 17;
export const U_RENDERFX16 = 1 << 18;
export const U_EFFECTS16 = 1 << 19;
export const U_MODEL2 = 1 << 20;
export const U_MODEL3 = 1 << 21;
export const U_MODEL4 = 1 << 22;
export const U_MOREBITS3 = 1 << 23;
export const U_OLDORIGIN = 1 << 24;
export const U_SKIN16 = 1 << 25;
export const U_SOUND = 1 << 26;
export const U_SOLID = 1 << 27;
export const U_MODEL16 = 1 << 28;
export const U_MOREFX8 = 1 << 29;
export const U_ALPHA = 1 << 30;
export const U_MOREBITS4 = 1 << 31;
/** Fifth byte (kept in `hi`). */
export const U_HI_SCALE = 1 << 0;
export const U_HI_MOREFX16 = 1 << 1;

export const U_SKIN32 = U_SKIN8 | U_SKIN16;
export const U_EFFECTS32 = U_EFFECTS8 | U_EFFECTS16;
export const U_RENDERFX32 = U_RENDERFX8 | U_RENDERFX16;

/** renderfx bits (`RF_*`) that decide when an entity's old origin travels. */
export const RF_FRAMELERP = 1 << 6;
export const RF_BEAM = 1 << 7;
/** `solid` of a BSP model entity (`PACKED_BSP`): the only one whose angles can travel as 16 bits. */
export const PACKED_BSP = 31;

/** Sound command bits (`SND_*`). */
export const SND_VOLUME = 1 << 0;
export const SND_ATTENUATION = 1 << 1;
export const SND_POS = 1 << 2;
export const SND_ENT = 1 << 3;
export const SND_OFFSET = 1 << 4;
export const SND_INDEX16 = 1 << 5;

/** Entity limits of the two configstring layouts. */
export const MAX_EDICTS_OLD = 1024;
export const MAX_EDICTS = 8192;

/** Size of one configstring slot (`MAX_QPATH`). [Units: bytes, including the NUL] */
export const MAX_QPATH = 64;
/** First multi-slot configstring (`CS_STATUSBAR`). */
export const CS_STATUSBAR = 5;

/** Configstring index layout (`cs_remap_t`). */
export interface ConfigstringLayout {
  readonly extended: boolean;
  readonly maxEdicts: number;
  readonly airaccel: number;
  readonly maxclients: number;
  readonly mapchecksum: number;
  readonly models: number;
  readonly sounds: number;
  readonly images: number;
  readonly lights: number;
  readonly items: number;
  readonly playerskins: number;
  readonly general: number;
  /** One past the last index; the serverdata configstring list ends with this index. */
  readonly end: number;
}

function layout(
  extended: boolean,
  maxEdicts: number,
  firstModel: number,
  maxModels: number,
  maxSounds: number,
  maxImages: number,
): ConfigstringLayout {
  const MAX_LIGHTSTYLES = 256;
  const MAX_ITEMS = 256;
  const MAX_GENERAL = MAX_CLIENTS * 2;
  const models = firstModel;
  const sounds = models + maxModels;
  const images = sounds + maxSounds;
  const lights = images + maxImages;
  const items = lights + MAX_LIGHTSTYLES;
  const playerskins = items + MAX_ITEMS;
  const general = playerskins + MAX_CLIENTS;
  return Object.freeze({
    extended,
    maxEdicts,
    airaccel: firstModel - 3,
    maxclients: firstModel - 2,
    mapchecksum: firstModel - 1,
    models,
    sounds,
    images,
    lights,
    items,
    playerskins,
    general,
    end: general + MAX_GENERAL,
  });
}

/** The original layout (`cs_remap_old`): CS_MODELS 32, end 2080. */
export const CS_LAYOUT_OLD = layout(false, MAX_EDICTS_OLD, 32, 256, 256, 256);
/** The extended layout of EXTLIMITS streams (`cs_remap_new`): CS_MODELS 62, end 13630. */
export const CS_LAYOUT_NEW = layout(true, MAX_EDICTS, 62, 8192, 2048, 2048);

/**
 * Largest string the engine stores for a configstring index (`Com_ConfigstringSize`):
 * the status bar and the general strings may run over the slots that follow them.
 * [Units: bytes, including the NUL]
 */
export function configstringSize(cs: ConfigstringLayout, index: number): number {
  if (index >= CS_STATUSBAR && index < cs.airaccel) return MAX_QPATH * (cs.airaccel - index);
  if (index >= cs.general && index < cs.end) return MAX_QPATH * (cs.end - index);
  return MAX_QPATH;
}

/** Player movement types (`pmtype_t`). */
export enum PmType {
  Normal = 0,
  Spectator = 1,
  Dead = 2,
  Gib = 3,
  Freeze = 4,
}

/** `rdflags` bit set while the view is under water. */
export const RDF_UNDERWATER = 1;

/** Entity events (`entity_event_t`) that navgen uses. */
export const EV_FOOTSTEP = 2;
export const EV_FALLSHORT = 3;
export const EV_FALL = 4;
export const EV_FALLFAR = 5;
export const EV_PLAYER_TELEPORT = 6;
export const EV_LADDER_STEP = 9;

/** Server frames per second of an MVD stream. */
export const MVD_FRAMES_PER_SECOND = 10;
/** Time between two MVD frames. [Units: s] */
export const MVD_FRAME_TIME = 1 / MVD_FRAMES_PER_SECOND;
