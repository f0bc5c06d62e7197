/**
 * Wire constants of the Quake 2 game protocol that both demo formats carry unchanged: entity
 * state bits, sound command bits, the configstring layouts, player movement types, render flags
 * and entity events, as the engine defines them (see `docs/engine-facts.md`; engine:
 * `inc/common/protocol.h`, `inc/shared/shared.h`). The MVD2 stream (`../mvd2/protocol.ts`) and the
 * client demo (`../dm2/protocol.ts`) add their own framing and opcodes on top.
 *
 * Only numbers live here: no parsing.
 */

/**
 * Server frames per second: the game runs at 10 Hz, and both formats record one frame per
 * server frame (an MVD2 stream every frame, a client demo its key frames).
 */
export const SERVER_FRAMES_PER_SECOND = 10;
/** Time between two recorded frames. [Units: s] */
export const SERVER_FRAME_TIME = 1 / SERVER_FRAMES_PER_SECOND;

/** `MAX_CLIENTS`: the largest maxclients the engine accepts. */
export const MAX_CLIENTS = 256;

/** Stat index of the player's health. */
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
