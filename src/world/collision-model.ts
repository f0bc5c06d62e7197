/**
 * The engine's collision model of one map (`cmodel.c` / `bsp.c` in q2pro), built once from the
 * decoded BSP: plain typed arrays indexed by number, the way Recast keeps its meshes, so a trace
 * walks arrays instead of objects and the whole model can be sent to a worker as is.
 *
 * What the engine adds at load time is added here too, so every query sees the same numbers:
 * - each plane's `type` (0, 1, 2 when the normal is exactly +X, +Y, +Z, otherwise 6: a plane
 *   facing -X is *not* axial for the engine) and `signbits` (bit k set when normal k < 0);
 * - inline-model bounds widened by one unit on every side;
 * - the temporary box hull (`CM_InitBoxHull`): 12 planes, 6 nodes, 2 leaves, 1 brush with 6
 *   sides and 1 leaf-brush entry appended after the map's own records. Its plane distances are
 *   rewritten by {@link headnodeForBox} before each box-entity query, as the engine does.
 *
 * Tree references follow the BSP: a child or head node `c >= 0` is a node, `c < 0` the leaf
 * `-1 - c`. Texinfo -1 is the engine's `nulltexinfo` (no name, no flags): bevel sides the
 * compiler added and every side of the box hull.
 */
import { parseBsp, readMapFile, type BspMap } from '../sources/bsp/read-bsp.js';
import { hurtBoxes, hurtVolumesOf, type HurtVolume } from '../sources/bsp/hurt-volumes.js';
import type { BspWorld } from '../sources/bsp/world.js';
import { CONTENTS_MONSTER } from './contents.js';

/** Plane type of a plane whose normal is not exactly +X, +Y or +Z. */
export const PLANE_NON_AXIAL = 6;

export interface CollisionModel {
  /** Map planes, then the 12 box-hull planes. */
  readonly planeCount: number;
  /** [Form: (x, y, z) × planeCount] */
  readonly planeNormal: Float32Array;
  /** [Units: world units; Length: planeCount] */
  readonly planeDist: Float32Array;
  /** 0–2 axial (+X, +Y, +Z), 3–5 the box hull's -X, -Y, -Z planes, 6 any other. */
  readonly planeType: Uint8Array;
  /** Bit k set when normal component k is negative: picks the box corner to push planes by. */
  readonly planeSignbits: Uint8Array;

  /** Map nodes, then the 6 box-hull nodes. */
  readonly nodeCount: number;
  readonly nodePlane: Int32Array;
  /** Front and back child (node, or `-1 - leaf`). [Form: (front, back) × nodeCount] */
  readonly nodeChildren: Int32Array;

  /** Map leaves, then the box leaf and the empty leaf of the box hull. */
  readonly leafCount: number;
  readonly leafContents: Int32Array;
  /** Range in `leafBrushes`. [Length: leafCount] */
  readonly leafFirstBrush: Int32Array;
  readonly leafBrushCount: Int32Array;
  /** Brush indices listed by leaves; the last entry is the box brush. */
  readonly leafBrushes: Int32Array;

  /** Map brushes, then the box brush. */
  readonly brushCount: number;
  readonly brushContents: Int32Array;
  /** Range in the sides. [Length: brushCount] */
  readonly brushFirstSide: Int32Array;
  readonly brushSideCount: Int32Array;
  /** Outward plane of each side. [Length: side count] */
  readonly sidePlane: Int32Array;
  /** Texinfo of each side, -1 for none. [Length: side count] */
  readonly sideTexinfo: Int32Array;

  /** `SURF_*` bits. [Length: texinfo count] */
  readonly texinfoFlags: Int32Array;
  readonly texinfoValue: Int32Array;
  /** Full texture names (the engine's trace surface keeps only the first 15 bytes). */
  readonly texinfoName: readonly string[];

  /** Model 0 is the world, the others are brush entities. */
  readonly modelCount: number;
  /** Bounds widened by one unit, as the engine loads them. [Form: (x, y, z) × modelCount] */
  readonly modelMins: Float32Array;
  readonly modelMaxs: Float32Array;
  readonly modelOrigin: Float32Array;
  /** Root of each model's tree (node, or `-1 - leaf`). */
  readonly modelHeadnode: Int32Array;

