/**
 * Box and point sweeps through a collision model, bit for bit as the engine's `CM_BoxTrace`
 * and `CM_TransformedBoxTrace` compute them (q2pro `src/common/cmodel.c`).
 *
 * Exactness: the engine works in single precision (SSE scalar, no fused multiply-add), so
 * every `+ − × ÷` below is rounded to float32 with `Math.fround`, in the engine's order
 * (dot products are `(x0·y0 + x1·y1) + x2·y2`). A double product or sum of two float32 values
 * rounded once to float32 equals the float32 operation (53 ≥ 2·24 + 2 bits), so this is exact,
 * not an approximation. Epsilons, the point and position-test special cases, the bevel sides
 * (ordinary sides here) and `map_allsolid_bug 1` (the server default: a sweep that starts and
 * ends inside a brush keeps fraction 1 unless the position test ran) are the engine's.
 *
 * The hot path allocates nothing: the query's inputs live in module scratch variables while
 * it runs (one query at a time per thread, as in the engine), recursion passes numbers.
 */
import type { CollisionModel } from './collision-model.js';
import { anglesToAxis, rotatePoint, transposeAxis } from './rotation.js';

export { headnodeForBox, surfaceName } from './collision-model.js';
export { pointContents, transformedPointContents } from './point-contents.js';

/** The result of a sweep (`trace_t` without the entity). Reuse one per caller. */
export interface TraceResult {
  /** The whole sweep was inside one brush (the start and the end). */
  allsolid: boolean;
  /** The start was inside a brush. */
  startsolid: boolean;
  /** Share of the sweep done before the hit, 1 = nothing hit. [Limit: 0 – 1] */
  fraction: number;
  /** Where the box stopped. [Units: world units] */
  readonly endpos: Float32Array;
  /** Normal of the plane hit; zeros when nothing was hit. */
  readonly normal: Float32Array;
  /** Distance of the plane hit (in the model's frame for entity sweeps). [Units: world units] */
  dist: number;
  /** `CONTENTS_*` of the brush hit. */
  contents: number;
  /** Texinfo of the side hit, -1 for none (nothing hit, a bevel side or a box hull). */
  surface: number;
  /** `SURF_*` bits and value of that texinfo (0 for none). */
  surfaceFlags: number;
  surfaceValue: number;
}

export function newTraceResult(): TraceResult {
  return {
    allsolid: false,
    startsolid: false,
    fraction: 1,
    endpos: new Float32Array(3),
    normal: new Float32Array(3),
    dist: 0,
    contents: 0,
    surface: -1,
    surfaceFlags: 0,
    surfaceValue: 0,
  };
}

const fround = Math.fround;
/** Distance the engine keeps from a plane it stops at (1/32 unit). */
const DIST_EPSILON = 0.03125;
/** The engine's leaf list size for the position test. */
const MAX_TEST_LEAVES = 1024;

// --- scratch of the query in progress -------------------------------------------------------
let tr: TraceResult = newTraceResult();
let stamp = 0;
let mask = 0;
let isPoint = false;
let sx = 0,
  sy = 0,
  sz = 0,
  ex = 0,
  ey = 0,
  ez = 0;
let extX = 0,
  extY = 0,
  extZ = 0;
/** Box corner by sign bits: corner i takes maxs on axis j when bit j of i is set. */
const offsets = new Float64Array(24);
/** Position test: the leaves touched, and the test box. */
const testLeaves = new Int32Array(MAX_TEST_LEAVES);
let testLeafCount = 0;
const testMins = new Float64Array(3);
const testMaxs = new Float64Array(3);
// The model's arrays, cached per query.
let normals: Float32Array = new Float32Array(0);
let dists: Float32Array = new Float32Array(0);
let types: Uint8Array = new Uint8Array(0);
let signbits: Uint8Array = new Uint8Array(0);
let nodePlane: Int32Array = new Int32Array(0);
let children: Int32Array = new Int32Array(0);
let leafContents: Int32Array = new Int32Array(0);
let leafFirst: Int32Array = new Int32Array(0);
let leafCount: Int32Array = new Int32Array(0);
let leafBrushes: Int32Array = new Int32Array(0);
let brushContents: Int32Array = new Int32Array(0);
let brushFirst: Int32Array = new Int32Array(0);
let brushSides: Int32Array = new Int32Array(0);
let brushStamp: Uint32Array = new Uint32Array(0);
let sidePlane: Int32Array = new Int32Array(0);
let sideTexinfo: Int32Array = new Int32Array(0);
let texFlags: Int32Array = new Int32Array(0);
let texValue: Int32Array = new Int32Array(0);

