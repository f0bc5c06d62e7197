/**
 * The head of a serverdata command (`emit_gamestate`): protocol, version, stream flags (extra
 * bits of the command byte before 2012, a u16 from 2012), servercount, gamedir, the dummy's
 * client number, then every non-empty configstring in index order and the layout's end index.
 * The baseline frame that completes the command is written by the frame encoder.
 *
 * The writer checks only that values fit their fields: a version outside 2009..2012, a bad
 * maxclients or world model are written as asked, so tests can build streams the reader must
 * reject. Strings are written whole; the engine's recorder cuts each at 64 bytes, sending the
 * rest of a long one (the status bar) as the configstrings of the slots it spills into.
 */
import {
  MvdOp,
  PROTOCOL_VERSION_MVD,
  MVD_VERSION_EXTENDED_LIMITS_2,
  SVCMD_BITS,
} from '../../src/sources/mvd2/protocol.js';
import { checkInt, type ByteWriter } from './byte-writer.js';
import type { WireFormat } from './wire-format.js';

export interface ServerdataInput {
  /** Minor MVD version; the engine reads 2009..2012. [Limit: 0..65535] */
  readonly version: number;
  /** MVF_* stream flags. [Limit: 0..7 before version 2012 (they travel in the command byte)] */
  readonly flags?: number;
  /** Major protocol. Default 37, the only one the engine reads. */
  readonly protocol?: number;
  /** The server's spawn count. Default 1. */
  readonly servercount?: number;
  /** Default `action`. */
  readonly gamedir?: string;
  /** Slot of the MVD dummy, or -1 (default) for none. */
  readonly clientNum?: number;
  /** Written as the maxclients configstring. [Limit: 1..256 for the engine] */
  readonly maxclients: number;
  /** Map name: the world model configstring becomes `maps/<map>.bsp`. */
  readonly map: string;
  /** Map checksum configstring; omitted = not sent. */
  readonly mapChecksum?: number;
  /** Player-skin configstrings by slot (`name\model/skin`); '' or missing = not sent. */
  readonly playerSkins?: readonly string[];
  /**
   * Further configstrings by index. They override the ones derived above ('' removes one),
   * so a test can write a bad maxclients or world model.
   */
  readonly configstrings?: Readonly<Record<number, string>>;
}

/** The configstrings a serverdata sends, by index, without empty ones. */
export function serverdataConfigstrings(s: ServerdataInput, fmt: WireFormat): Map<number, string> {
  const cs = fmt.layout;
  const all = new Map<number, string>();
  all.set(cs.maxclients, String(s.maxclients));
  all.set(cs.models + 1, `maps/${s.map}.bsp`);
  if (s.mapChecksum !== undefined) all.set(cs.mapchecksum, String(s.mapChecksum));
  (s.playerSkins ?? []).forEach((skin, slot) => {
    if (skin) all.set(cs.playerskins + slot, skin);
  });
  for (const [key, value] of Object.entries(s.configstrings ?? {})) all.set(Number(key), value);
  for (const [index, value] of all) if (value === '') all.delete(index);
  return all;
}

/** Writes the serverdata command up to and including the configstring list's end index. */
export function writeServerdataHead(w: ByteWriter, s: ServerdataInput, fmt: WireFormat): void {
  const flags = s.flags ?? 0;
  checkInt('version', s.version, 0, 0xffff);
  if (s.version >= MVD_VERSION_EXTENDED_LIMITS_2) {
    checkInt('flags', flags, 0, 0xffff);
    w.u8(MvdOp.Serverdata);
  } else {
    checkInt('flags (in the command byte before version 2012)', flags, 0, 7);
    w.u8(MvdOp.Serverdata | (flags << SVCMD_BITS));
  }
  w.i32(s.protocol ?? PROTOCOL_VERSION_MVD, 'protocol');
  w.u16(s.version);
  if (s.version >= MVD_VERSION_EXTENDED_LIMITS_2) w.u16(flags);
  w.i32(s.servercount ?? 1, 'servercount');
  w.string(s.gamedir ?? 'action', 'gamedir');
  w.i16(s.clientNum ?? -1, 'clientNum');

  const end = fmt.layout.end;
  const strings = [...serverdataConfigstrings(s, fmt)].sort((a, b) => a[0] - b[0]);
  for (const [index, value] of strings) {
    checkInt('configstring index (the layout end would close the list)', index, 0, 0xffff);
    if (index === end) throw new RangeError(`configstring index ${index} is the list terminator`);
    w.u16(index);
    w.string(value, `configstring ${index}`);
  }
  w.u16(end);
}
