/**
 * Hand-built MVD2 bytes for decoder fixtures, written out field by field from the format
 * description (`engine-facts.md`) and independent of our writer, so that each test can say
 * exactly which byte sits where.
 */

export type Part = number | readonly number[] | Uint8Array;

/** Concatenates bytes (numbers are single bytes). */
export function bytes(...parts: Part[]): Uint8Array {
  const out: number[] = [];
  for (const p of parts) {
    if (typeof p === 'number') out.push(p & 0xff);
    else out.push(...p);
  }
  return Uint8Array.from(out);
}

export function u16(v: number): number[] {
  return [v & 0xff, (v >> 8) & 0xff];
}

export function i32(v: number): number[] {
  return [v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, (v >>> 24) & 0xff];
}

/** A NUL-terminated string. */
export function str(s: string): number[] {
  return [...Buffer.from(s, 'latin1'), 0];
}

/** `MVD2`. */
export const MAGIC = [0x4d, 0x56, 0x44, 0x32];
/** The recorder's end mark. */
export const END_MARK = [0, 0];

/** A block: u16 length, then the payload. */
export function block(...parts: Part[]): Uint8Array {
  const payload = bytes(...parts);
  return bytes(u16(payload.length), payload);
}

/** Old layout: configstring indices of maxclients, map checksum, world model (models + 1), skins, end. */
export const OLD = {
  maxclients: 30,
  mapchecksum: 31,
  worldmodel: 33,
  playerskins: 1312,
  end: 2080,
} as const;
/** Extended layout (EXTLIMITS). */
export const NEW = {
  maxclients: 60,
  mapchecksum: 61,
  worldmodel: 63,
  playerskins: 12862,
  end: 13630,
} as const;

export interface HandServerdata {
  readonly version?: number;
  readonly flags?: number;
  readonly protocol?: number;
  readonly maxclients?: string;
  readonly clientNum?: number;
  readonly worldmodel?: string;
  readonly gamedir?: string;
  /** Extra (index, value) pairs written after the two standard ones. */
  readonly extra?: readonly (readonly [number, string])[];
  /** Baseline frame body after the configstrings. Default: no portals, no players, no entities. */
  readonly baseline?: Part;
}

/** An empty baseline frame body: portal length 0, player list end, entity list end. */
export const EMPTY_FRAME_BODY = [0, 0xff, 0, 0];

/** A serverdata command, by hand. */
export function serverdata(o: HandServerdata = {}): Uint8Array {
  const version = o.version ?? 2010;
  const flags = o.flags ?? 0;
  const ext = version >= 2011 && (flags & 4) !== 0;
  const cs = ext ? NEW : OLD;
  const head =
    version >= 2012
      ? bytes(0x04, i32(o.protocol ?? 37), u16(version), u16(flags))
      : bytes(0x04 | (flags << 5), i32(o.protocol ?? 37), u16(version));
  const strings: number[] = [];
  strings.push(...u16(cs.maxclients), ...str(o.maxclients ?? '4'));
  strings.push(...u16(cs.worldmodel), ...str(o.worldmodel ?? 'maps/q2dm1.bsp'));
  for (const [index, value] of o.extra ?? []) strings.push(...u16(index), ...str(value));
  return bytes(
    head,
    i32(1),
    str(o.gamedir ?? 'action'),
    u16(o.clientNum ?? -1),
    strings,
    u16(cs.end),
    o.baseline ?? EMPTY_FRAME_BODY,
  );
}

/** A frame command with no portals; `body` is the player list and entity list. */
export function frame(...body: Part[]): Uint8Array {
  return bytes(0x06, 0, ...body);
}

/** A frame command in which nothing changed. */
export const EMPTY_FRAME = bytes(0x06, EMPTY_FRAME_BODY);
