/**
 * What a segment's version and stream flags switch on the wire, decided once per serverdata
 * exactly as the engine's reader decides it (`MVD_ParseServerData`): EXTLIMITS counts from
 * version 2011, EXTLIMITS_2 from 2012.
 */
import {
  CS_LAYOUT_NEW,
  CS_LAYOUT_OLD,
  MAX_STATS_NEW,
  MAX_STATS_OLD,
  MVD_VERSION_EXTENDED_LIMITS,
  MVD_VERSION_EXTENDED_LIMITS_2,
  MVF_EXTLIMITS,
  MVF_EXTLIMITS_2,
  type ConfigstringLayout,
} from '../../src/sources/mvd2/protocol.js';

export interface WireFormat {
  /**
   * EXTLIMITS: extended configstring layout and entity limit, 16-bit gun index and models,
   * long solids, short angles on BSP entities, the fifth entity bits byte, 16-bit sound index.
   */
  readonly ext: boolean;
  /** EXTLIMITS_2: DeltaInt23 coordinates, varint stat mask and 64 stats, flagged blend. */
  readonly ext2: boolean;
  readonly layout: ConfigstringLayout;
  /** Stats carried per player. [Units: count] */
  readonly numStats: number;
}

export function wireFormat(version: number, flags: number): WireFormat {
  const ext = version >= MVD_VERSION_EXTENDED_LIMITS && (flags & MVF_EXTLIMITS) !== 0;
  const ext2 = version >= MVD_VERSION_EXTENDED_LIMITS_2 && (flags & MVF_EXTLIMITS_2) !== 0;
  return {
    ext,
    ext2,
    layout: ext ? CS_LAYOUT_NEW : CS_LAYOUT_OLD,
    numStats: ext2 ? MAX_STATS_NEW : MAX_STATS_OLD,
  };
}