function useModel(m: CollisionModel): void {
  normals = m.planeNormal;
  dists = m.planeDist;
  types = m.planeType;
  signbits = m.planeSignbits;
  nodePlane = m.nodePlane;
  children = m.nodeChildren;
  leafContents = m.leafContents;
  leafFirst = m.leafFirstBrush;
  leafCount = m.leafBrushCount;
  leafBrushes = m.leafBrushes;
  brushContents = m.brushContents;
  brushFirst = m.brushFirstSide;
  brushSides = m.brushSideCount;
  brushStamp = m.brushStamp;
  sidePlane = m.sidePlane;
  sideTexinfo = m.sideTexinfo;
  texFlags = m.texinfoFlags;
  texValue = m.texinfoValue;
  // A new number per query: a brush listed by several leaves is clipped once per query.
  let s = (m.traceStamp[0] + 1) >>> 0;
  if (s === 0) {
    brushStamp.fill(0);
    s = 1;
  }
  m.traceStamp[0] = s;
  stamp = s;
}

/**
 * Sweeps the box `mins`–`maxs` from `start` to `end` through the tree under `headnode`
 * (0: the world; a model's head node; {@link headnodeForBox}), stopping at brushes whose
 * contents meet `brushmask` (`CM_BoxTrace`). `start` = `end` tests the position only;
 * zero `mins` and `maxs` sweep a point. Inputs are float32 values. Returns `out`.
 */
export function boxTrace(
  m: CollisionModel,
  start: ArrayLike<number>,
  end: ArrayLike<number>,
  mins: ArrayLike<number>,
  maxs: ArrayLike<number>,
  headnode: number,
  brushmask: number,
  out: TraceResult,
): TraceResult {
  useModel(m);
  tr = out;
  out.allsolid = false;
  out.startsolid = false;
  out.fraction = 1;
  out.normal[0] = out.normal[1] = out.normal[2] = 0;
  out.dist = 0;
  out.contents = 0;
  out.surface = -1;
  out.surfaceFlags = 0;
  out.surfaceValue = 0;

  mask = brushmask;
  sx = fround(start[0]);
  sy = fround(start[1]);
  sz = fround(start[2]);
  ex = fround(end[0]);
  ey = fround(end[1]);
  ez = fround(end[2]);
  const x0 = fround(mins[0]),
    y0 = fround(mins[1]),
    z0 = fround(mins[2]);
  const x1 = fround(maxs[0]),
    y1 = fround(maxs[1]),
    z1 = fround(maxs[2]);
  for (let i = 0; i < 8; i++) {
    offsets[i * 3] = i & 1 ? x1 : x0;
    offsets[i * 3 + 1] = i & 2 ? y1 : y0;
    offsets[i * 3 + 2] = i & 4 ? z1 : z0;
  }

  if (sx === ex && sy === ey && sz === ez) {
    testMins[0] = fround(fround(sx + x0) - 1);
    testMins[1] = fround(fround(sy + y0) - 1);
    testMins[2] = fround(fround(sz + z0) - 1);
    testMaxs[0] = fround(fround(sx + x1) + 1);
    testMaxs[1] = fround(fround(sy + y1) + 1);
    testMaxs[2] = fround(fround(sz + z1) + 1);
    testLeafCount = 0;
    collectLeaves(headnode);
    for (let i = 0; i < testLeafCount; i++) {
      brushesOfLeaf(testLeaves[i], true);
      if (out.allsolid) break;
    }
    out.endpos[0] = sx;
    out.endpos[1] = sy;
    out.endpos[2] = sz;
    return out;
  }

  if (x0 === 0 && y0 === 0 && z0 === 0 && x1 === 0 && y1 === 0 && z1 === 0) {
    isPoint = true;
    extX = extY = extZ = 0;
  } else {
    isPoint = false;
    extX = Math.max(-x0, x1);
    extY = Math.max(-y0, y1);
    extZ = Math.max(-z0, z1);
  }

  hullCheck(headnode, 0, 1, sx, sy, sz, ex, ey, ez);

  const f = out.fraction;
  if (f === 1) {
    out.endpos[0] = ex;
    out.endpos[1] = ey;
    out.endpos[2] = ez;
  } else {
    out.endpos[0] = fround(sx + fround(f * fround(ex - sx)));
    out.endpos[1] = fround(sy + fround(f * fround(ey - sy)));
    out.endpos[2] = fround(sz + fround(f * fround(ez - sz)));
  }
  return out;
}