  /**
   * The map's `trigger_hurt` volumes as the game tests a player's box against them after each
   * move (`sources/bsp/hurt-volumes.ts`): 6 numbers per volume. Empty for a model built from
   * a world alone.
   */
  readonly hurtBoxes: Float64Array;
  /** The entity of each volume, for messages. [Length: hurtBoxes.length / 6] */
  readonly hurtEntities: Int32Array;

  /** First box-hull plane; see {@link headnodeForBox}. */
  readonly boxFirstPlane: number;
  /** Head node of the box hull. */
  readonly boxHeadnode: number;

  /**
   * Trace scratch: the trace number that last tested each brush, so that a brush listed by
   * several leaves is clipped once per trace (the engine's `checkcount`). Element 0 of
   * `traceStamp` is the current trace number.
   */
  readonly brushStamp: Uint32Array;
  readonly traceStamp: Uint32Array;
}

/**
 * Builds the collision model of a decoded map; `hurt` are its hurt volumes (a map's entities
 * name them; {@link collisionModelOf} passes them).
 */
export function buildCollisionModel(
  world: BspWorld,
  hurt: readonly HurtVolume[] = [],
): CollisionModel {
  const { planes, nodes, leaves, brushes, brushSides, texinfo, models } = world;

  const planeCount = planes.count + 12;
  const planeNormal = new Float32Array(planeCount * 3);
  const planeDist = new Float32Array(planeCount);
  const planeType = new Uint8Array(planeCount);
  const planeSignbits = new Uint8Array(planeCount);
  planeNormal.set(planes.normals);
  planeDist.set(planes.dists);
  for (let i = 0; i < planes.count; i++) {
    const x = planeNormal[i * 3];
    const y = planeNormal[i * 3 + 1];
    const z = planeNormal[i * 3 + 2];
    planeType[i] = x === 1 ? 0 : y === 1 ? 1 : z === 1 ? 2 : PLANE_NON_AXIAL;
    planeSignbits[i] = (x < 0 ? 1 : 0) | (y < 0 ? 2 : 0) | (z < 0 ? 4 : 0);
  }

  const nodeCount = nodes.count + 6;
  const nodePlane = new Int32Array(nodeCount);
  const nodeChildren = new Int32Array(nodeCount * 2);
  nodePlane.set(nodes.plane);
  nodeChildren.set(nodes.children);

  const leafCount = leaves.count + 2;
  const leafContents = new Int32Array(leafCount);
  const leafFirstBrush = new Int32Array(leafCount);
  const leafBrushCount = new Int32Array(leafCount);
  leafContents.set(leaves.contents);
  leafFirstBrush.set(leaves.firstLeafBrush);
  leafBrushCount.set(leaves.leafBrushCount);
  const leafBrushes = new Int32Array(world.leafBrushes.length + 1);
  leafBrushes.set(world.leafBrushes);

  const brushCount = brushes.count + 1;
  const brushContents = new Int32Array(brushCount);
  const brushFirstSide = new Int32Array(brushCount);
  const brushSideCount = new Int32Array(brushCount);
  brushContents.set(brushes.contents);
  brushFirstSide.set(brushes.firstSide);
  brushSideCount.set(brushes.sideCount);
  const sidePlane = new Int32Array(brushSides.count + 6);
  const sideTexinfo = new Int32Array(brushSides.count + 6);
  sidePlane.set(brushSides.plane);
  sideTexinfo.set(brushSides.texinfo);

  // The box hull: node k splits on axial plane 2k (+axis k>>1); its sides alternate between
  // the maxs face (even k, plane 2k) and the mins face (odd k, plane 2k+1, facing -axis).
  const p0 = planes.count;
  const n0 = nodes.count;
  const boxLeaf = leaves.count;
  const emptyLeaf = leaves.count + 1;
  const boxBrush = brushes.count;
  const s0 = brushSides.count;
  for (let k = 0; k < 6; k++) {
    const axis = k >> 1;
    const side = k & 1;
    planeNormal[(p0 + 2 * k) * 3 + axis] = 1;
    planeType[p0 + 2 * k] = axis;
    planeNormal[(p0 + 2 * k + 1) * 3 + axis] = -1;
    planeType[p0 + 2 * k + 1] = 3 + axis;
    planeSignbits[p0 + 2 * k + 1] = 1 << axis;

    nodePlane[n0 + k] = p0 + 2 * k;
    nodeChildren[(n0 + k) * 2 + side] = -1 - emptyLeaf;
    nodeChildren[(n0 + k) * 2 + (side ^ 1)] = k < 5 ? n0 + k + 1 : -1 - boxLeaf;

    sidePlane[s0 + k] = p0 + 2 * k + side;
    sideTexinfo[s0 + k] = -1;
  }
  leafContents[boxLeaf] = CONTENTS_MONSTER;
  leafFirstBrush[boxLeaf] = world.leafBrushes.length;
  leafBrushCount[boxLeaf] = 1;
  leafBrushes[world.leafBrushes.length] = boxBrush;
  brushContents[boxBrush] = CONTENTS_MONSTER;
  brushFirstSide[boxBrush] = s0;
  brushSideCount[boxBrush] = 6;

  const modelMins = new Float32Array(models.count * 3);
  const modelMaxs = new Float32Array(models.count * 3);
  for (let i = 0; i < models.count * 3; i++) {
    modelMins[i] = models.mins[i] - 1;
    modelMaxs[i] = models.maxs[i] + 1;
  }

  return {
    planeCount,
    planeNormal,
    planeDist,
    planeType,
    planeSignbits,
    nodeCount,
    nodePlane,
    nodeChildren,
    leafCount,
    leafContents,
    leafFirstBrush,
    leafBrushCount,
    leafBrushes,
    brushCount,
    brushContents,
    brushFirstSide,
    brushSideCount,
    sidePlane,
    sideTexinfo,
    texinfoFlags: Int32Array.from(texinfo.flags),
    texinfoValue: Int32Array.from(texinfo.value),
    texinfoName: texinfo.texture.slice(),
    modelCount: models.count,
    modelMins,
    modelMaxs,
    modelOrigin: Float32Array.from(models.origin),
    modelHeadnode: Int32Array.from(models.headNode),
    hurtBoxes: hurtBoxes(hurt),
    hurtEntities: Int32Array.from(hurt, (v) => v.entity),
    boxFirstPlane: p0,
    boxHeadnode: n0,
    brushStamp: new Uint32Array(brushCount),
    traceStamp: new Uint32Array(1),
  };
}

