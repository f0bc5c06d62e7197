/**
 * The one three-component vector of navgen: a point or a direction in the game's world space
 * (x east, y north, z up), as node origins, spawn points, trace ends and demo positions carry it.
 * Plain data (a three-number array), so it crosses threads and files as it is.
 */

/** A point or direction. [Units: world units (or degrees for angles); Form: (x, y, z)] */
export type Vec3 = [x: number, y: number, z: number];

/** A {@link Vec3} its holder must not change (map data, recorded tracks). */
export type ReadonlyVec3 = Readonly<Vec3>;