/** Walks the part of the tree the segment p1–p2 (at fractions p1f–p2f) can touch. */
function hullCheck(
  node: number,
  p1f: number,
  p2f: number,
  p1x: number,
  p1y: number,
  p1z: number,
  p2x: number,
  p2y: number,
  p2z: number,
): void {
  if (tr.fraction <= p1f) return; // something nearer was hit already
  for (;;) {
    if (node < 0) {
      brushesOfLeaf(-1 - node, false);
      return;
    }
    const p = nodePlane[node];
    const type = types[p];
    const d = dists[p];
    let t1: number, t2: number, offset: number;
    if (type < 3) {
      t1 = fround((type === 0 ? p1x : type === 1 ? p1y : p1z) - d);
      t2 = fround((type === 0 ? p2x : type === 1 ? p2y : p2z) - d);
      offset = type === 0 ? extX : type === 1 ? extY : extZ;
    } else {
      const nx = normals[p * 3],
        ny = normals[p * 3 + 1],
        nz = normals[p * 3 + 2];
      t1 = fround(fround(fround(fround(p1x * nx) + fround(p1y * ny)) + fround(p1z * nz)) - d);
      t2 = fround(fround(fround(fround(p2x * nx) + fround(p2y * ny)) + fround(p2z * nz)) - d);
      offset = isPoint
        ? 0
        : fround(
            fround(Math.abs(fround(extX * nx)) + Math.abs(fround(extY * ny))) +
              Math.abs(fround(extZ * nz)),
          );
    }
    if (t1 >= offset && t2 >= offset) {
      node = children[node * 2];
      continue;
    }
    if (t1 < -offset && t2 < -offset) {
      node = children[node * 2 + 1];
      continue;
    }

    // Split the segment where it meets the plane pushed out by the box, DIST_EPSILON on
    // the near side: the near part (up to frac) and the far part (from frac2).
    let side: number, frac: number, frac2: number;
    if (t1 < t2) {
      const idist = fround(1 / fround(t1 - t2));
      side = 1;
      frac2 = fround(fround(fround(t1 + offset) + DIST_EPSILON) * idist);
      frac = fround(fround(fround(t1 - offset) + DIST_EPSILON) * idist);
    } else if (t1 > t2) {
      const idist = fround(1 / fround(t1 - t2));
      side = 0;
      frac2 = fround(fround(fround(t1 - offset) - DIST_EPSILON) * idist);
      frac = fround(fround(fround(t1 + offset) + DIST_EPSILON) * idist);
    } else {
      side = 0;
      frac = 1;
      frac2 = 0;
    }
    frac = frac < 0 ? 0 : frac > 1 ? 1 : frac;
    frac2 = frac2 < 0 ? 0 : frac2 > 1 ? 1 : frac2;

    const df = fround(p2f - p1f);
    const dx = fround(p2x - p1x),
      dy = fround(p2y - p1y),
      dz = fround(p2z - p1z);
    hullCheck(
      children[node * 2 + side],
      p1f,
      fround(p1f + fround(df * frac)),
      p1x,
      p1y,
      p1z,
      fround(p1x + fround(frac * dx)),
      fround(p1y + fround(frac * dy)),
      fround(p1z + fround(frac * dz)),
    );
    hullCheck(
      children[node * 2 + (side ^ 1)],
      fround(p1f + fround(df * frac2)),
      p2f,
      fround(p1x + fround(frac2 * dx)),
      fround(p1y + fround(frac2 * dy)),
      fround(p1z + fround(frac2 * dz)),
      p2x,
      p2y,
      p2z,
    );
    return;
  }
}

