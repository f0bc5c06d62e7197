/**
 * What is at a point: the contents of the leaf that holds it (`CM_PointContents`,
 * `CM_TransformedPointContents`). A point exactly on a plane belongs to its front side.
 * Distances are float32 as in the engine (axial planes subtract, others take the dot product).
 */
import type { CollisionModel } from './collision-model.js';
import { anglesToAxis, rotatePoint } from './rotation.js';

const fround = Math.fround;
const local = new Float64Array(3);
const axis = new Float64Array(9);

/** Leaf holding (x, y, z) in the tree under `headnode` (a node, or `-1 - leaf`). */
export function pointLeaf(
  m: CollisionModel,
  x: number,
  y: number,
  z: number,
  headnode: number,
): number {
  const { nodePlane, nodeChildren, planeType, planeNormal, planeDist } = m;
  let n = headnode;
  while (n >= 0) {
    const p = nodePlane[n];
    const type = planeType[p];
    let d: number;
    if (type < 3) {
      d = fround((type === 0 ? x : type === 1 ? y : z) - planeDist[p]);
    } else {
      const nx = planeNormal[p * 3],
        ny = planeNormal[p * 3 + 1],
        nz = planeNormal[p * 3 + 2];
      d = fround(fround(fround(fround(x * nx) + fround(y * ny)) + fround(z * nz)) - planeDist[p]);
    }
    n = nodeChildren[n * 2 + (d < 0 ? 1 : 0)];
  }
  return -1 - n;
}

/** `CONTENTS_*` at `p` (float32 values) in the tree under `headnode` (0: the world). */
export function pointContents(m: CollisionModel, p: ArrayLike<number>, headnode = 0): number {
  return m.leafContents[pointLeaf(m, fround(p[0]), fround(p[1]), fround(p[2]), headnode)];
}

/**
 * `CONTENTS_*` at world point `p` of a model placed at `origin` with `angles` (pitch, yaw, roll
 * in degrees; never applied to the box hull, as in the engine).
 */
export function transformedPointContents(
  m: CollisionModel,
  p: ArrayLike<number>,
  headnode: number,
  origin: ArrayLike<number>,
  angles: ArrayLike<number>,
): number {
  local[0] = fround(fround(p[0]) - fround(origin[0]));
  local[1] = fround(fround(p[1]) - fround(origin[1]));
  local[2] = fround(fround(p[2]) - fround(origin[2]));
  if (headnode !== m.boxHeadnode && (angles[0] !== 0 || angles[1] !== 0 || angles[2] !== 0)) {
    anglesToAxis(angles, axis);
    rotatePoint(local, axis);
  }
  return m.leafContents[pointLeaf(m, local[0], local[1], local[2], headnode)];
}
