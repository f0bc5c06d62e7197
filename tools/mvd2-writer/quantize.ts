/**
 * From the writer's input units (world units, degrees) to the integers the wire carries, and
 * back to the values a reader reports. The conversions that the recorder itself performs
 * (`PACK_ANGLES`, `OFFSET2CHAR`, `Q_clip_uint8`) follow the engine: they truncate, and the
 * offsets and fov saturate. Coordinates are already integers in the engine (the game's pmove
 * snaps them to 1/8 unit before the recorder sees them), so here they are rounded to the
 * nearest 1/8 unit: a position computed as 199.9999999 in double precision must become 200.
 */
import { checkField } from './byte-writer.js';

/** Coordinate units per world unit. */
const COORD_SCALE = 8;
/** Offset and kick units per world unit / degree (`OFFSET2CHAR`). */
const OFFSET_SCALE = 4;

/**
 * World units to 1/8 units, range-checked (`owner id field[index]` names it in the error).
 * [Units: world units in, 1/8 unit out]
 */
export function coordToWire(
  x: number,
  min: number,
  max: number,
  owner: string,
  id: number,
  field: string,
  index: number,
): number {
  const v = Math.round(x * COORD_SCALE);
  checkField(owner, id, field, v, min, max, index);
  return v;
}

/** The position a reader reports for `x` (never -0, which a reader cannot produce). [Units: world units] */
export function snapCoord(x: number): number {
  return Math.round(x * COORD_SCALE) / COORD_SCALE + 0;
}

/** `ANGLE2SHORT`: degrees to a 16-bit angle (truncated, wrapped). [Units: 360/65536 degree] */
export function angleToShort(degrees: number): number {
  if (!Number.isFinite(degrees)) throw new RangeError(`angle ${degrees} is not finite`);
  return Math.trunc((degrees * 65536) / 360) & 0xffff;
}

/** The angle a reader reports for a player view angle written as `degrees`, in [-180, 180). */
export function snapViewAngle(degrees: number): number {
  return (((angleToShort(degrees) << 16) >> 16) * 360) / 65536;
}

/** `OFFSET2CHAR`: quarter units in a signed byte, saturating like `Q_clip_int8`. */
export function offsetToChar(x: number): number {
  if (!Number.isFinite(x)) throw new RangeError(`offset ${x} is not finite`);
  return Math.max(-128, Math.min(127, Math.trunc(x * OFFSET_SCALE)));
}

/** `Q_clip_uint8` of a truncated value (the fov byte). */
export function clipByte(x: number): number {
  if (!Number.isFinite(x)) throw new RangeError(`byte value ${x} is not finite`);
  return Math.max(0, Math.min(255, Math.trunc(x)));
}