/**
 * The brushes of one leaf that the mask selects, each at most once per trace (`stamp`): swept
 * (`clipBoxToBrush`), or for a position test tested in place (`testBoxInBrush`). Stops once the
 * trace is blocked at its start.
 */
function brushesOfLeaf(leaf: number, position: boolean): void {
  if ((leafContents[leaf] & mask) === 0) return;
  const first = leafFirst[leaf];
  const last = first + leafCount[leaf];
  for (let k = first; k < last; k++) {
    const b = leafBrushes[k];
    if (brushStamp[b] === stamp) continue;
    brushStamp[b] = stamp;
    if ((brushContents[b] & mask) === 0) continue;
    if (position) testBoxInBrush(b);
    else clipBoxToBrush(b);
    if (tr.fraction === 0) return;
  }
}

/** Plane `p` pushed out to the box corner that meets it first (the box's offsets by signbits). */
function boxPlaneDist(p: number, nx: number, ny: number, nz: number): number {
  const o = signbits[p] * 3;
  const push = fround(
    fround(fround(offsets[o] * nx) + fround(offsets[o + 1] * ny)) + fround(offsets[o + 2] * nz),
  );
  return fround(dists[p] - push);
}

/** Signed distance of a point from a plane, in the engine's float32 order of operations. */
function planeDiff(
  x: number,
  y: number,
  z: number,
  nx: number,
  ny: number,
  nz: number,
  dist: number,
): number {
  return fround(fround(fround(fround(x * nx) + fround(y * ny)) + fround(z * nz)) - dist);
}

/** Clips the whole sweep (not the current segment) against one brush. */
function clipBoxToBrush(b: number): void {
  const n = brushSides[b];
  if (n === 0) return;
  let enterfrac = -1;
  let leavefrac = 1;
  let clipPlane = -1;
  let leadSide = -1;
  let getout = false;
  let startout = false;

  const first = brushFirst[b];
  for (let s = first; s < first + n; s++) {
    const p = sidePlane[s];
    const nx = normals[p * 3],
      ny = normals[p * 3 + 1],
      nz = normals[p * 3 + 2];
    const dist = isPoint ? dists[p] : boxPlaneDist(p, nx, ny, nz);
    const d1 = planeDiff(sx, sy, sz, nx, ny, nz, dist);
    const d2 = planeDiff(ex, ey, ez, nx, ny, nz, dist);

    if (d2 > 0) getout = true;
    if (d1 > 0) startout = true;
    if (d1 > 0 && d2 >= d1) return; // wholly in front of this side: no hit
    if (d1 <= 0 && d2 <= 0) continue;

    if (d1 > d2) {
      const f = fround(fround(d1 - DIST_EPSILON) / fround(d1 - d2));
      if (f > enterfrac) {
        enterfrac = f;
        clipPlane = p;
        leadSide = s;
      }
    } else {
      const f = fround(fround(d1 + DIST_EPSILON) / fround(d1 - d2));
      if (f < leavefrac) leavefrac = f;
    }
  }

  if (!startout) {
    // With map_allsolid_bug 1 the engine sets neither fraction nor contents here.
    tr.startsolid = true;
    if (!getout) tr.allsolid = true;
    return;
  }
  if (enterfrac < leavefrac && enterfrac > -1 && enterfrac < tr.fraction) {
    tr.fraction = enterfrac < 0 ? 0 : enterfrac;
    tr.normal[0] = normals[clipPlane * 3];
    tr.normal[1] = normals[clipPlane * 3 + 1];
    tr.normal[2] = normals[clipPlane * 3 + 2];
    tr.dist = dists[clipPlane];
    const t = sideTexinfo[leadSide];
    tr.surface = t;
    tr.surfaceFlags = t < 0 ? 0 : texFlags[t];
    tr.surfaceValue = t < 0 ? 0 : texValue[t];
    tr.contents = brushContents[b];
  }
}

