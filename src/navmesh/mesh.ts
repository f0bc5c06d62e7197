/**
 * The navigation mesh as plain typed arrays (Detour's `dtMeshTile` in spirit): axis-aligned
 * rectangular areas of walkable floor, their connections per direction with the portal each
 * crosses, ladders and off-mesh links. Built by `build/build-mesh.ts`, read by `query/`,
 * written and read by `io/`. Only numbers and typed arrays: it crosses threads and files as it
 * is.
 *
 * Coordinates are world units. Heights are those of a standing player's origin (24 units
 * above the floor, the engine's player box is (-16 -16 -24)…(16 16 32)); the Source export
 * subtracts the 24. Directions follow Source's `NavDirType`: north is −y, east +x, south +y,
 * west −x; an area's north-west corner is its (min x, min y) corner.
 */

/** `NavDirType` numbering. */
export const NORTH = 0;
export const EAST = 1;
export const SOUTH = 2;
export const WEST = 3;
export const DIRECTIONS = 4;
/** Grid step of each direction, in cells: [di, dj] per direction. */
export const DIR_DI: readonly number[] = [0, 1, 0, -1];
export const DIR_DJ: readonly number[] = [-1, 0, 1, 0];

/** Area attribute bits, Source's `NavAttributeType` values where Source has them. */
export const AREA_CROUCH = 0x1;
export const AREA_JUMP = 0x2;
export const AREA_NO_JUMP = 0x8;
/** Wading or under water: our own bit, in Source's first custom bit. */
export const AREA_WATER = 0x10000;

/** How a connection is crossed. */
export const CROSS_WALK = 0;
/** Only downward: the player runs off a ledge and falls (one-way). */
export const CROSS_DROP = 1;
/** Through a ladder (the connection's portal is the ladder's foot or top). */
export const CROSS_LADDER = 2;
/** Only upward: the player jumps onto a ledge higher than a step (one-way). */
export const CROSS_JUMP = 3;
/**
 * An off-mesh link (Detour's off-mesh connection): from a point of this area to a point of the
 * target area, a way the floor does not show (a jump across, a drop from high up, a ladder the
 * map's climbs missed), one-way (the connection's portal is (x, y, link index) of its start).
 */
export const CROSS_LINK = 4;

/** How a step of an off-mesh link is crossed (`linkStepMove`). */
export const LINK_WALK = 0;
export const LINK_JUMP = 1;
export const LINK_DROP = 2;
export const LINK_LADDER = 3;
export const LINK_SWIM = 4;
export const LINK_CROUCH = 5;
/** The `LINK_*` values' names, by value (the path's moves use them). */
export const LINK_MOVES = ['walk', 'jump', 'drop', 'ladder', 'swim', 'crouch'] as const;

/** Height of the player's origin above the floor under it. [Units: world units] */
export const ORIGIN_ABOVE_FLOOR = 24;

export interface NavMesh {
  /** Size of the grid cells areas are made of. [Units: world units] */
  readonly cellSize: number;
  /** World x, y of cell (0, 0)'s low corner. [Units: world units] */
  readonly originX: number;
  readonly originY: number;
  /** Byte size of the BSP the mesh was built from (Source's `bspSize`). */
  readonly bspSize: number;

  readonly areaCount: number;
  /** Stable id of each area, 1…areaCount in area order (Source ids are never 0). */
  readonly areaId: Uint32Array;
  /** Attribute bits (`AREA_*`). */
  readonly areaFlags: Uint32Array;
  /** Floor level (layer) the area was cut from. */
  readonly areaLayer: Uint32Array;
  /** Cell rectangle, inclusive. [Form: (i0, j0, i1, j1) × areaCount] */
  readonly areaCells: Int32Array;
  /**
   * Origin height at the four corner cells' centres. [Form: (nw, ne, sw, se) × areaCount]
   * [Units: world units]
   */
  readonly areaZ: Float32Array;

  /**
   * Connections of area a in direction d are `connStart[a*4+d] … connStart[a*4+d+1]-1`.
   * [Length: areaCount × 4 + 1]
   */
  readonly connStart: Uint32Array;
  /** Target area index of each connection. */
  readonly connTarget: Uint32Array;
  /** `CROSS_*` of each connection. */
  readonly connKind: Uint8Array;
  /**
   * How many cells beyond the leaving area's last cell centres the crossing lands: 1 for the
   * next cell (walks, jumps); a drop over a ledge band (floor too near its edge to stand on, see
   * `ledgeMargin`) lands further out, and the cells it flies over may be another area's floor
   * seen from below (a room under the ledge). 0 for ladders.
   */
  readonly connLanding: Uint8Array;
  /**
   * The portal: for walk and drop connections the crossing boundary's coordinate (x for east
   * and west, y for north and south) and the free span along it (lo, hi); for ladder
   * connections the point where the climb starts (x, y) and the ladder index. [Form: (a, lo, hi)
   * × connections] [Units: world units]
   */
  readonly connPortal: Float32Array;