/** Reads a `.bsp` file and builds its collision model. Throws `BspError` naming the file. */
export async function loadCollisionModel(bspPath: string): Promise<CollisionModel> {
  const bytes = await readMapFile(bspPath);
  return collisionModelOf(parseBsp(bytes, bspPath));
}

/** The collision model of a read map, its hurt volumes included. */
export function collisionModelOf(map: BspMap): CollisionModel {
  return buildCollisionModel(map.world, hurtVolumesOf(map.entities, map.world.models));
}

/**
 * Head node of the box hull resized to `mins`–`maxs` (`CM_HeadnodeForBox`): a bounding-box
 * entity (a player, an item) as a tiny BSP tree, so it is traced like a brush model. The hull
 * is shared: a later call rewrites it. [Units: world units]
 */
export function headnodeForBox(
  m: CollisionModel,
  mins: ArrayLike<number>,
  maxs: ArrayLike<number>,
): number {
  const d = m.planeDist;
  const p = m.boxFirstPlane;
  for (let axis = 0; axis < 3; axis++) {
    d[p + axis * 4] = maxs[axis];
    d[p + axis * 4 + 1] = -maxs[axis];
    d[p + axis * 4 + 2] = mins[axis];
    d[p + axis * 4 + 3] = -mins[axis];
  }
  return m.boxHeadnode;
}

/** Texture name of texinfo `surface` (full length), '' for -1 (no surface). */
export function surfaceName(m: CollisionModel, surface: number): string {
  return surface < 0 ? '' : m.texinfoName[surface];
}