/** Position test: the leaves the test box touches, front children first (`CM_BoxLeafs`). */
function collectLeaves(node: number): void {
  while (node >= 0) {
    const p = nodePlane[node];
    const type = types[p];
    const d = dists[p];
    let front: boolean, back: boolean;
    if (type < 3) {
      front = d <= testMins[type];
      back = !front && d >= testMaxs[type];
    } else {
      const bits = signbits[p];
      const nx = normals[p * 3],
        ny = normals[p * 3 + 1],
        nz = normals[p * 3 + 2];
      // The corner farthest along the normal, and the nearest one.
      const far = fround(
        fround(
          fround(nx * (bits & 1 ? testMins[0] : testMaxs[0])) +
            fround(ny * (bits & 2 ? testMins[1] : testMaxs[1])),
        ) + fround(nz * (bits & 4 ? testMins[2] : testMaxs[2])),
      );
      const near = fround(
        fround(
          fround(nx * (bits & 1 ? testMaxs[0] : testMins[0])) +
            fround(ny * (bits & 2 ? testMaxs[1] : testMins[1])),
        ) + fround(nz * (bits & 4 ? testMaxs[2] : testMins[2])),
      );
      const inFront = far >= d;
      const behind = near < d;
      front = inFront && !behind;
      back = behind && !inFront;
    }
    if (front) node = children[node * 2];
    else if (back) node = children[node * 2 + 1];
    else {
      collectLeaves(children[node * 2]);
      node = children[node * 2 + 1];
    }
  }
  if (testLeafCount < MAX_TEST_LEAVES) testLeaves[testLeafCount++] = -1 - node;
}

function testBoxInBrush(b: number): void {
  const n = brushSides[b];
  if (n === 0) return;
  const first = brushFirst[b];
  for (let s = first; s < first + n; s++) {
    const p = sidePlane[s];
    const nx = normals[p * 3],
      ny = normals[p * 3 + 1],
      nz = normals[p * 3 + 2];
    if (planeDiff(sx, sy, sz, nx, ny, nz, boxPlaneDist(p, nx, ny, nz)) > 0) return;
  }
  tr.startsolid = true;
  tr.allsolid = true;
  tr.fraction = 0;
  tr.contents = brushContents[b];
}

const startLocal = new Float32Array(3);
const endLocal = new Float32Array(3);
const axis = new Float64Array(9);

/**
 * {@link boxTrace} against a model placed at `origin` with `angles` (pitch, yaw, roll in
 * degrees), as `CM_TransformedBoxTrace` does it: the sweep is moved (and for a rotated inline
 * model, rotated) into the model's frame; the hit normal is rotated back, `dist` stays in the
 * model's frame, and `endpos` is recomputed in world space from the fraction (even when
 * nothing was hit). The box hull is never rotated.
 */
export function transformedBoxTrace(
  m: CollisionModel,
  start: ArrayLike<number>,
  end: ArrayLike<number>,
  mins: ArrayLike<number>,
  maxs: ArrayLike<number>,
  headnode: number,
  brushmask: number,
  origin: ArrayLike<number>,
  angles: ArrayLike<number>,
  out: TraceResult,
): TraceResult {
  const ox = fround(origin[0]),
    oy = fround(origin[1]),
    oz = fround(origin[2]);
  const s0 = fround(start[0]),
    s1 = fround(start[1]),
    s2 = fround(start[2]);
  const e0 = fround(end[0]),
    e1 = fround(end[1]),
    e2 = fround(end[2]);
  startLocal[0] = s0 - ox;
  startLocal[1] = s1 - oy;
  startLocal[2] = s2 - oz;
  endLocal[0] = e0 - ox;
  endLocal[1] = e1 - oy;
  endLocal[2] = e2 - oz;
  const rotated =
    headnode !== m.boxHeadnode && (angles[0] !== 0 || angles[1] !== 0 || angles[2] !== 0);
  if (rotated) {
    anglesToAxis(angles, axis);
    rotatePoint(startLocal, axis);
    rotatePoint(endLocal, axis);
  }
  boxTrace(m, startLocal, endLocal, mins, maxs, headnode, brushmask, out);
  if (rotated && out.fraction !== 1) {
    transposeAxis(axis);
    rotatePoint(out.normal, axis);
  }
  const f = out.fraction;
  out.endpos[0] = fround(s0 + fround(f * fround(e0 - s0)));
  out.endpos[1] = fround(s1 + fround(f * fround(e1 - s1)));
  out.endpos[2] = fround(s2 + fround(f * fround(e2 - s2)));
  return out;
}
