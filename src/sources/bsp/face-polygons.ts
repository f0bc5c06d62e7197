/**
 * The drawn faces of a model as vertex loops, with the outward normal and surface flags of
 * each: what a top-down picture of a map is drawn from.
 *
 * A face lists its polygon as a run of surface edges; each names an edge and the direction it
 * is walked in, and the loop visits the first vertex of each walked edge in turn.
 */
import type { BspWorld } from './world.js';

/** Polygons of one model. */
export interface FacePolygons {
  readonly count: number;
  /** Index of each polygon's face in the faces lump. [Length: count] */
  readonly face: Uint32Array;
  /** Polygon `i` is vertices `[loopStart[i], loopStart[i + 1])`. [Length: count + 1] */
  readonly loopStart: Uint32Array;
  /** Loop vertices, in the order the face lists them. [Units: world units; Form: (x, y, z) × loopStart[count]] */
  readonly positions: Float32Array;
  /** Unit normal on the face's visible side. [Form: (x, y, z) × count] */
  readonly normals: Float32Array;
  /** `SURF_*` bits of the face's texinfo. [Length: count] */
  readonly surfaceFlags: Int32Array;
}

/** Polygons of the faces of model `model` (0, the world, by default). */
export function facePolygons(world: BspWorld, model = 0): FacePolygons {
  const { faces, planes, edges, surfEdges, vertices } = world;
  const first = world.models.firstFace[model];
  const count = world.models.faceCount[model];

  const loopStart = new Uint32Array(count + 1);
  for (let i = 0; i < count; i++) loopStart[i + 1] = loopStart[i] + faces.surfEdgeCount[first + i];

  const face = new Uint32Array(count);
  const positions = new Float32Array(loopStart[count] * 3);
  const normals = new Float32Array(count * 3);
  const surfaceFlags = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const f = first + i;
    face[i] = f;
    const plane = faces.plane[f];
    for (let k = 0; k < 3; k++) {
      const n = planes.normals[plane * 3 + k];
      // 0 - n rather than -n: a flipped 0 stays +0, so outputs serialize identically.
      normals[i * 3 + k] = faces.side[f] ? 0 - n : n;
    }
    surfaceFlags[i] = world.texinfo.flags[faces.texinfo[f]];

    let out = loopStart[i] * 3;
    for (let k = 0; k < faces.surfEdgeCount[f]; k++) {
      const e = surfEdges[faces.firstSurfEdge[f] + k];
      const v = e >= 0 ? edges[e * 2] : edges[-e * 2 + 1];
      positions[out++] = vertices[v * 3];
      positions[out++] = vertices[v * 3 + 1];
      positions[out++] = vertices[v * 3 + 2];
    }
  }
  return { count, face, loopStart, positions, normals, surfaceFlags };
}
