/**
 * Worlds built from axis-aligned boxes, for map-analysis tests whose every answer is known.
 *
 * The tree is the smallest one that answers correctly: each liquid box gets a chain of six
 * axial split nodes that isolates its region in a leaf of its own; every other region is one
 * leaf. Every leaf lists every solid brush (a box test then sees all of them, as a real tree
 * would through the leaves the box touches), and a liquid leaf also lists its liquid brush.
 * Brush models (`models`) get a leaf of their own as their head node, like a func_wall.
 */
import type { BspWorld } from '../../src/sources/bsp/world.js';

export type V3 = [number, number, number];
export interface Box {
  readonly min: V3;
  readonly max: V3;
  readonly contents: number;
}

export function box(min: V3, max: V3, contents: number): Box {
  return { min, max, contents };
}

export function syntheticWorld(
  solids: readonly Box[],
  liquids: readonly Box[] = [],
  models: readonly (readonly Box[])[] = [],
): BspWorld {
  const normals: number[] = [];
  const dists: number[] = [];
  const plane = (n: V3, d: number): number => {
    normals.push(...n);
    dists.push(d);
    return dists.length - 1;
  };
  const brushFirst: number[] = [];
  const brushCount: number[] = [];
  const brushContents: number[] = [];
  const sidePlanes: number[] = [];
  const addBrush = (b: Box): number => {
    brushFirst.push(sidePlanes.length);
    brushCount.push(6);
    brushContents.push(b.contents);
    sidePlanes.push(
      plane([1, 0, 0], b.max[0]),
      plane([-1, 0, 0], -b.min[0]),
      plane([0, 1, 0], b.max[1]),
      plane([0, -1, 0], -b.min[1]),
      plane([0, 0, 1], b.max[2]),
      plane([0, 0, -1], -b.min[2]),
    );
    return brushFirst.length - 1;
  };
  const solidIds = solids.map(addBrush);
  const liquidIds = liquids.map(addBrush);
  const modelIds = models.map((m) => m.map(addBrush));

  const leafContents: number[] = [];
  const leafFirst: number[] = [];
  const leafCount: number[] = [];
  const leafBrushes: number[] = [];
  const solidBits = solids.reduce((c, b) => c | b.contents, 0);
  const addLeaf = (contents: number, brushes: number[]): number => {
    leafContents.push(contents);
    leafFirst.push(leafBrushes.length);
    leafCount.push(brushes.length);
    leafBrushes.push(...brushes);
    return leafContents.length - 1;
  };
  const open = addLeaf(solidBits, solidIds);
  const nodePlanes: number[] = [];
  const children: number[] = [];
  // Chains: for liquid k, nodes test x <= max, x >= min, … ; inside all six → its leaf.
  let next = -1 - open;
  for (let k = liquids.length - 1; k >= 0; k--) {
    const b = liquids[k];
    const leaf = addLeaf(solidBits | b.contents, [...solidIds, liquidIds[k]]);
    let inside = -1 - leaf;
    const tests: [V3, number][] = [
      [[0, 0, 1], b.max[2]],
      [[0, 0, -1], -b.min[2]],
      [[0, 1, 0], b.max[1]],
      [[0, -1, 0], -b.min[1]],
      [[1, 0, 0], b.max[0]],
      [[-1, 0, 0], -b.min[0]],
    ];
    // Built inside-out: the last test wraps the leaf; front (outside the face) goes on to
    // the next liquid's chain.
    for (const [n, d] of tests) {
      nodePlanes.push(plane(n, d));
      children.push(next, inside);
      inside = nodePlanes.length - 1;
    }
    next = inside;
  }
  // The engine's trees start at a node: a world of one leaf gets a root whose children are it.
  if (next < 0) {
    nodePlanes.push(plane([0, 0, 1], 65536));
    children.push(next, next);
    next = nodePlanes.length - 1;
  }
  const head = next;
  const modelHeads = [head];
  // The world's bounds: those of its solids, as a compiler's would be.
  const mins = [0, 1, 2].map((a) => Math.min(...solids.map((b) => b.min[a])));
  const maxs = [0, 1, 2].map((a) => Math.max(...solids.map((b) => b.max[a])));
  modelIds.forEach((ids, m) => {
    const leaf = addLeaf(
      models[m].reduce((c, b) => c | b.contents, 0),
      ids,
    );
    modelHeads.push(-1 - leaf);
    mins.push(...[0, 1, 2].map((a) => Math.min(...models[m].map((b) => b.min[a]))));
    maxs.push(...[0, 1, 2].map((a) => Math.max(...models[m].map((b) => b.max[a]))));
  });
  const count = modelHeads.length;
  return {
    planes: {
      count: dists.length,
      normals: Float32Array.from(normals),
      dists: Float32Array.from(dists),
    },
    vertices: new Float32Array(0),
    edges: new Uint16Array(0),
    surfEdges: new Int32Array(0),
    faces: {
      count: 0,
      plane: new Uint16Array(0),
      side: new Uint8Array(0),
      firstSurfEdge: new Uint32Array(0),
      surfEdgeCount: new Uint16Array(0),
      texinfo: new Uint16Array(0),
    },
    texinfo: {
      count: 0,
      flags: new Int32Array(0),
      value: new Int32Array(0),
      texture: [],
      next: new Int32Array(0),
    },
    leaves: {
      count: leafContents.length,
      contents: Int32Array.from(leafContents),
      cluster: new Int16Array(leafContents.length),
      area: new Int16Array(leafContents.length),
      mins: new Int16Array(leafContents.length * 3),
      maxs: new Int16Array(leafContents.length * 3),
      firstLeafFace: new Uint16Array(leafContents.length),
      leafFaceCount: new Uint16Array(leafContents.length),
      firstLeafBrush: Uint16Array.from(leafFirst),
      leafBrushCount: Uint16Array.from(leafCount),
    },
    leafFaces: new Uint16Array(0),
    leafBrushes: Uint16Array.from(leafBrushes),
    brushes: {
      count: brushFirst.length,
      firstSide: Uint32Array.from(brushFirst),
      sideCount: Uint32Array.from(brushCount),
      contents: Int32Array.from(brushContents),
    },
    brushSides: {
      count: sidePlanes.length,
      plane: Uint16Array.from(sidePlanes),
      texinfo: new Int16Array(sidePlanes.length).fill(-1),
    },
    models: {
      count,
      mins: Float32Array.from(mins),
      maxs: Float32Array.from(maxs),
      origin: new Float32Array(count * 3),
      headNode: Int32Array.from(modelHeads),
      firstFace: new Uint32Array(count),
      faceCount: new Uint32Array(count),
    },
    nodes: {
      count: nodePlanes.length,
      plane: Uint32Array.from(nodePlanes),
      children: Int32Array.from(children),
    },
  };
}