  readonly ladderCount: number;
  /**
   * Where the climb is: origin x, y at the ladder, the origin height at its foot and where the
   * climber steps off at the top. [Form: (x, y, footZ, topZ) × ladderCount] [Units: world units]
   */
  readonly ladderSpan: Float32Array;
  /** Direction the climber faces (`NavDirType`), toward the ladder. */
  readonly ladderDir: Uint8Array;
  /** Area at the foot and at the top (area indices). [Form: (bottom, top) × ladderCount] */
  readonly ladderAreas: Uint32Array;
  /** Where the climber steps off at the top. [Form: (x, y, z) × ladderCount] */
  readonly ladderExit: Float32Array;

  /** Off-mesh links (`CROSS_LINK` connections, one each). */
  readonly linkCount: number;
  /**
   * Link L's points are `linkPointStart[L] … linkPointStart[L+1]-1` (two or more: where it
   * starts, the places it passes, where it ends). [Length: linkCount + 1]
   */
  readonly linkPointStart: Uint32Array;
  /** The points: player origins. [Form: (x, y, z) × points] [Units: world units] */
  readonly linkPoints: Float32Array;
  /** `LINK_*` of the step from each point to the next of its link (0 at a link's last point). */
  readonly linkStepMove: Uint8Array;
  /** Area it leaves and area it reaches (area indices). [Form: (from, to) × linkCount] */
  readonly linkAreas: Uint32Array;
}

/** A mesh's fields for no ladders. */
export function noLadders(): Pick<
  NavMesh,
  'ladderCount' | 'ladderSpan' | 'ladderDir' | 'ladderAreas' | 'ladderExit'
> {
  return {
    ladderCount: 0,
    ladderSpan: new Float32Array(0),
    ladderDir: new Uint8Array(0),
    ladderAreas: new Uint32Array(0),
    ladderExit: new Float32Array(0),
  };
}

/** A mesh's fields for no off-mesh links. */
export function noLinks(): Pick<
  NavMesh,
  'linkCount' | 'linkPointStart' | 'linkPoints' | 'linkStepMove' | 'linkAreas'
> {
  return {
    linkCount: 0,
    linkPointStart: Uint32Array.of(0),
    linkPoints: new Float32Array(0),
    linkStepMove: new Uint8Array(0),
    linkAreas: new Uint32Array(0),
  };
}

/** Point `p` (an index into the link points) as [x, y, z]. [Units: world units] */
export function linkPoint(m: NavMesh, p: number): number[] {
  return [m.linkPoints[p * 3], m.linkPoints[p * 3 + 1], m.linkPoints[p * 3 + 2]];
}

/** World bounds of an area's cells. [Units: world units] */
export function areaBounds(
  m: NavMesh,
  a: number,
): [x0: number, y0: number, x1: number, y1: number] {
  const c = m.cellSize;
  return [
    m.originX + m.areaCells[a * 4] * c,
    m.originY + m.areaCells[a * 4 + 1] * c,
    m.originX + (m.areaCells[a * 4 + 2] + 1) * c,
    m.originY + (m.areaCells[a * 4 + 3] + 1) * c,
  ];
}

/**
 * Origin height on area `a` at (x, y): bilinear between its corner cells' centres, clamped to
 * the rectangle they span. [Units: world units]
 */
export function areaHeightAt(m: NavMesh, a: number, x: number, y: number): number {
  const c = m.cellSize;
  const i0 = m.areaCells[a * 4];
  const j0 = m.areaCells[a * 4 + 1];
  const i1 = m.areaCells[a * 4 + 2];
  const j1 = m.areaCells[a * 4 + 3];
  const u = i1 > i0 ? clamp01((x - m.originX - (i0 + 0.5) * c) / ((i1 - i0) * c)) : 0;
  const v = j1 > j0 ? clamp01((y - m.originY - (j0 + 0.5) * c) / ((j1 - j0) * c)) : 0;
  const z = m.areaZ;
  const north = z[a * 4] + (z[a * 4 + 1] - z[a * 4]) * u;
  const south = z[a * 4 + 2] + (z[a * 4 + 3] - z[a * 4 + 2]) * u;
  return north + (south - north) * v;
}

function clamp01(t: number): number {
  return t < 0 ? 0 : t > 1 ? 1 : t;
}

/** Each area's connection targets (area indices), in connection order. */
export function areaTargets(m: NavMesh): number[][] {
  return Array.from({ length: m.areaCount }, (_, a) =>
    Array.from(
      m.connTarget.subarray(m.connStart[a * DIRECTIONS], m.connStart[(a + 1) * DIRECTIONS]),
    ),
  );
}

/** Number of connections. */
export function connectionCount(m: NavMesh): number {
  return m.connStart[m.areaCount * DIRECTIONS];
}
