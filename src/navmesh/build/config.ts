/**
 * Every knob of the mesh build, with its units and limits (Recast's `rcConfig` style), and the
 * defaults next to them. The player's numbers are the engine's (pmove's box and step).
 */

export interface NavMeshBuildConfig {
  /** Width of a grid cell; floor is sampled at cell centres. [Units: world units] [Limit: 4 – 64] */
  readonly cellSize: number;
  /**
   * Offset of the grid from the world origin: cell (i, j) is centred at
   * (i·cellSize + gridOffset, j·cellSize + gridOffset). Off the 8-unit grid maps are built on,
   * so the box's faces do not sit exactly on walls and risers. [Units: world units] [Limit: 0 – cellSize)
   */
  readonly gridOffset: number;
  /** Highest step walked up (pmove's `STEPSIZE`). [Units: world units] [Limit: 0 – 18] */
  readonly stepHeight: number;
  /**
   * Deepest drop taken as a one-way connection. The default lands at ≤ 548 u/s, the speed
   * the game's fall damage starts at. [Units: world units] [Limit: stepHeight – 300]
   */
  readonly maxDrop: number;
  /**
   * Least z of a floor's normal in the mesh. pmove stands a player on 0.7, but a bot running
   * over floor steeper than about 32° (0.85) leaves it and is carried off (jungle1's rocks,
   * measured with `npm run bench:navmesh-walk`), so the default leaves such floor out.
   * [Limit: 0 – 1]
   */
  readonly minFloorNormalZ: number;
  /**
   * Highest ledge jumped onto (one-way jump connections); at most the 45.6 units a jump lifts
   * the origin. [Units: world units] [Limit: 0 – 45]
   */
  readonly jumpHeight: number;
  /**
   * Rise a jump needs free above the standing box; less head room marks the area no-jump.
   * (A jump at 270 u/s under gravity 800 rises 45.6 units.) [Units: world units] [Limit: ≥ 0]
   */
  readonly jumpRise: number;
  /**
   * How far the floor must go on beyond a sample's centre on all four sides (a wall there
   * counts as floor): near a ledge a running player overshoots its target and falls. The band
   * along a ledge is no floor; the drop beyond it is a connection. On a slope of floor normal
   * z = n the margin is this / n². [Units: world units] [Limit: 0 – 32]
   */
  readonly ledgeMargin: number;
  /**
   * Speed of a player running off a ledge: a drop is kept only where the floor it lands on goes
   * on for the distance flown at this speed (or a wall stops the player). [Units: u/s]
   * [Limit: 0 – 400]
   */
  readonly dropRunSpeed: number;
  /** Allow floors where only a crouched player fits. */
  readonly crouch: boolean;
  /** Stop sampling after this many floor samples (a leaking map). [Limit: ≥ 1] */
  readonly maxSamples: number;
  /**
   * Largest difference between a cell's height and its area's corner-height surface when
   * cells are joined into one area. [Units: world units] [Limit: ≥ 0]
   */
  readonly heightTolerance: number;
  /** Longest side of an area over its shortest, when merging (the quadtree article's 2:1). [Limit: ≥ 1] */
  readonly maxAspect: number;
  /** Largest area side, in cells (a power of two: the quadtree's root). [Limit: 1 – 256] */
  readonly maxAreaCells: number;
  /** Look for ladders and connect their foot and top. */
  readonly ladders: boolean;
}

export const navMeshBuildDefaults: NavMeshBuildConfig = Object.freeze({
  cellSize: 16,
  gridOffset: 5,
  stepHeight: 18,
  maxDrop: 180,
  minFloorNormalZ: 0.85,
  jumpRise: 45,
  jumpHeight: 40,
  ledgeMargin: 32,
  dropRunSpeed: 300,
  crouch: true,
  maxSamples: 500_000,
  heightTolerance: 2,
  maxAspect: 2,
  maxAreaCells: 32,
  ladders: true,
});

/** Merges `partial` over the defaults and checks every limit; throws naming the knob. */
export function navMeshBuildConfig(partial: Partial<NavMeshBuildConfig> = {}): NavMeshBuildConfig {
  const c = { ...navMeshBuildDefaults, ...partial };
  const bad = (name: string, limit: string): never => {
    throw new RangeError(
      `navmesh build: ${name} must be ${limit} (got ${String(c[name as keyof NavMeshBuildConfig])})`,
    );
  };
  if (!(c.cellSize >= 4 && c.cellSize <= 64)) bad('cellSize', '4 – 64');
  if (!(c.gridOffset >= 0 && c.gridOffset < c.cellSize)) bad('gridOffset', '0 – cellSize');
  if (!(c.stepHeight >= 0 && c.stepHeight <= 18)) bad('stepHeight', '0 – 18');
  if (!(c.maxDrop >= c.stepHeight && c.maxDrop <= 300)) bad('maxDrop', 'stepHeight – 300');
  if (!(c.minFloorNormalZ >= 0 && c.minFloorNormalZ <= 1)) bad('minFloorNormalZ', '0 – 1');
  if (!(c.jumpRise >= 0)) bad('jumpRise', '≥ 0');
  if (!(c.jumpHeight >= 0 && c.jumpHeight <= 45)) bad('jumpHeight', '0 – 45');
  if (!(c.ledgeMargin >= 0 && c.ledgeMargin <= 32)) bad('ledgeMargin', '0 – 32');
  if (!(c.dropRunSpeed >= 0 && c.dropRunSpeed <= 400)) bad('dropRunSpeed', '0 – 400');
  if (!(Number.isInteger(c.maxSamples) && c.maxSamples >= 1)) bad('maxSamples', 'an integer ≥ 1');
  if (!(c.heightTolerance >= 0)) bad('heightTolerance', '≥ 0');
  if (!(c.maxAspect >= 1)) bad('maxAspect', '≥ 1');
  const p = c.maxAreaCells;
  if (!(Number.isInteger(p) && p >= 1 && p <= 256 && (p & (p - 1)) === 0))
    bad('maxAreaCells', 'a power of two, 1 – 256');
  return Object.freeze(c);
}
