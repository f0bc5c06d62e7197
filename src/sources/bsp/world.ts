/**
 * The decoded world geometry of a BSP: one struct-of-arrays per lump, plain typed arrays only,
 * so a world can be cached or sent to a worker as is. Indices between lumps are checked when
 * the world is decoded (`decode-world.ts`): every index below is known to be in range.
 *
 * Conventions follow the engine. A plane is `dot(normal, p) = dist`; its front is where the
 * dot product is larger. A node child `c >= 0` is a node, `c < 0` the leaf `-1 - c`. Brushes are
 * convex: the intersection of the back half-spaces of their side planes.
 */
import type { ReadonlyVec3 } from '../../geometry/vec3.js';

/** Three numbers: a position or direction. [Units: world units] */
export type { ReadonlyVec3 };

export interface BspPlanes {
  readonly count: number;
  /** Unit normals. [Form: (x, y, z) × count] */
  readonly normals: Float32Array;
  /** Distance from the origin along the normal. [Units: world units; Length: count] */
  readonly dists: Float32Array;
}

export interface BspFaces {
  readonly count: number;
  /** [Length: count] */
  readonly plane: Uint16Array;
  /** 1 when the face looks along the plane's back (its normal is the plane normal negated). */
  readonly side: Uint8Array;
  /** First entry in `surfEdges`. [Length: count] */
  readonly firstSurfEdge: Uint32Array;
  /** Number of edges (= vertices) of the polygon, at least 3. [Length: count] */
  readonly surfEdgeCount: Uint16Array;
  /** [Length: count] */
  readonly texinfo: Uint16Array;
}

export interface BspTexinfo {
  readonly count: number;
  /** `SURF_*` bits. [Length: count] */
  readonly flags: Int32Array;
  /** Light strength for `SURF_LIGHT`, else compiler-specific. [Length: count] */
  readonly value: Int32Array;
  /** Texture path without extension, e.g. `e1u1/floor1_3`. [Length: count] */
  readonly texture: readonly string[];
  /** Next frame of an animated texture, -1 for none. [Length: count] */
  readonly next: Int32Array;
}

export interface BspLeaves {
  readonly count: number;
  /** `CONTENTS_*` bits of the leaf (what the engine's point-contents query returns). */
  readonly contents: Int32Array;
  /** Visibility cluster, -1 for solid leaves. [Length: count] */
  readonly cluster: Int16Array;
  /** [Length: count] */
  readonly area: Int16Array;
  /** Bounding box corners (whole units). [Units: world units; Form: (x, y, z) × count] */
  readonly mins: Int16Array;
  readonly maxs: Int16Array;
  /** Range in `leafFaces`. [Length: count] */
  readonly firstLeafFace: Uint16Array;
  readonly leafFaceCount: Uint16Array;
  /** Range in `leafBrushes`. [Length: count] */
  readonly firstLeafBrush: Uint16Array;
  readonly leafBrushCount: Uint16Array;
}

export interface BspBrushes {
  readonly count: number;
  /** Range in the brush sides. [Length: count] */
  readonly firstSide: Uint32Array;
  readonly sideCount: Uint32Array;
  /** `CONTENTS_*` bits. [Length: count] */
  readonly contents: Int32Array;
}

export interface BspBrushSides {
  readonly count: number;
  /** Outward-facing plane of the side. [Length: count] */
  readonly plane: Uint16Array;
  /** Texinfo of the side, -1 for bevel sides the compiler added for collision. */
  readonly texinfo: Int16Array;
}

export interface BspModels {
  /** At least 1: model 0 is the world, the others are brush entities (doors, platforms…). */
  readonly count: number;
  /** Bounding box as compiled. [Units: world units; Form: (x, y, z) × count] */
  readonly mins: Float32Array;
  readonly maxs: Float32Array;
  readonly origin: Float32Array;
  /** Root of the model's tree: a node index, or `-1 - leaf` for a tree that is one leaf. */
  readonly headNode: Int32Array;
  /** Range in the faces. [Length: count] */
  readonly firstFace: Uint32Array;
  readonly faceCount: Uint32Array;
}

export interface BspNodes {
  readonly count: number;
  /** Splitting plane. [Length: count] */
  readonly plane: Uint32Array;
  /** Front and back child: node index, or `-1 - leaf`. [Form: (front, back) × count] */
  readonly children: Int32Array;
}

/** Everything a picture or a point query needs from a map. */
export interface BspWorld {
  readonly planes: BspPlanes;
  /** [Units: world units; Form: (x, y, z) × vertex count] */
  readonly vertices: Float32Array;
  /** Vertex indices. [Form: (v0, v1) × edge count] */
  readonly edges: Uint16Array;
  /** Edge index; negative means the edge `-e` walked from v1 to v0. [Length: surfedge count] */
  readonly surfEdges: Int32Array;
  readonly faces: BspFaces;
  readonly texinfo: BspTexinfo;
  readonly leaves: BspLeaves;
  /** Face indices listed by leaves. */
  readonly leafFaces: Uint16Array;
  /** Brush indices listed by leaves. */
  readonly leafBrushes: Uint16Array;
  readonly brushes: BspBrushes;
  readonly brushSides: BspBrushSides;
  readonly models: BspModels;
  readonly nodes: BspNodes;
}
